import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import { checkSite, type SiteCheck } from '@sitelift/engine';
import { AppError, isAppError } from '@sitelift/shared/error-codes';
import {
  type Batch,
  type BatchCheck,
  type BatchLine,
  type BatchSummary,
} from '@sitelift/shared/schemas/batches';
import { PRICING_URL } from '@sitelift/shared/schemas/project';
import {
  isAbsoluteHttpUrl,
  PROJECT_NAME_MIN_LENGTH,
  withDefaultScheme,
  type ModernizationStrategy,
} from '@sitelift/shared/validation/create-project';
import { Zip, ZipPassThrough } from 'fflate';
import { ARTIFACT_NAMES } from '../artifacts/artifact-store';
import {
  countBatchSites,
  findBatchForUser,
  insertBatch,
  listBatchesForUser,
  listBatchSites,
  type BatchRecord,
  type BatchSiteRecord,
  type BatchStatusCounts,
} from '../db/batches.repository';
import { getCreditBalance, grantSignupCredit, lockUserForCredits } from '../db/credits.repository';
import type { AppDb } from '../db/database';
import { insertProject, updateProjectFields } from '../db/projects.repository';
import type { BatchAcceptedLine, BatchRejectedLine } from '../db/schema';
import {
  assertStoreWritable,
  chargeInTransaction,
  enqueue,
  startJobInTransaction,
  type Caller,
  type ProjectServiceDeps,
} from './projects.service';

/** Site checks run at once while a list is checked. */
const CHECK_CONCURRENCY = 6;

/** Batches listed. */
const BATCH_LIST_LIMIT = 50;

/** Checks one site; the engine's check by default (tests count or stub it). */
export type CheckSiteFn = (
  url: string,
  options: { allowPrivateUrls: boolean },
) => Promise<SiteCheck>;

/** What the batch use cases need: the project services' deps and the site check. */
export interface BatchServiceDeps extends ProjectServiceDeps {
  checkSite?: CheckSiteFn;
}

/** Runs `work` over `items` with at most `limit` at once, keeping the order of the results. */
async function mapWithLimit<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** A line after the pre-check, with the address the project will use. */
interface CheckedLine extends BatchLine {
  /** The normalised address (https:// added to a bare host). */
  sourceUrl: string;
}

const NAME_FROM_TITLE_MAX = 100;

/** The project's name: the site's title when it has a usable one, else its host name. */
function toProjectName(check: SiteCheck | undefined, sourceUrl: string): string {
  const title = check?.title?.replace(/\s+/g, ' ').trim() ?? '';
  if (title.length >= PROJECT_NAME_MIN_LENGTH) return title.slice(0, NAME_FROM_TITLE_MAX);
  const host = new URL(sourceUrl).hostname;
  return host.length >= PROJECT_NAME_MIN_LENGTH ? host : `Site ${host}`;
}

/**
 * The pre-check of every line (issue 26): blank lines are skipped, a line that is not an http(s)
 * address or repeats an earlier one is rejected, and every other site is checked like the create
 * form's check (reachable, through the SSRF guard). Nothing is charged.
 */
async function checkLines(
  deps: BatchServiceDeps,
  urls: string[],
): Promise<Array<CheckedLine & { check?: SiteCheck }>> {
  const seen = new Set<string>();
  const lines: Array<CheckedLine & { check?: SiteCheck; toCheck: boolean }> = [];
  urls.forEach((raw, index) => {
    const input = raw.trim();
    if (input === '') return;
    const line = index + 1;
    const sourceUrl = withDefaultScheme(input);
    const base = { line, url: input, sourceUrl, title: null };
    if (!isAbsoluteHttpUrl(sourceUrl)) {
      lines.push({
        ...base,
        ok: false,
        reason: 'Not a valid http:// or https:// address.',
        toCheck: false,
      });
      return;
    }
    const key = new URL(sourceUrl).href;
    if (seen.has(key)) {
      lines.push({
        ...base,
        ok: false,
        reason: 'Listed twice: this line is skipped.',
        toCheck: false,
      });
      return;
    }
    seen.add(key);
    lines.push({ ...base, sourceUrl: key, ok: true, reason: null, toCheck: true });
  });
  const check = deps.checkSite ?? ((url, options) => checkSite(url, options));
  await mapWithLimit(lines, CHECK_CONCURRENCY, async (line) => {
    if (!line.toCheck) return;
    try {
      line.check = await check(line.sourceUrl, { allowPrivateUrls: deps.allowPrivateUrls });
      line.title = line.check.title || null;
    } catch (error) {
      line.ok = false;
      // The catalogue's plain message (what the create form's check says), not the technical cause.
      line.reason = isAppError(error)
        ? new AppError(error.code).message
        : new AppError('ENGINE_FETCH_CONNECTION_FAILED').message;
    }
  });
  return lines.map(({ toCheck: _toCheck, ...line }) => line);
}

