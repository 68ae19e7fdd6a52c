import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isAppError } from '@sitelift/shared/error-codes';
import {
  UNBUILT_LINKS_CHOICES,
  type UnbuiltLinks,
} from '@sitelift/shared/validation/create-project';
import { findBrowser, formatBrowser } from '../browser/find-browser';
import { runPipeline, type PipelineResult, type PipelineTable } from '../pipeline';
import { SYSTEM_CLOCK } from '../ports';
import { MAX_PAGES_LIMIT } from '../stages/fetch/fetch-site';
import { DEFAULT_STRATEGY, STRATEGIES, type Strategy } from '../types';
import { createProgressDisplay, type TextOutput } from './progress-display';

/** The CLI's streams and environment (process's own, or fakes in tests). */
export interface CliIo {
  stdout: TextOutput;
  stderr: TextOutput;
  env: Record<string, string | undefined>;
  cwd: string;
}

const USAGE = `Usage: sitelift modernize <url> [options]

Turns an old website into a modern React + Vite + Tailwind project (a zip with sitelift-report.json).

Options:
  --strategy <S>        ${STRATEGIES.join(' | ')} (default ${DEFAULT_STRATEGY})
  --out <file.zip>      where to write the project (default <host>.zip)
  --max-pages <n>       pages to read, 1-${MAX_PAGES_LIMIT} (default 20)
  --include <pattern>   read only pages whose path matches (a prefix such as /blog/, or a glob
                        such as /docs/**/*.html); repeatable
  --exclude <pattern>   do not read pages whose path matches; repeatable, wins over --include
  --unbuilt-links <L>   links to pages not rebuilt: keep (to the original) | remove (default keep)
  --lighthouse          run Lighthouse on the original and the rebuild
  --json                print sitelift-report.json on stdout
  --allow-private-urls  allow loopback and private addresses (also ALLOW_PRIVATE_URLS=true)
  --work-dir <dir>      save every stage's output as JSON there
  --verbose             show debug lines
  -h, --help            show this help
`;

/** A problem with the command line itself (exit code 2). */
class UsageError extends Error {}

interface CliOptions {
  url: string;
  strategy: Strategy;
  out: string;
  maxPages: number;
  include: string[];
  exclude: string[];
  unbuiltLinks: UnbuiltLinks;
  lighthouse: boolean;
  json: boolean;
  allowPrivateUrls: boolean;
  workDir?: string;
  verbose: boolean;
}

function toDefaultOut(url: string): string {
  try {
    return `${new URL(url).hostname.replace(/[^A-Za-z0-9.-]+/gu, '-') || 'site'}.zip`;
  } catch {
    return 'site.zip';
  }
}

/** Parses `modernize <url> [options]`; throws UsageError with a one-line reason. */
export function parseCliArgs(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd: string,
): CliOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        strategy: { type: 'string' },
        out: { type: 'string', short: 'o' },
        'max-pages': { type: 'string' },
        include: { type: 'string', multiple: true },
        exclude: { type: 'string', multiple: true },
        'unbuilt-links': { type: 'string' },
        lighthouse: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        'allow-private-urls': { type: 'boolean', default: false },
        'work-dir': { type: 'string' },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) return 'help';
  const [command, url, ...rest] = positionals;
  if (command !== 'modernize')
    throw new UsageError(`Unknown command "${command}": the command is "modernize".`);
  if (url === undefined || url.trim() === '')
    throw new UsageError('Missing the website URL: sitelift modernize <url>.');
  if (rest.length > 0) throw new UsageError(`Unexpected argument "${rest[0]}".`);
  const strategy = (values.strategy ?? DEFAULT_STRATEGY).toUpperCase();
  if (!(STRATEGIES as readonly string[]).includes(strategy)) {
    throw new UsageError(`Unknown strategy "${values.strategy}": use ${STRATEGIES.join(', ')}.`);
  }
  let maxPages = 20;
  if (values['max-pages'] !== undefined) {
    maxPages = Number(values['max-pages']);
    if (!Number.isInteger(maxPages) || maxPages < 1 || maxPages > MAX_PAGES_LIMIT) {
      throw new UsageError(
        `--max-pages must be a whole number from 1 to ${MAX_PAGES_LIMIT} (got "${values['max-pages']}").`,
      );
    }
  }
  const unbuiltLinks = (values['unbuilt-links'] ?? 'keep').toLowerCase();
  if (!(UNBUILT_LINKS_CHOICES as readonly string[]).includes(unbuiltLinks)) {
    throw new UsageError(
      `--unbuilt-links must be ${UNBUILT_LINKS_CHOICES.join(' or ')} (got "${values['unbuilt-links']}").`,
    );
  }
  return {
    url: url.trim(),
    strategy: strategy as Strategy,
    out: path.resolve(cwd, values.out ?? toDefaultOut(url.trim())),
    maxPages,
    include: values.include ?? [],
    exclude: values.exclude ?? [],
    unbuiltLinks: unbuiltLinks as UnbuiltLinks,
    lighthouse: values.lighthouse,
    json: values.json,
    allowPrivateUrls: values['allow-private-urls'] || env.ALLOW_PRIVATE_URLS === 'true',
    workDir: values['work-dir'] === undefined ? undefined : path.resolve(cwd, values['work-dir']),
    verbose: values.verbose,
  };
}

