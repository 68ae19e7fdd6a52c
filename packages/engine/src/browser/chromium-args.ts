/**
 * Arguments for a headless Chromium on a small shared server: no GPU, no background traffic, no QUIC.
 * No `--no-sandbox` here: whether the sandbox is on is decided per binary (see sandbox.ts).
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Arguments never passed to a browser that renders untrusted pages (some packages' defaults include
 * them): --disable-web-security lets page scripts read cross-origin responses, --single-process puts
 * every page in the browser process (and breaks a second browser context), and the others switch the
 * isolation between sites or the sandbox off behind the sandbox decision's back.
 */
export const FORBIDDEN_CHROMIUM_ARGS: readonly string[] = [
  '--disable-web-security',
  '--single-process',
  '--no-zygote',
  '--disable-site-isolation-trials',
  '--allow-running-insecure-content',
  '--no-sandbox',
  '--disable-setuid-sandbox',
];

/** Throws when `args` holds one of {@link FORBIDDEN_CHROMIUM_ARGS} (with or without a value). */
export function assertAllowedChromiumArgs(args: readonly string[]): void {
  for (const arg of args) {
    const name = arg.split('=')[0] ?? arg;
    if (FORBIDDEN_CHROMIUM_ARGS.includes(name)) {
      throw new Error(
        `Refusing to start Chromium with ${name}: it weakens the isolation of untrusted pages.`,
      );
    }
  }
}
