import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { findChromePath } from '@sitelift/engine';

// npm run bench:landing — how fast the public pages are (issue 13 item 6). Builds the web app (skip with
// --skip-build), starts the real server (`tsx src/main.ts`, embedded defaults: PGlite in a temporary
// DATA_DIR) on 127.0.0.1, then prints:
// - the JavaScript `/` loads initially: the module scripts and modulepreloads of the HTML the server
//   sends for `/`, plus the hydration code the entry imports once the page has painted (the files of
//   its `__vite__mapDeps` list), each fetched and gzipped (level 9), and their sum (goal: < 100 KB);
// - Lighthouse (default mobile profile, simulated throttling) on `/`, `/terms` and `/privacy`: the four
//   category scores (the goal: >= 95 each), the main timings, and all the script bytes the page
//   transferred once loaded (including the sections and libraries it loads after the first screen).
// Options: --runs N (Lighthouse runs per page, the median is printed; default 1), --skip-build,
// --details (also list the audits that lost points).

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(HERE, '../../..');
const args = process.argv.slice(2);
const RUNS = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 1;
const SKIP_BUILD = args.includes('--skip-build');
const DETAILS = args.includes('--details');
const PAGES = ['/', '/terms', '/privacy'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TIMINGS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

async function getFreePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitForHealth(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${baseUrl}/api/health within ${timeoutMs / 1000} s`);
}

/** The scripts an HTML page loads before anything else: module scripts and modulepreloads. */
export function initialScriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isModulePreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isModuleScript || isModulePreload) && url) urls.add(url);
  }
  return [...urls];
}

/** The files a Vite chunk's dynamic imports load (its `__vite__mapDeps` list), as URL paths. */
export function dynamicImportFiles(code: string): string[] {
  const list = /m\.f=\[([^\]]*)\]/.exec(code)?.[1] ?? '';
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => `/${match[1]!.replace(/^\//, '')}`);
}

interface ScriptFile {
  url: string;
  bytes: number;
  gzipped: number;
  /** 'html': a module script or modulepreload of the page; 'hydration': what its entry imports. */
  loadedBy: 'html' | 'hydration';
}

/**
 * The JavaScript `/` needs to become interactive: the module scripts and modulepreloads of its HTML,
 * plus the hydration code the entry imports once the page has painted (with everything that code
 * imports statically). The sections hydrated later (pricing, FAQ) and screens are not counted.
 */
async function measureInitialJavaScript(baseUrl: string): Promise<ScriptFile[]> {
  const response = await fetch(`${baseUrl}/`, { headers: { accept: 'text/html' } });
  const html = await response.text();
  if (!html.includes('<div id="root"><')) {
    throw new Error('`/` was not prerendered: the server sent an empty #root');
  }
  const files: ScriptFile[] = [];
  const seen = new Set<string>();
  const add = async (url: string, loadedBy: ScriptFile['loadedBy']) => {
    if (seen.has(url)) return undefined;
    seen.add(url);
    const body = Buffer.from(await (await fetch(new URL(url, baseUrl))).arrayBuffer());
    files.push({ url, bytes: body.length, gzipped: gzipSync(body, { level: 9 }).length, loadedBy });
    return body.toString('utf8');
  };
  const entries = [];
  for (const url of initialScriptUrls(html)) {
    const code = await add(url, 'html');
    if (code !== undefined && html.includes(`<script type="module" crossorigin src="${url}"`)) {
      entries.push(code);
    }
  }
  for (const code of entries) {
    for (const url of dynamicImportFiles(code)) await add(url, 'hydration');
  }
  return files;
}

interface PageResult {
  scores: Record<(typeof CATEGORIES)[number], number>;
  timings: Record<string, string>;
  scriptBytes: number;
  scriptRequests: number;
  /** The longest main-thread tasks (simulated): duration, start and the script behind them. */
  longTasks: string[];
  /** Audits scored below 1 that count towards a category: `id (score): display value`. */
  lostPoints: string[];
}

async function runLighthouse(url: string, chromePath: string): Promise<PageResult> {
  const [{ launch }, { default: lighthouse }] = await Promise.all([
    import('chrome-launcher'),
    import('lighthouse'),
  ]);
  const isRoot = process.getuid?.() === 0;
  const chrome = await launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      ...(isRoot ? ['--no-sandbox'] : []),
    ],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'silent',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.message}`);
    const resources = (
      audits['resource-summary']?.details as
        | { items?: { resourceType: string; transferSize: number; requestCount: number }[] }
        | undefined
    )?.items;
    const scripts = resources?.find((item) => item.resourceType === 'script');
    return {
      scores: Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
      ) as PageResult['scores'],
      timings: Object.fromEntries(
        TIMINGS.map(([id, label]) => [label, audits[id]?.displayValue ?? '?']),
      ),
      scriptBytes: scripts?.transferSize ?? 0,
      scriptRequests: scripts?.requestCount ?? 0,
      longTasks: (
        (
          audits['long-tasks']?.details as
            { items?: { url: string; duration: number; startTime: number }[] } | undefined
        )?.items ?? []
      )
        .slice(0, 6)
        .map(
          (task) =>
            `${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms: ${task.url}`,
        ),
      lostPoints: CATEGORIES.flatMap((id) =>
        (categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => {
            const audit = audits[ref.id]!;
            const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? [];
            const sample = items.length > 0 ? ` — ${JSON.stringify(items[0]).slice(0, 240)}` : '';
            return `${id}/${ref.id} (${audit.score}): ${audit.displayValue ?? audit.title}${sample}`;
          }),
      ),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse, run again (twice at most) when it could not record the page load (e.g. NO_NAVSTART,
 * which a busy machine causes now and then): that says nothing about the page.
 */
async function runLighthouseWithRetry(url: string, chromePath: string): Promise<PageResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(url, chromePath);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('Lighthouse:')) throw error;
      console.log(`  (${url}: ${String(error)}; running it again)`);
    }
  }
}

function median(results: PageResult[]): PageResult {
  const sorted = [...results].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const chromePath = await findChromePath();
  if (!chromePath) throw new Error('No Chromium found: set CHROME_PATH.');
  if (!SKIP_BUILD) {
    console.log('Building the web app (npm run build -w @sitelift/web)...');
    const build = spawnSync('npm', ['run', 'build', '-w', '@sitelift/web'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) throw new Error('The web build failed');
  }

  const port = await getFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sitelift-bench-landing-'));
  const server = spawn(
    path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
    [path.join(REPO_ROOT, 'apps/server/src/main.ts')],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
      },
    },
  );
  try {
    await waitForHealth(baseUrl, 120_000);

    const files = await measureInitialJavaScript(baseUrl);
    const total = files.reduce((sum, file) => sum + file.gzipped, 0);
    console.log(
      `\nInitial JavaScript of / (gzip -9 each): its HTML's module scripts and modulepreloads, and the hydration code its entry imports after the first paint`,
    );
    for (const file of files) {
      console.log(
        `  ${file.loadedBy.padEnd(9)} ${file.url.padEnd(44)} ${kb(file.bytes).padStart(10)} → ${kb(file.gzipped)}`,
      );
    }
    const inHtml = files.filter((file) => file.loadedBy === 'html');
    console.log(`  in the HTML: ${kb(inHtml.reduce((sum, file) => sum + file.gzipped, 0))}`);
    console.log(
      `  total: ${kb(total)} gzipped (goal: < 100 KB) ${total < 100 * 1024 ? 'OK' : 'OVER'}`,
    );

    console.log(
      `\nLighthouse (mobile, simulated throttling; ${RUNS === 1 ? '1 run' : `median of ${RUNS} runs`} per page):`,
    );
    let allPass = true;
    for (const page of PAGES) {
      const runs: PageResult[] = [];
      for (let run = 0; run < RUNS; run += 1)
        runs.push(await runLighthouseWithRetry(baseUrl + page, chromePath));
      const result = median(runs);
      const scores = CATEGORIES.map((id) => `${id} ${result.scores[id]}`).join(', ');
      const timings = Object.entries(result.timings)
        .map(([label, value]) => `${label} ${value}`)
        .join(', ');
      allPass &&= CATEGORIES.every((id) => result.scores[id] >= 95);
      console.log(`  ${page.padEnd(9)} ${scores}`);
      console.log(
        `  ${''.padEnd(9)} ${timings}; scripts after load: ${result.scriptRequests} files, ${kb(result.scriptBytes)} transferred`,
      );
      if (DETAILS) {
        for (const line of result.lostPoints) console.log(`  ${''.padEnd(9)} - ${line}`);
        for (const line of result.longTasks) console.log(`  ${''.padEnd(9)} - long task ${line}`);
      }
    }
    console.log(`  every category >= 95 on every page: ${allPass ? 'yes' : 'NO'}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
