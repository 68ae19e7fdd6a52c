/**
 * The engine benchmark (`npm run bench:engine` at the root): serves each corpus site on loopback,
 * runs the whole pipeline on it with the manifest's mustKeep snippets as required snippets, prints a
 * table and writes the same as JSON to .bench/engine-<date>.json.
 *
 *   --all-strategies   run STYLE_MODERNIZATION, INCREMENTAL_UPDATE and FULL_REBUILD (default: INCREMENTAL_UPDATE)
 *   --strategy NAME    only this strategy (repeatable; STYLE_MODERNIZATION, INCREMENTAL_UPDATE, FULL_REBUILD)
 *   --lighthouse       Lighthouse on the original and the rebuild (start page)
 *   --site NAME        only this site (repeatable)
 *   --max-pages N      pages per site (default 20)
 *   --no-screenshots   skip before/after screenshots (and so the fidelity measures, which compare them)
 *   --work-dir DIR     keep every stage's output under DIR/<site>-<strategy>/
 *   --trace            print every log line of the pipeline with its time since the site's start
 *   --in-process       run every site in this process (default: one child process per site, so that
 *                      each site's peak memory is its own)
 *   --generated N      instead of the corpus: a generated old-style site of N pages (bench/generated-site.ts;
 *                      maxPages = N), printed with pages/s and the time of each stage
 *   --ai               with the model the environment names (AI_PROVIDER, AI_MODEL, AI_API_KEY,
 *                      AI_BASE_URL; optional AI_MAX_TOKENS, AI_MAX_ROUNDS, AI_DISABLED=design,alt…): the
 *                      model designs, writes what the site lacks and runs the repair loop, and a
 *                      table prints per site and strategy the patches proposed/kept, the scores before
 *                      and after the AI, tokens, cost and seconds. The key stays in the environment.
 */
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { aiRunConfigSchema, type AiRunConfig } from '@sitelift/shared/schemas/ai';
import { isAppError } from '@sitelift/shared/error-codes';
import { runPipeline } from '../src/pipeline';
import type { Logger } from '../src/ports';
import type { FidelityScores } from '../src/measure/fidelity';
import { VISUAL_SIMILARITY_THRESHOLD } from '../src/stages/verify/fidelity/measure-fidelity';
import { ENGINE_DIR } from '../src/stages/verify/write-project';
import {
  DEFAULT_STRATEGY,
  STAGES,
  STRATEGIES,
  type LighthouseScores,
  type Strategy,
} from '../src/types';
import { STRATEGY_PROFILES } from '../src/model/strategy-profiles';
import { getCorpusDir, readCorpusManifest, serveCorpusSite, type CorpusSite } from './corpus';
import { serveGeneratedSite } from './generated-site';
import { startMemorySampler, toCpuByStage, type CpuByKind } from './sample-memory';

/** One row of the benchmark. */
export interface BenchRow {
  site: string;
  strategy: Strategy;
  pages: number;
  buildOk: boolean;
  snippetsKept: number;
  snippetsTotal: number;
  missingSnippets: string[];
  /** 0..1 */
  textCoverage: number;
  lighthouse?: { before: LighthouseScores; after: LighthouseScores };
  /** Fidelity over the site's routes (issue 12), when screenshots were taken. */
  fidelity?: FidelityScores;
  /** The identity checks that applied, each passed or not, with what was found. */
  identity?: { check: string; ok: boolean; found: string; expected?: string }[];
  /** The "never worse" checks that applied (issue 23), each passed or not, with what was found. */
  neverWorse?: { check: string; ok: boolean; found: string; expected?: string }[];
  overflow375: number;
  /** Internal links of the rendered rebuild that lead nowhere (issue 24): must be 0. */
  deadLinks: number;
  consoleErrors: number;
  brokenImages: number;
  seconds: number;
  /** Pages rebuilt per second of the whole run. */
  pagesPerSecond?: number;
  /** CPU seconds of the engine and its children (Chromium, the build): less load-dependent than seconds. */
  cpuSeconds?: number;
  /** The same by kind: the engine process, Chromium's processes, the build and tools. */
  cpuByKind?: CpuByKind;
  /** Routes verify rendered and screenshotted, of how many, and whether it sampled them. */
  rendered?: { routes: number; of: number; sampled: boolean };
  /** The animations the start route runs with motion allowed (verify's `motion`, decision record 092). */
  motion?: { route: string; animations: { name: string; trigger: string; count: number }[] };
  /** Milliseconds per stage. */
  timings: Record<string, number>;
  /**
   * CPU seconds per stage, of the engine process, Chromium's processes and the rest (the build),
   * read at the stage's start and end: what a stage costs whatever the machine's load.
   */
  cpuByStage?: Record<string, CpuByKind>;
  /** Peak RSS of the bench process, and peak PSS of it with Chromium, the build and Lighthouse. */
  peakProcessMb: number;
  peakTreeMb: number;
  /** With --ai: what the model did (issue 25). */
  ai?: BenchAi;
  /** The tree's peak split: the bench process (PSS), Chromium's processes, the build and tools. */
  peakTreeByKindMb?: { engine: number; browsers: number; other: number };
  error?: string;
}

