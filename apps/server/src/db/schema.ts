import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Better Auth's four tables (user, session, account, verification) with snake_case columns. The JS keys
// are Better Auth's field names, which its Drizzle adapter looks up. The spec's profile fields
// (full_name, company_name, avatar_url) live on the users row: see docs/decisions/004-profile-on-users-table.md (repository root).

/** Accounts: Better Auth's user plus the profile of spec §3. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull().default(''),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  fullName: text('full_name'),
  companyName: text('company_name'),
  avatarUrl: text('avatar_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Signed-in sessions (the cookie holds a signed token). */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** Credentials and linked providers; the password hash lives here. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

/** One-time values: password-reset tokens and the like. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

/** A short summary of a finished run, stored with the project (see shared ReportSummary). */
export interface StoredReportSummary {
  pages: number;
  routes: string[];
  text_coverage: number;
  build_ok: boolean;
  not_carried: number;
  lighthouse?: { before: Record<string, number>; after: Record<string, number> };
  /** Screenshot file names stored with the artifacts (`before/home-desktop.png`...). */
  screenshots: string[];
  /** True when the built dist/ for the preview is stored. */
  preview: boolean;
}

/** Projects of spec §3 (status values of spec §4: queued, processing, generating, completed, failed). */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    sourceUrl: text('source_url').notNull(),
    modernizationStrategy: text('modernization_strategy').notNull(),
    targetFramework: text('target_framework').notNull().default('React'),
    status: text('status').notNull().default('queued'),
    jobId: uuid('job_id'),
    generatedCodeUrl: text('generated_code_url'),
    githubRepoUrl: text('github_repo_url'),
    reportSummary: jsonb('report_summary').$type<StoredReportSummary>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The list: WHERE user_id = $1 ORDER BY created_at DESC, id DESC (keyset pagination).
    index('projects_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('projects_user_status_idx').on(table.userId, table.status),
    index('projects_user_lower_name_idx').on(table.userId, sql`lower(${table.name})`),
    index('projects_user_lower_source_url_idx').on(table.userId, sql`lower(${table.sourceUrl})`),
  ],
);

/**
 * Runs of the modernization (spec §3 jobs): one per create or retry. The queue (pg-boss) job has the
 * same id. `lease_owner`/`lease_expires_at` make sure only one worker runs a job at a time.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** Milliseconds per engine stage of the successful attempt. */
    timings: jsonb('timings').$type<Record<string, number>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_project_id_idx').on(table.projectId),
    index('jobs_status_lease_idx').on(table.status, table.leaseExpiresAt),
  ],
);

/** Log lines of a job (spec §3 job_logs); the bigserial id orders them and is the SSE event id. */
export const jobLogs = pgTable(
  'job_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    level: text('level').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('job_logs_job_id_id_idx').on(table.jobId, table.id)],
);

/**
 * The append-only credit ledger: the balance is the sum of `delta`. Every entry has a unique
 * idempotency key (`signup:<userId>`, `job:<jobId>`, `refund:<jobId>`...), so repeating an operation
 * never books it twice. Project and job references are plain values: the history outlives deletes.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    projectId: uuid('project_id'),
    jobId: uuid('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('credit_ledger_idempotency_key_idx').on(table.idempotencyKey),
    index('credit_ledger_user_id_idx').on(table.userId, table.id),
  ],
);

/**
 * Project and job changes as `GET /api/events` sends them, kept for a while so that a client that
 * reconnects with `Last-Event-ID` gets what it missed, from whichever process it reaches. The id is the
 * SSE event id; `notice` is the ChangeNotice of db/notify.ts. Rows older than the retention are pruned.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notice: jsonb('notice').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('realtime_events_user_id_id_idx').on(table.userId, table.id),
    index('realtime_events_created_at_idx').on(table.createdAt),
  ],
);

/** Every table, for drizzle() and the Better Auth adapter. */
export const schema = {
  users,
  sessions,
  accounts,
  verifications,
  projects,
  jobs,
  jobLogs,
  creditLedger,
  realtimeEvents,
};