function toOneLine(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

function formatSummary(result: PipelineResult, out: string): string {
  const { summary, report } = result;
  const seconds = Object.values(result.timings).reduce((sum, ms) => sum + (ms ?? 0), 0) / 1000;
  const lines = [
    `Wrote ${out} (${(summary.zipBytes / 1024).toFixed(0)} KB, ${summary.files} files) in ${seconds.toFixed(1)} s`,
    `  ${summary.pages} page${summary.pages === 1 ? '' : 's'} · ${report.strategy} · build ok · text coverage ${(summary.textCoverage * 100).toFixed(1)} %` +
      (summary.requiredSnippets
        ? ` · required snippets ${summary.requiredSnippets.kept}/${summary.requiredSnippets.total}`
        : ''),
    `  overflow at 375 px: ${summary.overflow375} · console errors: ${summary.consoleErrors} · broken images: ${summary.brokenImages} · not carried: ${report.not_carried.length} · pages not rebuilt: ${report.not_rebuilt?.length ?? 0}`,
    `  dead links: ${report.verification.dead_links?.count ?? 'not checked'} · links to the original: ${report.links_to_original?.length ?? 0}`,
  ];
  if (report.lighthouse !== undefined) {
    const { before, after } = report.lighthouse;
    lines.push(
      `  Lighthouse before → after: performance ${before.performance} → ${after.performance}, accessibility ${before.accessibility} → ${after.accessibility}, best practices ${before.bestPractices} → ${after.bestPractices}, SEO ${before.seo} → ${after.seo}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The `sitelift` command. Returns the exit code: 0 on success, 1 when the modernization failed (one
 * line: the reason and its error code), 2 for a bad command line.
 */
export async function main(
  argv: string[],
  io: CliIo,
  /** Stages in place of the real ones (tests). */
  overrides: Partial<PipelineTable> = {},
): Promise<number> {
  let options: CliOptions | 'help';
  try {
    options = parseCliArgs(argv, io.env, io.cwd);
  } catch (error) {
    io.stderr.write(
      `sitelift: ${toOneLine(error instanceof Error ? error.message : String(error))} (see sitelift --help)\n`,
    );
    return 2;
  }
  if (options === 'help') {
    io.stdout.write(USAGE);
    return 0;
  }

  const display = createProgressDisplay(io.stderr, { verbose: options.verbose });
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    // Which browser reads and checks the site, and whether it is sandboxed (always shown: a rebuild
    // read without a browser misses the content scripts insert).
    const { browser, warnings } = await findBrowser({ env: io.env });
    display.log({
      level: browser === undefined ? 'WARNING' : 'INFO',
      message: `Browser: ${browser === undefined ? 'none' : formatBrowser(browser)}`,
    });
    for (const warning of warnings) display.log({ level: 'WARNING', message: warning });
    const result = await runPipeline(
      {
        url: options.url,
        strategy: options.strategy,
        maxPages: options.maxPages,
        include: options.include,
        exclude: options.exclude,
        unbuiltLinks: options.unbuiltLinks,
        lighthouse: options.lighthouse,
        allowPrivateUrls: options.allowPrivateUrls,
        workDir: options.workDir,
        chromePath: io.env['CHROME_PATH'] || undefined,
      },
      { logger: display, clock: SYSTEM_CLOCK, signal: controller.signal },
      overrides,
    );
    display.stop();
    await writeFile(options.out, result.archive.zip);
    io.stderr.write(formatSummary(result, path.relative(io.cwd, options.out) || options.out));
    if (options.json) io.stdout.write(`${JSON.stringify(result.report, null, 2)}\n`);
    return 0;
  } catch (error) {
    display.stop();
    const reason = isAppError(error)
      ? `${toOneLine(error.message)} (${error.code})`
      : toOneLine(error instanceof Error ? error.message : String(error));
    io.stderr.write(`sitelift: ${reason}\n`);
    return 1;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