/** A row's AI figures: patches, the scores before and after the repair loop, tokens, cost, time. */
export interface BenchAi {
  model: string;
  proposed: number;
  kept: number;
  /** Fidelity before the repair loop (the verify stage's) and as delivered. */
  before?: FidelityScores;
  after?: FidelityScores;
  tokensIn: number;
  tokensOut: number;
  costUsd: number | null;
  /** Seconds spent waiting for the model, and the repair stage's own (builds and verifies too). */
  modelSeconds: number;
  repairSeconds: number;
  calls: number;
  failedCalls: number;
  notes: string[];
  /** Each patch: what it changed, kept or not, and why (the JSON only). */
  patches: { route: string; change: string; kept: boolean; why: string }[];
}

/**
 * The run's model from the environment (--ai): AI_PROVIDER, AI_MODEL, AI_API_KEY, AI_BASE_URL, and
 * optionally AI_MAX_TOKENS, AI_MAX_ROUNDS and AI_DISABLED (tasks, comma-separated); the reason when
 * they do not make a valid setting.
 */
export function readAiEnvironment(
  env: NodeJS.ProcessEnv,
): { ok: true; config: AiRunConfig } | { ok: false; reason: string } {
  const parsed = aiRunConfigSchema.safeParse({
    provider: env.AI_PROVIDER,
    model: env.AI_MODEL,
    ...(env.AI_API_KEY ? { apiKey: env.AI_API_KEY } : {}),
    ...(env.AI_BASE_URL ? { baseUrl: env.AI_BASE_URL } : {}),
    ...(env.AI_MAX_TOKENS ? { maxTokens: Number(env.AI_MAX_TOKENS) } : {}),
    ...(env.AI_MAX_ROUNDS ? { maxRounds: Number(env.AI_MAX_ROUNDS) } : {}),
    ...(env.AI_DISABLED
      ? {
          disabled: env.AI_DISABLED.split(',')
            .map((task) => task.trim())
            .filter(Boolean),
        }
      : {}),
  });
  if (parsed.success) return { ok: true, config: parsed.data };
  return {
    ok: false,
    reason: parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'AI'}: ${issue.message}`)
      .join('; '),
  };
}

function formatScoreChange(
  before: FidelityScores | undefined,
  after: FidelityScores | undefined,
  score: keyof FidelityScores,
): string {
  if (before === undefined || after === undefined) return '–';
  return `${before[score].toFixed(3)} → ${after[score].toFixed(3)}`;
}

/** What the AI did per row (--ai), beside the usual table. */
export function toAiTable(rows: BenchRow[]): string {
  const header = [
    'site',
    'strategy',
    'model',
    'patches proposed/kept',
    'block',
    'text',
    'position',
    'colour',
    'visual',
    'tokens in/out',
    'cost USD',
    'model s',
    'repair s',
    'seconds',
    'notes',
  ];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const row of rows) {
    const ai = row.ai;
    if (ai === undefined) {
      lines.push(
        `| ${row.site} | ${row.strategy} | – | – | – | – | – | – | – | – | – | – | – | ${row.seconds.toFixed(1)} | ${row.error ?? ''} |`,
      );
      continue;
    }
    const cells = [
      row.site,
      row.strategy,
      ai.model,
      `${ai.proposed}/${ai.kept}`,
      ...(['block', 'text', 'position', 'color', 'visual'] as const).map((score) =>
        formatScoreChange(ai.before, ai.after, score),
      ),
      `${ai.tokensIn}/${ai.tokensOut}`,
      ai.costUsd === null ? '?' : ai.costUsd.toFixed(4),
      ai.modelSeconds.toFixed(1),
      ai.repairSeconds.toFixed(1),
      row.seconds.toFixed(1),
      ai.notes.join(' ').replace(/\|/gu, '\\|').slice(0, 200),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function formatLighthouse(row: BenchRow): string {
  if (row.lighthouse === undefined) return '–';
  const { before, after } = row.lighthouse;
  return `${before.performance}/${before.accessibility}/${before.bestPractices}/${before.seo} → ${after.performance}/${after.accessibility}/${after.bestPractices}/${after.seo}`;
}

/** Each fidelity score's median over the rows that measured fidelity; undefined when none did. */
function toMedianFidelity(rows: BenchRow[]): FidelityScores | undefined {
  const measured = rows.flatMap((row) => (row.fidelity === undefined ? [] : [row.fidelity]));
  if (measured.length === 0) return undefined;
  const of = (score: keyof FidelityScores) => median(measured.map((scores) => scores[score]));
  return {
    block: of('block'),
    text: of('text'),
    position: of('position'),
    color: of('color'),
    visual: of('visual'),
  };
}

function formatScore(score: number | undefined): string {
  return score === undefined ? '–' : score.toFixed(3);
}

/** Passed identity checks as `4/5`, with the failed ones named: `4/5 (no logo)`. */
function formatIdentity(row: BenchRow): string {
  if (row.identity === undefined) return '–';
  const failed = row.identity.filter((check) => !check.ok).map((check) => `no ${check.check}`);
  const passed = row.identity.length - failed.length;
  return `${passed}/${row.identity.length}${failed.length > 0 ? ` (${failed.join(', ')})` : ''}`;
}

/** Failed "never worse" checks as `2/11 failed (picture_twice, width_used)`, or `0/11 failed`. */
function formatNeverWorse(row: BenchRow): string {
  if (row.neverWorse === undefined) return '–';
  const failed = row.neverWorse.filter((check) => !check.ok).map((check) => check.check);
  return `${failed.length}/${row.neverWorse.length} failed${failed.length > 0 ? ` (${failed.join(', ')})` : ''}`;
}

/**
 * What each row's start route runs for a visitor who allows motion (the scores are taken with
 * reduced motion): `motion-rise (scroll) ×4, motion-lift (load) ×1`, `none`, or `–` when not read.
 */
export function toMotionTable(rows: BenchRow[]): string {
  const lines = ['| site | strategy | motion of the start route |', '|---|---|---|'];
  for (const row of rows) {
    const cell =
      row.motion === undefined
        ? '–'
        : row.motion.animations.length === 0
          ? 'none'
          : row.motion.animations
              .map((animation) => `${animation.name} (${animation.trigger}) ×${animation.count}`)
              .join(', ');
    lines.push(`| ${row.site} | ${row.strategy} | ${cell} |`);
  }
  return lines.join('\n');
}

/** The rows as a Markdown table (printed, and pasted into the engine README). */
export function toMarkdownTable(rows: BenchRow[], withLighthouse: boolean): string {
  const withFidelity = rows.some((row) => row.fidelity !== undefined);
  const header = [
    'site',
    'strategy',
    'pages',
    'build ok',
    'snippets kept',
    'text coverage',
    ...(withLighthouse ? ['Lighthouse perf/a11y/bp/seo before → after'] : []),
    ...(withFidelity
      ? ['block', 'text', 'position', 'colour', 'visual', 'identity checks', 'never worse']
      : []),
    'overflow 375',
    'dead links',
    'seconds',
    'peak MB (engine / with browsers)',
  ];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const row of rows) {
    const cells = [
      row.site,
      row.strategy,
      String(row.pages),
      row.error !== undefined && !row.buildOk
        ? `no (${row.error.slice(0, 60)})`
        : row.buildOk
          ? 'yes'
          : 'no',
      `${row.snippetsKept}/${row.snippetsTotal}`,
      `${(row.textCoverage * 100).toFixed(1)} %`,
      ...(withLighthouse ? [formatLighthouse(row)] : []),
      ...(withFidelity
        ? [
            formatScore(row.fidelity?.block),
            formatScore(row.fidelity?.text),
            formatScore(row.fidelity?.position),
            formatScore(row.fidelity?.color),
            formatScore(row.fidelity?.visual),
            formatIdentity(row),
            formatNeverWorse(row),
          ]
        : []),
      String(row.overflow375),
      String(row.deadLinks),
      row.seconds.toFixed(1),
      `${row.peakProcessMb} / ${row.peakTreeMb}`,
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** A site the bench runs: a corpus site or a generated one, served on loopback while it runs. */
interface BenchSite {
  name: string;
  mustKeep: string[];
  serve(): Promise<{ startUrl: string; close(): Promise<void> }>;
}

function toCorpusBenchSite(site: CorpusSite, corpusDir: string): BenchSite {
  return {
    name: site.name,
    mustKeep: site.mustKeep,
    serve: async () => {
      const { server, startUrl } = await serveCorpusSite(site, corpusDir);
      return { startUrl, close: () => server.close() };
    },
  };
}

/** The name of the generated site of `pages` pages (its row in the table). */
function toGeneratedName(pages: number): string {
  return `generated-${pages}`;
}

function toGeneratedBenchSite(pages: number): BenchSite {
  return {
    name: toGeneratedName(pages),
    mustKeep: [],
    serve: () => serveGeneratedSite(pages),
  };
}

/**
 * Speed per row: seconds, pages/s, CPU seconds, the milliseconds of each stage (and its share of the
 * run), the routes verify screenshotted and the peak memory.
 */
export function toSpeedTable(rows: BenchRow[]): string {
  const header = [
    'site',
    'strategy',
    'pages',
    'seconds',
    'pages/s',
    'CPU s',
    ...STAGES.map((stage) => `${stage} ms`),
    'rendered',
    'peak MB',
  ];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const row of rows) {
    const total = row.seconds * 1000;
    const cells = [
      row.site,
      row.strategy,
      String(row.pages),
      row.seconds.toFixed(1),
      (row.pagesPerSecond ?? 0).toFixed(2),
      row.cpuSeconds === undefined ? '–' : row.cpuSeconds.toFixed(1),
      ...STAGES.map((stage) => {
        const ms = row.timings[stage];
        if (ms === undefined) return '–';
        return `${ms} (${total > 0 ? Math.round((ms / total) * 100) : 0} %)`;
      }),
      row.rendered === undefined
        ? '–'
        : `${row.rendered.routes}/${row.rendered.of}${row.rendered.sampled ? ' sampled' : ''}`,
      `${row.peakProcessMb} / ${row.peakTreeMb}`,
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/**
 * Per stage and row: wall seconds and CPU seconds of the engine / Chromium / the build and tools,
 * as `12.3 s · 4.1/6.0/1.2`.
 */
export function toStageCpuTable(rows: BenchRow[]): string {
  const header = ['site', 'strategy', ...STAGES, 'total'];
  const lines = [
    'Per stage: wall s · CPU s of engine/browsers/build and tools',
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
  ];
  const format = (ms: number | undefined, cpu: CpuByKind | undefined) =>
    ms === undefined
      ? '–'
      : `${(ms / 1000).toFixed(1)} · ${cpu === undefined ? '–' : `${cpu.engine.toFixed(1)}/${cpu.browsers.toFixed(1)}/${cpu.other.toFixed(1)}`}`;
  for (const row of rows) {
    const total = row.cpuByKind;
    lines.push(
      `| ${[
        row.site,
        row.strategy,
        ...STAGES.map((stage) => format(row.timings[stage], row.cpuByStage?.[stage])),
        format(row.seconds * 1000, total),
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

/** This process's memory for a trace line: RSS, V8 heap used, and the bytes of buffers outside it. */
function formatProcessMemory(): string {
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  return `rss ${mb(rss)} MB, heap ${mb(heapUsed)} MB, external ${mb(external)} MB of which buffers ${mb(arrayBuffers)} MB`;
}

async function benchSite(
  site: BenchSite,
  strategy: Strategy,
  options: {
    lighthouse: boolean;
    maxPages: number;
    screenshots: boolean;
    workDir?: string;
    trace?: boolean;
    /** The model (--ai), read from the environment in the process that runs the site. */
    ai?: AiRunConfig;
  },
): Promise<BenchRow> {
  const server = await site.serve();
  const startUrl = server.startUrl;
  const warnings: string[] = [];
  const started = performance.now();
  // Started before the logger can use it: each stage's start and end is a CPU reading.
  const sampler = await startMemorySampler();
  const logger: Logger = {
    log: (event) => {
      const stage = /^Stage (\w+) (started|done|failed)/u.exec(event.message);
      if (stage !== null) sampler.mark(`${stage[2] === 'started' ? 'start' : 'end'} ${stage[1]}`);
      if (options.trace === true) {
        const seconds = ((performance.now() - started) / 1000).toFixed(2);
        // At each stage's start and end, what this process holds: where a peak comes from.
        const memory = event.message.startsWith('Stage ') ? ` (${formatProcessMemory()})` : '';
        process.stderr.write(`  ${seconds.padStart(6)} ${event.level} ${event.message}${memory}\n`);
      }
      if (event.level === 'ERROR' || event.level === 'WARNING') warnings.push(event.message);
      if (event.message.startsWith('Stage ') && / (done|failed)/u.test(event.message)) {
        process.stderr.write(`  ${site.name} ${strategy}: ${event.message}\n`);
      }
    },
  };
  const row: BenchRow = {
    site: site.name,
    strategy,
    pages: 0,
    buildOk: false,
    snippetsKept: 0,
    snippetsTotal: site.mustKeep.length,
    missingSnippets: [...site.mustKeep],
    textCoverage: 0,
    overflow375: 0,
    deadLinks: 0,
    consoleErrors: 0,
    brokenImages: 0,
    seconds: 0,
    timings: {},
    peakProcessMb: 0,
    peakTreeMb: 0,
  };
  try {
    const result = await runPipeline(
      {
        url: startUrl,
        strategy,
        maxPages: options.maxPages,
        lighthouse: options.lighthouse,
        screenshots: options.screenshots,
        loopbackOnly: true,
        workDir: options.workDir,
        requiredSnippets: site.mustKeep.map((text) => ({ text })),
        ...(options.ai === undefined ? {} : { ai: options.ai }),
      },
      { logger, clock: { now: () => performance.now() } },
    );
    const { verify, summary } = result;
    Object.assign(row, {
      pages: summary.pages,
      buildOk: verify.build.ok,
      snippetsKept: verify.requiredSnippets?.kept ?? 0,
      missingSnippets: verify.requiredSnippets?.missing ?? [],
      textCoverage: verify.textCoverage,
      lighthouse: verify.lighthouse,
      rendered: result.report.verification.rendered,
      motion: verify.motion,
      fidelity: verify.fidelity?.overall,
      identity: verify.fidelity?.identity,
      neverWorse: verify.fidelity?.neverWorse,
      overflow375: verify.overflow375.length,
      deadLinks: verify.deadLinks?.count ?? 0,
      consoleErrors: verify.consoleErrors.length,
      brokenImages: verify.brokenImages.length,
      timings: Object.fromEntries(
        Object.entries(result.timings).map(([stage, ms]) => [stage, Math.round(ms ?? 0)]),
      ),
    });
    const ai = result.report.ai;
    if (ai !== undefined) {
      row.ai = {
        model: `${ai.provider}:${ai.model}`,
        proposed: ai.patches.length,
        kept: ai.patches.filter((patch) => patch.kept).length,
        before: (result.beforeRepair ?? verify).fidelity?.overall,
        after: verify.fidelity?.overall,
        tokensIn: ai.tokens_in,
        tokensOut: ai.tokens_out,
        costUsd: ai.cost_usd,
        modelSeconds: ai.seconds,
        repairSeconds: (result.timings.repair ?? 0) / 1000,
        calls: ai.calls.total,
        failedCalls: ai.calls.failed,
        notes: ai.notes,
        patches: ai.patches.map(({ route, change, kept, why }) => ({ route, change, kept, why })),
      };
    }
  } catch (error) {
    row.error = isAppError(error)
      ? `${error.code}: ${error.message}`
      : error instanceof Error
        ? error.message
        : String(error);
  } finally {
    row.seconds = (performance.now() - started) / 1000;
    row.pagesPerSecond = row.seconds > 0 ? row.pages / row.seconds : 0;
    const peaks = await sampler.stop();
    const toMb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    row.peakProcessMb = toMb(peaks.processBytes);
    row.peakTreeMb = toMb(peaks.treeBytes);
    row.peakTreeByKindMb = {
      engine: toMb(peaks.treePeakByKind.engine),
      browsers: toMb(peaks.treePeakByKind.browsers),
      other: toMb(peaks.treePeakByKind.other),
    };
    row.cpuSeconds = Math.round(peaks.treeCpuSeconds * 10) / 10;
    row.cpuByKind = peaks.treeCpuByKind;
    row.cpuByStage = toCpuByStage(peaks.marks);
    if (options.trace === true)
      process.stderr.write(
        `  peak ${row.peakTreeMb} MB with browsers at ${(peaks.treePeakAtMs / 1000).toFixed(2)} s (engine ${row.peakTreeByKindMb.engine}, browsers ${row.peakTreeByKindMb.browsers}, build and tools ${row.peakTreeByKindMb.other})\n`,
      );
    await server.close();
  }
  return row;
}

/** One site × strategy, run in its own process. */
interface ChildJob {
  site: string;
  strategy: Strategy;
  lighthouse: boolean;
  maxPages: number;
  screenshots: boolean;
  corpusDir: string;
  workDir?: string;
  trace: boolean;
  /** A generated site of this many pages instead of a corpus site. */
  generated?: number;
  /** With --ai: the child reads the model from its environment (the key never goes on a command line). */
  ai?: boolean;
}

const ROW_PREFIX = 'BENCH_ROW ';

async function runChildJob(job: ChildJob, manifest: CorpusSite[]): Promise<BenchRow> {
  const model = job.ai === true ? readAiEnvironment(process.env) : undefined;
  if (model !== undefined && !model.ok) throw new Error(`--ai: ${model.reason}`);
  const options = { ...job, ai: model?.config };
  if (job.generated !== undefined)
    return benchSite(toGeneratedBenchSite(job.generated), job.strategy, options);
  const site = manifest.find((candidate) => candidate.name === job.site);
  if (site === undefined) throw new Error(`No site ${job.site} in the corpus`);
  return benchSite(toCorpusBenchSite(site, job.corpusDir), job.strategy, options);
}

/**
 * Runs one site in a fresh process (same Node flags, so tsx's loader comes along): its peak memory
 * is then its own, not what earlier sites left in the heap, and a crash costs one row.
 */
function runInChild(job: ChildJob): Promise<BenchRow> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--child', JSON.stringify(job)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        // Layouts dumped for explain-fidelity.ts: one folder per site and strategy.
        env:
          process.env.SITELIFT_FIDELITY_DUMP === undefined
            ? process.env
            : {
                ...process.env,
                SITELIFT_FIDELITY_DUMP: path.join(
                  process.env.SITELIFT_FIDELITY_DUMP,
                  `${job.site}-${job.strategy}`,
                ),
              },
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = stdout.split('\n').find((candidate) => candidate.startsWith(ROW_PREFIX));
      if (line === undefined) {
        reject(
          new Error(
            `The bench process for ${job.site} exited with code ${String(code)} without a result`,
          ),
        );
        return;
      }
      resolve(JSON.parse(line.slice(ROW_PREFIX.length)) as BenchRow);
    });
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'all-strategies': { type: 'boolean', default: false },
      lighthouse: { type: 'boolean', default: false },
      site: { type: 'string', multiple: true },
      strategy: { type: 'string', multiple: true },
      'max-pages': { type: 'string', default: '20' },
      'no-screenshots': { type: 'boolean', default: false },
      'work-dir': { type: 'string' },
      'in-process': { type: 'boolean', default: false },
      trace: { type: 'boolean', default: false },
      generated: { type: 'string' },
      ai: { type: 'boolean', default: false },
      child: { type: 'string' },
    },
  });
  if (values.child !== undefined) {
    const job = JSON.parse(values.child) as ChildJob;
    const row = await runChildJob(job, readCorpusManifest(job.corpusDir) ?? []);
    process.stdout.write(`${ROW_PREFIX}${JSON.stringify(row)}\n`);
    return 0;
  }
  if (values.ai) {
    const model = readAiEnvironment(process.env);
    if (!model.ok) {
      process.stderr.write(
        `bench: --ai needs AI_PROVIDER, AI_MODEL (and AI_BASE_URL for openai-compatible, AI_API_KEY for a hosted provider): ${model.reason}\n`,
      );
      return 2;
    }
    // Never the key: the provider, the model and where it is.
    process.stderr.write(
      `bench: AI ${model.config.provider}:${model.config.model}${model.config.baseUrl === undefined ? '' : ` at ${model.config.baseUrl}`}\n`,
    );
  }
  const generated = values.generated === undefined ? undefined : Number(values.generated);
  if (generated !== undefined && !(Number.isInteger(generated) && generated >= 4)) {
    process.stderr.write(`bench: --generated takes a number of pages (4 or more)\n`);
    return 2;
  }
  const corpusDir = getCorpusDir();
  const manifest = generated === undefined ? readCorpusManifest(corpusDir) : [];
  if (manifest === undefined) {
    process.stderr.write(`bench: no corpus at ${corpusDir} (set CORPUS_DIR)\n`);
    return 1;
  }
  const wanted = values.site ?? [];
  const unknown = wanted.filter((name) => !manifest.some((site) => site.name === name));
  if (generated === undefined && unknown.length > 0) {
    process.stderr.write(
      `bench: unknown site ${unknown.join(', ')}; the corpus has ${manifest.map((site) => site.name).join(', ')}\n`,
    );
    return 2;
  }
  const siteNames =
    generated !== undefined
      ? [toGeneratedName(generated)]
      : (wanted.length > 0 ? manifest.filter((site) => wanted.includes(site.name)) : manifest).map(
          (site) => site.name,
        );
  const named = values.strategy ?? [];
  const unknownStrategy = named.filter((name) => !(STRATEGIES as readonly string[]).includes(name));
  if (unknownStrategy.length > 0) {
    process.stderr.write(
      `bench: unknown strategy ${unknownStrategy.join(', ')}; the strategies are ${STRATEGIES.join(', ')}\n`,
    );
    return 2;
  }
  const strategies: Strategy[] = values['all-strategies']
    ? [...STRATEGIES]
    : named.length > 0
      ? STRATEGIES.filter((strategy) => named.includes(strategy))
      : [DEFAULT_STRATEGY];
  // A generated site is read whole unless --max-pages says otherwise.
  const maxPages =
    generated !== undefined && !process.argv.includes('--max-pages')
      ? generated
      : Number(values['max-pages']);
  const rows: BenchRow[] = [];
  for (const siteName of siteNames) {
    for (const strategy of strategies) {
      process.stderr.write(`${siteName} (${strategy})…\n`);
      const job: ChildJob = {
        site: siteName,
        generated,
        strategy,
        lighthouse: values.lighthouse,
        maxPages,
        screenshots: !values['no-screenshots'],
        corpusDir,
        trace: values.trace,
        ai: values.ai,
        workDir:
          values['work-dir'] === undefined
            ? undefined
            : path.resolve(values['work-dir'], `${siteName}-${strategy}`),
      };
      const row = values['in-process'] ? await runChildJob(job, manifest) : await runInChild(job);
      rows.push(row);
      if (row.error !== undefined) process.stderr.write(`  ${siteName}: ${row.error}\n`);
      if (row.missingSnippets.length > 0)
        process.stderr.write(
          `  missing snippets: ${row.missingSnippets.map((text) => JSON.stringify(text)).join(', ')}\n`,
        );
    }
  }

  const table = toMarkdownTable(rows, values.lighthouse);
  const identityLines = rows.flatMap((row) =>
    (row.identity ?? []).map(
      (check) =>
        `| ${row.site} | ${row.strategy} | ${check.check} | ${check.ok ? 'pass' : 'FAIL'} | ${check.found} | ${check.expected ?? ''} |`,
    ),
  );
  const neverWorseLines = rows.flatMap((row) =>
    (row.neverWorse ?? []).map(
      (check) =>
        `| ${row.site} | ${row.strategy} | ${check.check} | ${check.ok ? 'pass' : 'FAIL'} | ${check.found.replace(/\|/gu, '\\|')} | ${check.expected ?? ''} |`,
    ),
  );
  const totals = {
    sites: rows.length,
    allBuilt: rows.every((row) => row.buildOk),
    allSnippetsKept: rows.every((row) => row.snippetsKept === row.snippetsTotal),
    medianTextCoverage: median(rows.map((row) => row.textCoverage)),
    medianSeconds: median(rows.map((row) => row.seconds)),
    medianCpuSeconds: median(rows.map((row) => row.cpuSeconds ?? Number.NaN)),
    medianFidelity: toMedianFidelity(rows),
    identityChecksPassed: rows.flatMap((row) => row.identity ?? []).filter((check) => check.ok)
      .length,
    identityChecks: rows.flatMap((row) => row.identity ?? []).length,
    neverWorseFailed: rows.flatMap((row) => row.neverWorse ?? []).filter((check) => !check.ok)
      .length,
    neverWorseChecks: rows.flatMap((row) => row.neverWorse ?? []).length,
    peakTreeMb: Math.max(...rows.map((row) => row.peakTreeMb)),
    // The machine is shared: the load average says how much of it the bench really had.
    loadAverage1m: Math.round(os.loadavg()[0]! * 10) / 10,
    cpus: os.cpus().length,
  };
  process.stdout.write(`\n${table}\n\n${toSpeedTable(rows)}\n\n${toStageCpuTable(rows)}\n\n`);
  process.stdout.write(`${toMotionTable(rows)}\n\n`);
  if (values.ai) process.stdout.write(`What the AI did:\n\n${toAiTable(rows)}\n\n`);
  if (identityLines.length > 0) {
    process.stdout.write(
      `| site | strategy | identity check | result | found | expected |\n|---|---|---|---|---|---|\n${identityLines.join('\n')}\n\n`,
    );
  }
  if (neverWorseLines.length > 0) {
    process.stdout.write(
      `| site | strategy | never-worse check | result | found | expected |\n|---|---|---|---|---|---|\n${neverWorseLines.join('\n')}\n\n`,
    );
    process.stdout.write(
      `never-worse checks failed: ${totals.neverWorseFailed}/${totals.neverWorseChecks}\n`,
    );
  }
  process.stdout.write(
    `all built: ${totals.allBuilt ? 'yes' : 'NO'} · all snippets kept: ${totals.allSnippetsKept ? 'yes' : 'NO'} · median text coverage ${(totals.medianTextCoverage * 100).toFixed(1)} % · median ${totals.medianSeconds.toFixed(1)} s per site (${totals.medianCpuSeconds.toFixed(1)} s of CPU) · peak ${totals.peakTreeMb} MB with browsers · load average ${totals.loadAverage1m} on ${totals.cpus} CPUs\n`,
  );
  if (totals.medianFidelity !== undefined) {
    const { block, text, position, color, visual } = totals.medianFidelity;
    // The strategies that keep the original's look are held to the visual-similarity threshold.
    const keeping = STRATEGIES.filter(
      (strategy) => STRATEGY_PROFILES[strategy].keepsOriginalLayout,
    );
    const styled = rows.filter(
      (row) => keeping.includes(row.strategy) && row.fidelity !== undefined,
    );
    const similar = styled.filter((row) => row.fidelity!.visual >= VISUAL_SIMILARITY_THRESHOLD);
    process.stdout.write(
      `median fidelity: block ${formatScore(block)} · text ${formatScore(text)} · position ${formatScore(position)} · colour ${formatScore(color)} · visual ${formatScore(visual)} · identity checks passed ${totals.identityChecksPassed}/${totals.identityChecks}` +
        (styled.length > 0
          ? ` · ${keeping.join(', ')} visual ≥ ${VISUAL_SIMILARITY_THRESHOLD}: ${similar.length}/${styled.length}`
          : '') +
        '\n',
    );
  }
  const repoRoot = path.resolve(ENGINE_DIR, '..', '..');
  const stamp = new Date().toISOString().replace(/[:.]/gu, '-');
  const file = path.join(repoRoot, '.bench', `engine-${stamp}.json`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, corpusDir, strategies, maxPages, lighthouse: values.lighthouse, ai: values.ai, totals, rows }, null, 2)}\n`,
  );
  process.stdout.write(`Wrote ${path.relative(process.cwd(), file)}\n`);
  return totals.allBuilt ? 0 : 1;
}

process.exitCode = await main();