const toPublicLine = ({ line, url, ok, reason, title }: CheckedLine): BatchLine => ({
  line,
  url,
  ok,
  reason,
  title,
});

/** POST /api/batches/check: each line's pre-check and the credits starting them would take. */
export async function checkBatch(
  deps: BatchServiceDeps,
  caller: Caller,
  urls: string[],
): Promise<BatchCheck> {
  const lines = await checkLines(deps, urls);
  await grantSignupCredit(deps.db, caller.id);
  return {
    lines: lines.map(toPublicLine),
    accepted: lines.filter((line) => line.ok).length,
    balance: await getCreditBalance(deps.db, caller.id),
  };
}

function shortOfCredits(needed: number, balance: number): AppError {
  const missing = needed - balance;
  return new AppError('API_BATCH_CREDITS_SHORT', {
    message:
      `This batch needs ${needed} credit${needed === 1 ? '' : 's'} (one per site accepted) and your balance is ${balance}. ` +
      `Nothing was charged. Buy ${missing} more credit${missing === 1 ? '' : 's'}, remove ${missing} site${missing === 1 ? '' : 's'}, or start only the first ${balance}.`,
    details: { needed, balance, pricing_url: PRICING_URL },
  });
}

/**
 * POST /api/batches (issue 26): checks every line again (what a client checked before is not
 * trusted), then in one transaction takes one credit per accepted site — all of them, or with
 * `allow_partial` as many as the balance covers, in list order — and creates a project and a queued
 * job for each under the batch. Rejected lines cost nothing; a site that fails later is refunded like
 * any job.
 */
export async function createBatch(
  deps: BatchServiceDeps,
  caller: Caller,
  body: {
    urls: string[];
    name?: string;
    modernization_strategy: ModernizationStrategy;
    allow_partial: boolean;
  },
): Promise<Batch> {
  if (!caller.emailVerified) throw new AppError('API_EMAIL_NOT_VERIFIED');
  await assertStoreWritable(deps);
  const lines = await checkLines(deps, body.urls);
  const accepted = lines.filter((line) => line.ok);
  if (accepted.length === 0) throw new AppError('API_BATCH_NOTHING_ACCEPTED');
  const batchId = randomUUID();
  const started = await chargeInTransaction(deps, async (tx) => {
    await lockUserForCredits(tx, caller.id);
    await grantSignupCredit(tx, caller.id);
    const balance = await getCreditBalance(tx, caller.id);
    if (balance < accepted.length && !body.allow_partial) {
      throw shortOfCredits(accepted.length, balance);
    }
    if (balance < 1)
      throw new AppError('API_NO_CREDITS', { details: { pricing_url: PRICING_URL } });
    const covered = accepted.slice(0, balance);
    const uncovered = new Set(accepted.slice(balance).map((line) => line.line));
    const rejected: BatchRejectedLine[] = lines
      .filter((line) => !line.ok || uncovered.has(line.line))
      .map((line) => ({
        line: line.line,
        url: line.url,
        reason: line.reason ?? 'Not started: your balance did not cover it.',
      }));
    const acceptedLines: BatchAcceptedLine[] = covered.map((line) => ({
      line: line.line,
      url: line.sourceUrl,
      projectId: randomUUID(),
    }));
    await insertBatch(tx, {
      id: batchId,
      userId: caller.id,
      name:
        body.name ||
        `${covered.length} site${covered.length === 1 ? '' : 's'}, ${new Date().toISOString().slice(0, 10)}`,
      modernizationStrategy: body.modernization_strategy,
      lineCount: lines.length,
      accepted: acceptedLines,
      rejected,
    });
    const jobs: Array<{ jobId: string; projectId: string }> = [];
    for (const [index, line] of covered.entries()) {
      const projectId = acceptedLines[index]?.projectId ?? randomUUID();
      await insertProject(tx, {
        id: projectId,
        userId: caller.id,
        name: toProjectName(line.check, line.sourceUrl),
        description: null,
        sourceUrl: line.sourceUrl,
        modernizationStrategy: body.modernization_strategy,
        includePaths: [],
        excludePaths: [],
        unbuiltLinks: 'keep',
        aiAdditions: true,
        batchId,
      });
      const jobId = await startJobInTransaction(tx, deps, caller.id, projectId, 'project');
      await updateProjectFields(tx, caller.id, projectId, { jobId });
      jobs.push({ jobId, projectId });
    }
    return jobs;
  });
  for (const { jobId, projectId } of started) {
    // A job that cannot be queued because the store is full was refunded by enqueue; the rest go on.
    await enqueue(deps, jobId, projectId).catch((error: unknown) => {
      if (!isAppError(error)) throw error;
    });
  }
  return getBatch(deps, caller.id, batchId);
}

