import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ConfigError } from '../config';
import { parseConfig } from '../config';

const repoRoot = '/tmp/sitelift-github-config-test';
const complete = {
  GITHUB_APP_SLUG: 'sitelift',
  GITHUB_CLIENT_ID: 'Iv23liExample',
  GITHUB_CLIENT_SECRET: 'secret',
};

function errorOf(env: Record<string, string>): ConfigError | undefined {
  try {
    parseConfig(env, { repoRoot });
    return undefined;
  } catch (error) {
    return error as ConfigError;
  }
}

describe('GitHub configuration', () => {
  it('is off without the variables, and URLs alone do not turn it on', () => {
    expect(parseConfig({}, { repoRoot }).github).toBeUndefined();
    expect(
      parseConfig({ GITHUB_API_URL: 'https://ghe.example.com/api/v3' }, { repoRoot }).github,
    ).toBeUndefined();
  });

  it('is on with slug, client id and secret, with github.com defaults', () => {
    expect(parseConfig(complete, { repoRoot }).github).toEqual({
      appSlug: 'sitelift',
      clientId: 'Iv23liExample',
      clientSecret: 'secret',
      appId: undefined,
      privateKey: undefined,
      apiUrl: 'https://api.github.com',
      webUrl: 'https://github.com',
      tokenKey: undefined,
      writeIntervalMs: 750,
    });
  });

  it('reads GitHub Enterprise URLs, the App ID with its key and a token key (hex or base64)', () => {
    const key = randomBytes(32);
    const github = parseConfig(
      {
        ...complete,
        GITHUB_API_URL: 'https://ghe.example.com/api/v3/',
        GITHUB_WEB_URL: 'https://ghe.example.com',
        GITHUB_APP_ID: '12345',
        GITHUB_PRIVATE_KEY: '-----BEGIN RSA PRIVATE KEY-----\\nabc\\n-----END RSA PRIVATE KEY-----',
        GITHUB_TOKEN_KEY: key.toString('hex'),
      },
      { repoRoot },
    ).github;
    expect(github).toMatchObject({
      apiUrl: 'https://ghe.example.com/api/v3',
      webUrl: 'https://ghe.example.com',
      appId: '12345',
      privateKey: '-----BEGIN RSA PRIVATE KEY-----\nabc\n-----END RSA PRIVATE KEY-----',
    });
    expect(github?.tokenKey?.equals(key)).toBe(true);
    expect(
      parseConfig({ ...complete, GITHUB_WRITE_INTERVAL_MS: '0' }, { repoRoot }).github
        ?.writeIntervalMs,
    ).toBe(0);
    const base64 = parseConfig(
      { ...complete, GITHUB_TOKEN_KEY: key.toString('base64') },
      { repoRoot },
    );
    expect(base64.github?.tokenKey?.equals(key)).toBe(true);
  });

  it('refuses a partial set, naming the missing variable, and malformed values', () => {
    expect(errorOf({ GITHUB_APP_SLUG: 'sitelift', GITHUB_CLIENT_ID: 'x' })?.variable).toBe(
      'GITHUB_CLIENT_SECRET',
    );
    expect(errorOf({ GITHUB_CLIENT_SECRET: 'x' })?.variable).toBe('GITHUB_APP_SLUG');
    expect(errorOf({ ...complete, GITHUB_APP_ID: '1' })?.variable).toBe('GITHUB_PRIVATE_KEY');
    expect(errorOf({ ...complete, GITHUB_APP_ID: 'abc', GITHUB_PRIVATE_KEY: 'k' })?.variable).toBe(
      'GITHUB_APP_ID',
    );
    expect(errorOf({ ...complete, GITHUB_TOKEN_KEY: 'short' })?.variable).toBe('GITHUB_TOKEN_KEY');
    expect(errorOf({ ...complete, GITHUB_API_URL: 'ftp://x' })?.variable).toBe('GITHUB_API_URL');
    expect(errorOf({ ...complete, GITHUB_APP_SLUG: 'bad slug' })?.variable).toBe('GITHUB_APP_SLUG');
  });
});
