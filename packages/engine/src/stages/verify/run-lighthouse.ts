import type { LighthouseScores } from '../../types';
import { findVerifyChromePath } from './open-browser';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Lighthouse's blockedUrlPatterns for private, loopback and link-local IP literals and localhost. */
const PRIVATE_URL_PATTERNS = [
  '*://localhost*',
  '*://127.*',
  '*://0.*',
  '*://10.*',
  '*://169.254.*',
  '*://192.168.*',
  ...Array.from({ length: 16 }, (_, index) => `*://172.${16 + index}.*`),
  ...Array.from({ length: 64 }, (_, index) => `*://100.${64 + index}.*`),
  '*://[*',
];

/** Options of {@link runLighthouse}. */
export interface LighthouseOptions {
  chromePath?: string;
  /**
   * What the audited page may reach. 'loopback': host names other than localhost do not resolve
   * (Chromium's host resolver rules). 'public': requests to private and loopback IP literals and
   * localhost are blocked (names that resolve to private addresses are not caught here: Lighthouse
   * drives its own Chromium without a request hook). 'any': no restriction (local development).
   */
  network?: 'loopback' | 'public' | 'any';
}

/**
 * Runs Lighthouse (its default mobile profile with simulated throttling) on `url` in a fresh headless
 * Chromium and returns the four category scores (0-100). Heavy (6-13 s): run one at a time.
 */
export async function runLighthouse(
  url: string,
  options: LighthouseOptions = {},
): Promise<LighthouseScores> {
  const network = options.network ?? 'public';
  const chromePath = findVerifyChromePath(options.chromePath);
  if (chromePath === undefined)
    throw new Error('Lighthouse needs Chromium, and none was found (set CHROME_PATH).');
  // Imported lazily: Lighthouse is large and most runs do not ask for it.
  const [{ launch }, { default: lighthouse }] = await Promise.all([
    import('chrome-launcher'),
    import('lighthouse'),
  ]);
  const chrome = await launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--disable-dev-shm-usage',
      ...(network === 'loopback'
        ? ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1']
        : []),
    ],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'silent',
      onlyCategories: [...CATEGORIES],
      ...(network === 'public' ? { blockedUrlPatterns: PRIVATE_URL_PATTERNS } : {}),
    });
    if (result === undefined) throw new Error(`Lighthouse returned no result for ${url}`);
    const { categories, runtimeError } = result.lhr;
    if (runtimeError !== undefined) throw new Error(`Lighthouse: ${runtimeError.message}`);
    const score = (id: (typeof CATEGORIES)[number]) =>
      Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    };
  } finally {
    chrome.kill();
  }
}