function toCounts(
  record: BatchRecord,
  statuses: BatchStatusCounts | undefined,
): BatchSummary['counts'] {
  let queued = 0;
  let running = 0;
  let completed = 0;
  let failed = 0;
  for (const [status, count] of statuses ?? []) {
    if (status === 'completed') completed += count;
    else if (status === 'failed') failed += count;
    else if (status === 'queued') queued += count;
    else running += count;
  }
  return {
    total: queued + running + completed + failed,
    queued,
    running,
    completed,
    failed,
    rejected: record.rejected.length,
  };
}

function toSummaryJson(record: BatchRecord, statuses: BatchStatusCounts | undefined): BatchSummary {
  return {
    id: record.id,
    name: record.name,
    status: record.status === 'completed' ? 'completed' : 'running',
    modernization_strategy: record.modernizationStrategy,
    line_count: record.lineCount,
    counts: toCounts(record, statuses),
    created_at: record.createdAt.toISOString(),
    finished_at: record.finishedAt ? record.finishedAt.toISOString() : null,
  };
}

/** The sites in list order (projects deleted since are left out). */
function orderSites(record: BatchRecord, sites: BatchSiteRecord[]): BatchSiteRecord[] {
  const position = new Map(record.accepted.map((line, index) => [line.projectId, index]));
  return [...sites].sort(
    (a, b) => (position.get(a.projectId) ?? Infinity) - (position.get(b.projectId) ?? Infinity),
  );
}

/** GET /api/batches: the newest batches with their counts. */
export async function listBatches(deps: BatchServiceDeps, userId: string): Promise<BatchSummary[]> {
  const records = await listBatchesForUser(deps.db, userId, BATCH_LIST_LIMIT);
  const counts = await countBatchSites(
    deps.db,
    userId,
    records.map((record) => record.id),
  );
  return records.map((record) => toSummaryJson(record, counts.get(record.id)));
}

async function getOwnedBatch(db: AppDb, userId: string, batchId: string): Promise<BatchRecord> {
  const record = await findBatchForUser(db, userId, batchId);
  if (!record) throw new AppError('API_BATCH_NOT_FOUND');
  return record;
}

/** GET /api/batches/:id: the batch, its counts, each site's state and the rejected lines. */
export async function getBatch(
  deps: BatchServiceDeps,
  userId: string,
  batchId: string,
): Promise<Batch> {
  const record = await getOwnedBatch(deps.db, userId, batchId);
  const counts = await countBatchSites(deps.db, userId, [batchId]);
  const sites = orderSites(record, await listBatchSites(deps.db, userId, batchId));
  return {
    ...toSummaryJson(record, counts.get(batchId)),
    sites: sites.map((site) => ({
      project_id: site.projectId,
      name: site.name,
      source_url: site.sourceUrl,
      status: site.status,
      pages: site.reportSummary?.pages ?? null,
      text_coverage: site.reportSummary?.text_coverage ?? null,
      error_message: site.status === 'failed' ? site.errorMessage : null,
    })),
    rejected: record.rejected,
    credits_reserved: record.accepted.length,
  };
}

