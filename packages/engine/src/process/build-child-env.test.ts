import { describe, expect, it } from 'vitest';
import { buildChildEnv } from './build-child-env';
import { SECRET_ENV } from './secret-env.fixture';

describe('buildChildEnv', () => {
  it('keeps only allow-listed variables: no database URL, secret, key, token or proxy credentials', () => {
    const env = buildChildEnv(
      {},
      {
        ...SECRET_ENV,
        PATH: '/usr/bin:/bin',
        HOME: '/home/sitelift',
        TMPDIR: '/tmp',
        LANG: 'en_US.UTF-8',
        TZ: 'Europe/Paris',
        FONTCONFIG_PATH: '/etc/fonts',
      },
    );
    expect(env).toEqual({
      PATH: '/usr/bin:/bin',
      HOME: '/home/sitelift',
      TMPDIR: '/tmp',
      LANG: 'en_US.UTF-8',
      TZ: 'Europe/Paris',
      FONTCONFIG_PATH: '/etc/fonts',
    });
  });

  it('applies overrides after the allow-list; undefined removes a variable', () => {
    expect(
      buildChildEnv(
        { PATH: '/project/node_modules/.bin:/usr/bin', BASE_PATH: '/', HOME: undefined },
        { PATH: '/usr/bin', HOME: '/root', AUTH_SECRET: 'x'.repeat(32) },
      ),
    ).toEqual({ PATH: '/project/node_modules/.bin:/usr/bin', BASE_PATH: '/' });
  });

  it('reads this process environment by default', () => {
    expect(buildChildEnv().PATH).toBe(process.env.PATH);
  });
});
