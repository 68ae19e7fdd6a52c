import { and, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  ModernizationStrategy,
  UnbuiltLinks,
} from '@sitelift/shared/validation/create-project';
import {
  TERMINAL_PROJECT_STATUSES,
  type ProjectListFilter,
} from '@sitelift/shared/schemas/project';
import type { JobStatus } from '@sitelift/shared/schemas/job';
import type { AppDb } from './database';
import { notifyChange } from './notify';
import {
  jobs,
  projects,
  type JobProgress,
  type StoredHosting,
  type StoredReportSummary,
} from './schema';

/** A project row with its current job's status and error. */
export interface ProjectRecord {
  id: string;
  userId: string;
  name: string;
  description: string | null;
  sourceUrl: string;
  modernizationStrategy: ModernizationStrategy;
  targetFramework: string;
  status: string;
  jobId: string | null;
  generatedCodeUrl: string | null;
  githubRepoUrl: string | null;
  reportSummary: StoredReportSummary | null;
  /** The pages to rebuild and what becomes of links to the others (issue 24). */
  includePaths: string[];
  excludePaths: string[];
  unbuiltLinks: UnbuiltLinks;
  /** The model may write what the original lacks (issue 25). */
  aiAdditions: boolean;
  /** The hosted site (issue 27), if the project was deployed to a static host. */
  hosting: StoredHosting | null;
  createdAt: Date;
  updatedAt: Date;
  jobStatus: JobStatus | null;
  /** Where the running job is (the engine's last progress event). */
  progress: JobProgress | null;
  /** While the job waits: its 1-based place among all waiting jobs. */
  queuePosition: number | null;
  /** While the job waits: how many jobs run now (all workers' slots, busy when jobs wait). */
  runningJobs: number | null;
  /** While the job waits: the mean run time of recent completed jobs, in seconds. */
  recentJobSeconds: number | null;
  /** The catalogue code of the last job's failure. */
  errorCode: string | null;
  /** The last job's failure as it happened (technical detail; the job log has it too). */
  errorMessage: string | null;
}

const projectColumns = {
  id: projects.id,
  userId: projects.userId,
  name: projects.name,
  description: projects.description,
  sourceUrl: projects.sourceUrl,
  modernizationStrategy: projects.modernizationStrategy,
  targetFramework: projects.targetFramework,
  status: projects.status,
  jobId: projects.jobId,
  generatedCodeUrl: projects.generatedCodeUrl,
  githubRepoUrl: projects.githubRepoUrl,
  reportSummary: projects.reportSummary,
  includePaths: projects.includePaths,
  excludePaths: projects.excludePaths,
  unbuiltLinks: projects.unbuiltLinks,
  aiAdditions: projects.aiAdditions,
  hosting: projects.hosting,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
  jobStatus: jobs.status,
  progress: jobs.progress,
  // The three below are read only for a waiting job (they are null otherwise): the place in the
  // queue (all users' waiting jobs, oldest first), and what the wait estimate needs.
  queuePosition: sql<number | null>`case when ${jobs.status} = 'QUEUED' then (
    select count(*)::int from jobs as ahead
    where ahead.status = 'QUEUED' and (ahead.created_at, ahead.id) <= (${jobs.createdAt}, ${jobs.id})
  ) end`,
  runningJobs: sql<number | null>`case when ${jobs.status} = 'QUEUED' then (
    select count(*)::int from jobs as running where running.status = 'RUNNING'
  ) end`,
  recentJobSeconds: sql<number | null>`case when ${jobs.status} = 'QUEUED' then (
    select avg(extract(epoch from recent.finished_at - recent.started_at))::float8 from (
      select finished_at, started_at from jobs as done
      where done.status = 'COMPLETED' and done.started_at is not null and done.finished_at is not null
      order by done.finished_at desc limit 20
    ) as recent
  ) end`,
  errorCode: jobs.errorCode,
  errorMessage: jobs.errorMessage,
};

function toRecord(row: {
  [K in keyof typeof projectColumns]: unknown;
}): ProjectRecord {
  return row as unknown as ProjectRecord;
}