/** Header of the batch's CSV summary. */
export const BATCH_CSV_COLUMNS = [
  'line',
  'source_url',
  'name',
  'status',
  'pages',
  'pages_found',
  'text_coverage',
  'fidelity_visual',
  'fidelity_text',
  'lighthouse_performance',
  'lighthouse_accessibility',
  'lighthouse_best_practices',
  'lighthouse_seo',
  'zip',
  'reason',
] as const;

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a text that a spreadsheet would
 * run as a formula (=, +, -, @ first) gets a leading apostrophe (site titles are untrusted).
 */
export function toCsvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A file name for a site's zip inside the batch archive: its name, made unique. */
function toZipEntryName(name: string, used: Set<string>): string {
  const base =
    name
      .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80) || 'site';
  let candidate = `${base}.zip`;
  for (let index = 2; used.has(candidate.toLowerCase()); index += 1) {
    candidate = `${base} (${index}).zip`;
  }
  used.add(candidate.toLowerCase());
  return candidate;
}

const round = (value: number | undefined) =>
  value === undefined ? null : Math.round(value * 1000) / 1000;

/**
 * GET /api/batches/:id/download: a zip streamed as it is built — one zip per completed site (stored,
 * not compressed again) and `summary.csv` with every line's state, scores and page counts. Only one
 * site's file is read at a time and the stream waits for the client, so memory stays flat.
 */
export async function openBatchArchive(
  deps: BatchServiceDeps,
  userId: string,
  batchId: string,
): Promise<{ name: string; stream: Readable }> {
  const record = await getOwnedBatch(deps.db, userId, batchId);
  const sites = orderSites(record, await listBatchSites(deps.db, userId, batchId));
  const lineOf = new Map(record.accepted.map((line) => [line.projectId, line.line]));
  const output = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      output.destroy(error);
      return;
    }
    output.write(chunk);
    if (final) output.end();
  });
  const drained = async () => {
    if (output.writableNeedDrain) await once(output, 'drain');
  };
  const build = async () => {
    const used = new Set<string>(['summary.csv']);
    const rows: Array<{ line: number; cells: Array<string | number | null> }> = [];
    for (const site of sites) {
      const summary = site.reportSummary;
      let zipName: string | null = null;
      if (site.status === 'completed') {
        const opened = await deps.artifacts.open(site.projectId, ARTIFACT_NAMES.zip);
        if (opened) {
          zipName = toZipEntryName(site.name, used);
          const entry = new ZipPassThrough(`sites/${zipName}`);
          zip.add(entry);
          for await (const chunk of opened.stream) {
            entry.push(chunk as Uint8Array);
            await drained();
          }
          entry.push(new Uint8Array(0), true);
        }
      }
      const after = summary?.lighthouse?.after;
      rows.push({
        line: lineOf.get(site.projectId) ?? 0,
        cells: [
          lineOf.get(site.projectId) ?? null,
          site.sourceUrl,
          site.name,
          site.status,
          summary?.pages ?? null,
          summary?.pages_found ?? null,
          round(summary?.text_coverage),
          round(summary?.fidelity?.visual),
          round(summary?.fidelity?.text),
          after?.performance ?? null,
          after?.accessibility ?? null,
          after?.bestPractices ?? null,
          after?.seo ?? null,
          zipName ? `sites/${zipName}` : null,
          site.status === 'failed' ? site.errorMessage : null,
        ],
      });
    }
    for (const rejected of record.rejected) {
      rows.push({
        line: rejected.line,
        cells: [
          rejected.line,
          rejected.url,
          null,
          'rejected',
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          rejected.reason,
        ],
      });
    }
    rows.sort((a, b) => a.line - b.line);
    const csv = [
      BATCH_CSV_COLUMNS.join(','),
      ...rows.map((row) => row.cells.map(toCsvCell).join(',')),
    ].join('\r\n');
    const csvEntry = new ZipPassThrough('summary.csv');
    zip.add(csvEntry);
    csvEntry.push(new TextEncoder().encode(`${csv}\r\n`), true);
    zip.end();
  };
  build().catch((error: unknown) => output.destroy(error as Error));
  return { name: record.name, stream: output };
}
