import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, parseConfig } from '../src/config';

const repoRoot = '/repo';

function expectConfigError(env: Record<string, string>, variable: string) {
  let caught: unknown;
  try {
    parseConfig(env, { repoRoot });
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ConfigError);
  expect((caught as ConfigError).variable).toBe(variable);
  expect((caught as ConfigError).message).toContain(variable);
}

describe('configuration', () => {
  it('has working defaults with nothing set', () => {
    const config = parseConfig({}, { repoRoot });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve(repoRoot, '.data'),
      databaseUrl: undefined,
      baseUrl: 'http://localhost:3000',
      authSecret: undefined,
      nodeEnv: 'development',
      trustProxy: false,
      allowPrivateUrls: false,
      authRateLimit: { max: 10, windowMs: 60_000 },
    });
  });

  it('resolves a relative DATA_DIR against the repository root, not the working directory', () => {
    expect(parseConfig({ DATA_DIR: 'var/data' }, { repoRoot }).dataDir).toBe('/repo/var/data');
    expect(parseConfig({ DATA_DIR: '/srv/sitelift' }, { repoRoot }).dataDir).toBe('/srv/sitelift');
  });

  it('derives BASE_URL from PORT and keeps only the origin of a given BASE_URL', () => {
    expect(parseConfig({ PORT: '8080' }, { repoRoot }).baseUrl).toBe('http://localhost:8080');
    expect(parseConfig({ BASE_URL: 'https://app.example.com/' }, { repoRoot }).baseUrl).toBe(
      'https://app.example.com',
    );
  });

  it('trusts the loopback address as an alias of the default BASE_URL only', () => {
    expect(parseConfig({ PORT: '4000' }, { repoRoot }).trustedOrigins).toEqual([
      'http://127.0.0.1:4000',
    ]);
    expect(
      parseConfig(
        {
          BASE_URL: 'https://app.example.com',
          TRUSTED_ORIGINS: 'http://localhost:5173/, https://admin.example.com',
        },
        { repoRoot },
      ).trustedOrigins,
    ).toEqual(['http://localhost:5173', 'https://admin.example.com']);
  });

  it('parses TRUST_PROXY as a flag, a hop count or a list of addresses', () => {
    expect(parseConfig({ TRUST_PROXY: 'true' }, { repoRoot }).trustProxy).toBe(true);
    expect(parseConfig({ TRUST_PROXY: '2' }, { repoRoot }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }, { repoRoot }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ BASE_URL: 'localhost:3000' }, 'BASE_URL'],
    [{ DATABASE_URL: 'mysql://db' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ ALLOW_PRIVATE_URLS: 'maybe' }, 'ALLOW_PRIVATE_URLS'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY'],
    [{ AUTH_RATE_LIMIT_MAX: '0' }, 'AUTH_RATE_LIMIT_MAX'],
    [{ TRUSTED_ORIGINS: 'not-a-url' }, 'TRUSTED_ORIGINS'],
  ])('refuses %j naming the variable', (env, variable) => {
    expectConfigError(env, variable);
  });

  it('refuses production without AUTH_SECRET, DATABASE_URL or BASE_URL', () => {
    const complete = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'postgres://db.example.com/sitelift',
      BASE_URL: 'https://sitelift.example.com',
    };
    expect(parseConfig(complete, { repoRoot }).isProduction).toBe(true);
    for (const variable of ['AUTH_SECRET', 'DATABASE_URL', 'BASE_URL'] as const) {
      const env: Record<string, string> = { ...complete };
      delete env[variable];
      expectConfigError(env, variable);
    }
  });

  it('runs offline without AI_* and names the variable of a model configured half-way', () => {
    const offline = parseConfig({}, { repoRoot }).ai;
    expect(offline).toEqual({
      default: undefined,
      prices: {},
      monthlyTokens: 2_000_000,
      jobTokens: 200_000,
    });
    expectConfigError({ AI_PROVIDER: 'skynet', AI_MODEL: 'x' }, 'AI_PROVIDER');
    expectConfigError({ AI_PROVIDER: 'openai' }, 'AI_MODEL');
    expectConfigError({ AI_PROVIDER: 'openai', AI_MODEL: 'gpt-4o-mini' }, 'AI_API_KEY');
    expectConfigError({ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'llama3.2' }, 'AI_BASE_URL');
    expectConfigError({ AI_MODEL: 'gpt-4o-mini' }, 'AI_PROVIDER');
    expectConfigError({ AI_PRICES: '{"gpt-4o-mini":' }, 'AI_PRICES');
    expectConfigError({ AI_PRICES: '{"gpt-4o-mini":{"input":-1,"output":1}}' }, 'AI_PRICES');
    expectConfigError({ AI_MONTHLY_TOKENS: 'lots' }, 'AI_MONTHLY_TOKENS');
    const ollama = parseConfig(
      {
        AI_PROVIDER: 'openai-compatible',
        AI_MODEL: 'llama3.2-vision',
        AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
        AI_PRICES: '{"llama3.2-vision":{"input":0,"output":0}}',
        AI_MONTHLY_TOKENS: '500000',
      },
      { repoRoot },
    ).ai;
    expect(ollama).toEqual({
      default: {
        provider: 'openai-compatible',
        model: 'llama3.2-vision',
        apiKey: undefined,
        baseUrl: 'http://127.0.0.1:11434/v1',
      },
      prices: { 'llama3.2-vision': { input: 0, output: 0 } },
      monthlyTokens: 500_000,
      jobTokens: 200_000,
    });
  });

  it('documents every variable in the README configuration table', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8');
    const rows = new Set(
      [...readme.matchAll(/^\|\s*`([A-Z0-9_]+)`\s*\|/gm)].map((match) => match[1]),
    );
    expect([...rows].sort()).toEqual(Object.keys(CONFIG_VARIABLES).sort());
  });
});
