/**
 * Variables a browser or a generated project's build may inherit from this process. Everything else
 * (DATABASE_URL, AUTH_SECRET, S3_*, STRIPE_*, GITHUB_*, SMTP_URL, *_KEY, *_SECRET, *_TOKEN, proxy
 * settings that may carry credentials, VITE_* that Vite would bake into a bundle...) stays out: an
 * untrusted page or a generated build script must not be able to read the worker's secrets.
 */
export const CHILD_ENV_ALLOWLIST: readonly string[] = [
  // Where programs, the home folder and temporary files are.
  'PATH',
  'HOME',
  'TMPDIR',
  'TMP',
  'TEMP',
  'USER',
  'LOGNAME',
  'SHELL',
  // Language and time zone (dates and numbers a page or a build prints).
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'LC_MESSAGES',
  'LC_NUMERIC',
  'LC_TIME',
  'TZ',
  // Fonts and per-user folders Chromium reads; libraries and the setuid sandbox of custom installs.
  'FONTCONFIG_PATH',
  'FONTCONFIG_FILE',
  'XDG_CACHE_HOME',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_DATA_DIRS',
  'XDG_RUNTIME_DIR',
  'LD_LIBRARY_PATH',
  'CHROME_DEVEL_SANDBOX',
  'NODE_ENV',
  // Windows needs these to start any program.
  'SYSTEMROOT',
  'SystemRoot',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
];

/**
 * The environment for a child process that runs untrusted code (a browser, a generated project's
 * build): the allow-listed variables of `source` (default this process's environment), then
 * `overrides` (an undefined value removes a variable).
 */
export function buildChildEnv(
  overrides: Record<string, string | undefined> = {},
  source: Record<string, string | undefined> = process.env,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of CHILD_ENV_ALLOWLIST) {
    const value = source[name];
    if (value !== undefined) env[name] = value;
  }
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}