/** One project of one user (null when it does not exist or belongs to someone else). */
export async function findProjectForUser(
  db: AppDb,
  userId: string,
  projectId: string,
): Promise<ProjectRecord | null> {
  const rows = await db
    .select(projectColumns)
    .from(projects)
    .leftJoin(jobs, eq(jobs.id, projects.jobId))
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .limit(1);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** One project by id, whoever owns it (workers and realtime). */
export async function findProjectById(db: AppDb, projectId: string): Promise<ProjectRecord | null> {
  const rows = await db
    .select(projectColumns)
    .from(projects)
    .leftJoin(jobs, eq(jobs.id, projects.jobId))
    .where(eq(projects.id, projectId))
    .limit(1);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Position in the list: (created_at, id) of the last item of a page. */
export interface ListCursor {
  createdAt: Date;
  id: string;
}

/** Encodes a cursor (opaque to clients). */
export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`, 'utf8').toString(
    'base64url',
  );
}

/** Decodes a cursor; undefined when it is not one of ours. */
export function decodeCursor(value: string): ListCursor | undefined {
  const text = Buffer.from(value, 'base64url').toString('utf8');
  const [iso, id, extra] = text.split('|');
  if (!iso || !id || extra !== undefined) return undefined;
  const createdAt = new Date(iso);
  if (Number.isNaN(createdAt.getTime())) return undefined;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  return { createdAt, id };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function filterCondition(filter: ProjectListFilter): SQL | undefined {
  if (filter === 'completed') return eq(projects.status, 'completed');
  if (filter === 'in-progress') return notInArray(projects.status, [...TERMINAL_PROJECT_STATUSES]);
  return undefined;
}

/** Which list query a request needs: its shape, not its values. */
interface ListVariant {
  search: boolean;
  filter: ProjectListFilter;
  cursor: boolean;
}

/** Builds the page and counts statements of one variant, with placeholders for every value. */
function prepareListStatements(db: AppDb, variant: ListVariant, name: string) {
  const pattern = sql.placeholder('pattern');
  const owned = eq(projects.userId, sql.placeholder('userId'));
  const narrowing: SQL[] = [];
  if (variant.search) {
    const matches = or(
      sql`lower(${projects.name}) like ${pattern}`,
      sql`lower(${projects.sourceUrl}) like ${pattern}`,
    );
    if (matches) narrowing.push(matches);
  }
  const filter = filterCondition(variant.filter);
  if (filter) narrowing.push(filter);
  const pageConditions = [owned, ...narrowing];
  if (variant.cursor) {
    pageConditions.push(
      sql`(${projects.createdAt}, ${projects.id}) < (${sql.placeholder('cursorCreatedAt')}::timestamptz, ${sql.placeholder('cursorId')}::uuid)`,
    );
  }
  const matching = narrowing.length > 0 ? and(...narrowing) : undefined;
  const page = db
    .select(projectColumns)
    .from(projects)
    .leftJoin(jobs, eq(jobs.id, projects.jobId))
    .where(and(...pageConditions))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(sql.placeholder('limit'))
    .prepare(`${name}_page`);
  const counts = db
    .select({
      matching: matching
        ? sql<string | number>`count(*) filter (where ${matching})`
        : sql<string | number>`count(*)`,
      total: sql<string | number>`count(*)`,
      completed: sql<string | number>`count(*) filter (where ${projects.status} = 'completed')`,
      inProgress: sql<
        string | number
      >`count(*) filter (where ${notInArray(projects.status, [...TERMINAL_PROJECT_STATUSES])})`,
    })
    .from(projects)
    .where(owned)
    .prepare(`${name}_counts`);
  return { page, counts };
}

type ListStatements = ReturnType<typeof prepareListStatements>;

/** Prepared list statements per database and variant (12 variants at most): built once, reused. */
const listStatements = new WeakMap<AppDb, Map<string, ListStatements>>();

function getListStatements(db: AppDb, variant: ListVariant): ListStatements {
  let byVariant = listStatements.get(db);
  if (!byVariant) {
    byVariant = new Map();
    listStatements.set(db, byVariant);
  }
  const name = `projects_list_${variant.search ? 's' : 'n'}_${variant.filter.replace('-', '_')}_${variant.cursor ? 'c' : 'n'}`;
  let statements = byVariant.get(name);
  if (!statements) {
    statements = prepareListStatements(db, variant, name);
    byVariant.set(name, statements);
  }
  return statements;
}

/**
 * A page of the user's projects, newest first (keyset pagination on created_at, id), with the number
 * of matches and the counts for the stat cards. Prepared statements: the list is the busiest query.
 */
export async function listProjectsForUser(
  db: AppDb,
  userId: string,
  options: { search?: string; filter: ProjectListFilter; limit: number; cursor?: ListCursor },
): Promise<{
  items: ProjectRecord[];
  total: number;
  nextCursor: ListCursor | null;
  counts: { total: number; completed: number; inProgress: number };
}> {
  const search = options.search?.trim();
  const statements = getListStatements(db, {
    search: Boolean(search),
    filter: options.filter,
    cursor: options.cursor !== undefined,
  });
  const values = {
    userId,
    pattern: search ? `%${escapeLike(search.toLowerCase())}%` : undefined,
    cursorCreatedAt: options.cursor?.createdAt.toISOString(),
    cursorId: options.cursor?.id,
  };
  // Two round trips in parallel: the page, and every count in one pass over the user's projects.
  const [rows, counts] = await Promise.all([
    statements.page.execute({ ...values, limit: options.limit + 1 }),
    statements.counts.execute(values),
  ]);
  const items = rows.slice(0, options.limit).map(toRecord);
  const last = items.at(-1);
  return {
    items,
    total: Number(counts[0]?.matching ?? 0),
    nextCursor:
      rows.length > options.limit && last ? { createdAt: last.createdAt, id: last.id } : null,
    counts: {
      total: Number(counts[0]?.total ?? 0),
      completed: Number(counts[0]?.completed ?? 0),
      inProgress: Number(counts[0]?.inProgress ?? 0),
    },
  };
}

/** Inserts a project (status queued) and notifies INSERT; run inside the create transaction. */
export async function insertProject(
  tx: AppDb,
  values: {
    id: string;
    userId: string;
    name: string;
    description: string | null;
    sourceUrl: string;
    modernizationStrategy: ModernizationStrategy;
    includePaths: string[];
    excludePaths: string[];
    unbuiltLinks: UnbuiltLinks;
    aiAdditions: boolean;
    /** The batch it belongs to (issue 26). */
    batchId?: string | null;
  },
): Promise<void> {
  const now = new Date();
  await tx.insert(projects).values({ ...values, status: 'queued', createdAt: now, updatedAt: now });
  await notifyChange(tx, {
    kind: 'project',
    op: 'INSERT',
    userId: values.userId,
    projectId: values.id,
  });
}

/** Changes a project's fields and notifies UPDATE. Returns false when the project is gone. */
export async function updateProjectFields(
  tx: AppDb,
  userId: string,
  projectId: string,
  values: Partial<{
    name: string;
    description: string | null;
    modernizationStrategy: string;
    status: string;
    jobId: string | null;
    generatedCodeUrl: string | null;
    reportSummary: StoredReportSummary | null;
  }>,
): Promise<boolean> {
  const rows = await tx
    .update(projects)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .returning({ id: projects.id });
  if (rows.length === 0) return false;
  await notifyChange(tx, { kind: 'project', op: 'UPDATE', userId, projectId });
  return true;
}

/**
 * Replaces the report summary of a project that is still the completed result of `jobId` (a new run
 * or a deletion meanwhile wins), and notifies UPDATE. Returns false when it no longer is.
 */
export async function updateCompletedProjectSummary(
  tx: AppDb,
  values: { userId: string; projectId: string; jobId: string; summary: StoredReportSummary },
): Promise<boolean> {
  const rows = await tx
    .update(projects)
    .set({ reportSummary: values.summary, updatedAt: new Date() })
    .where(
      and(
        eq(projects.id, values.projectId),
        eq(projects.userId, values.userId),
        eq(projects.jobId, values.jobId),
        eq(projects.status, 'completed'),
      ),
    )
    .returning({ id: projects.id });
  if (rows.length === 0) return false;
  await notifyChange(tx, {
    kind: 'project',
    op: 'UPDATE',
    userId: values.userId,
    projectId: values.projectId,
  });
  return true;
}

/** Deletes a project (its jobs and logs go with it) and notifies DELETE. Returns the ids of its jobs. */
export async function deleteProjectRow(
  tx: AppDb,
  userId: string,
  projectId: string,
): Promise<{ deleted: boolean; jobIds: string[] }> {
  const jobRows = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.projectId, projectId), eq(jobs.userId, userId)));
  const rows = await tx
    .delete(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .returning({ id: projects.id });
  if (rows.length === 0) return { deleted: false, jobIds: [] };
  await notifyChange(tx, { kind: 'project', op: 'DELETE', userId, projectId });
  return { deleted: true, jobIds: jobRows.map((row) => row.id) };
}

/** Ids of the projects among `ids` that still exist. */
export async function existingProjectIds(db: AppDb, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids));
  return new Set(rows.map((row) => row.id));
}
