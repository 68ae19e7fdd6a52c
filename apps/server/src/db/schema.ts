import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  doublePrecision,
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
  /** E-mail when a project completes or fails (issue 22 item 4); the user turns it off in the profile. */
  notifyJobOutcome: boolean('notify_job_outcome').notNull().default(true),
  /** Sign-in asks for an authenticator code (Better Auth's two-factor plugin; issue 28). */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
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
    /** Last request made with the session (touched at most once a minute; the device list shows it). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * Authenticator-app secrets and backup codes (Better Auth's two-factor plugin): both encrypted with the
 * auth secret; one row per user, `verified` once the first code from the app was accepted.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    /** Consecutive failed codes at sign-in (the plugin locks the account for a while at 10). */
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [uniqueIndex('two_factors_user_id_idx').on(table.userId)],
);

/**
 * Passkeys (WebAuthn credentials; Better Auth's passkey plugin, issue 28): a sign-in method and a second
 * factor. The JS keys are the plugin's field names; `lastUsedAt` is ours (written after a passkey
 * signs in or confirms a sign-in).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    /** The credential's public key (COSE, base64). */
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The authenticator's credential id (base64url), unique across all accounts. */
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull().default(0),
    /** singleDevice or multiDevice (synced). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    /** Comma-separated transports the authenticator reported (internal, hybrid, usb…). */
    transports: text('transports'),
    aaguid: text('aaguid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    index('passkeys_user_id_idx').on(table.userId),
    uniqueIndex('passkeys_credential_id_idx').on(table.credentialID),
  ],
);

/**
 * Devices a user has signed in from (a hash of browser, system and network): a sign-in from one not
 * seen before sends the "new sign-in" e-mail (issue 28).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceKey: text('device_key').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('known_devices_user_device_idx').on(table.userId, table.deviceKey)],
);

/**
 * "Export my data" requests (issue 28): prepared by the worker; the archive is stored in the artifact
 * store under the export's id and expires after a week.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** pending, ready, failed. */
    status: text('status').notNull().default('pending'),
    sizeBytes: integer('size_bytes'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [index('data_exports_user_idx').on(table.userId, table.createdAt)],
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
  /** Pages found on the site: those rebuilt and those not (report `not_rebuilt`); absent in older runs. */
  pages_found?: number;
  routes: string[];
  text_coverage: number;
  build_ok: boolean;
  not_carried: number;
  lighthouse?: { before: Record<string, number>; after: Record<string, number> };
  /**
   * Lighthouse runs after delivery (decision record 042): 'measuring' until its figures are in
   * `lighthouse` ('done') or it could not run ('failed'). Absent: not measured (LIGHTHOUSE=off, or a
   * run from before the split, whose figures are in `lighthouse` when it had them).
   */
  lighthouse_status?: 'measuring' | 'done' | 'failed';
  /** The report's `fidelity.overall` when the run measured it (the dashboard card's score). */
  fidelity?: { block: number; text: number; position: number; color: number; visual: number };
  /** Screenshot file names stored with the artifacts (`before/home-desktop.webp`...; `.png` in older runs). */
  screenshots: string[];
  /** True when the built dist/ for the preview is stored. */
  preview: boolean;
  /** What the model did (issue 25), when the run used one. */
  ai?: {
    provider: string;
    model: string;
    tokens_in: number;
    tokens_out: number;
    cost_usd: number | null;
    patches_kept: number;
    patches_total: number;
  };
}

/**
 * A project's hosted site (issue 27), as the deploy worker writes it: the API answers the public part
 * (`toProjectHostingJson`), never `siteId`/`claimKey`.
 */
export interface StoredHosting {
  provider: 'netlify' | 'vercel' | 'cloudflare';
  mode: 'own' | 'claim';
  status: 'deploying' | 'live' | 'failed' | 'removing';
  /** The host's id and name of the site (Netlify site, Vercel project, Pages project). */
  siteId: string | null;
  siteName: string | null;
  /** Netlify claimable sites: the session id the claim link is signed over. */
  claimKey: string | null;
  url: string | null;
  claimUrl: string | null;
  claimExpiresAt: string | null;
  error: string | null;
  progress: { label: string; done: number; total: number } | null;
  deployedAt: string | null;
  deployId: string | null;
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
    /**
     * `owner/name` of the repository a deploy created (issue 14), written right after creation: a deploy
     * that failed half-way is retried into the same repository instead of a second one.
     */
    githubRepoFullName: text('github_repo_full_name'),
    reportSummary: jsonb('report_summary').$type<StoredReportSummary>(),
    /** The pages to rebuild (issue 24): path patterns to include (empty: all) and to leave out. */
    includePaths: text('include_paths')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    excludePaths: text('exclude_paths')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Links to pages that were not rebuilt: 'keep' (to the original) or 'remove' (words kept). */
    unbuiltLinks: text('unbuilt_links').notNull().default('keep'),
    /**
     * Whether the model may write what the original lacks (meta descriptions, alt text; issue 25).
     * Only used when a model is configured.
     */
    aiAdditions: boolean('ai_additions').notNull().default(true),
    /** The project's hosted site (issue 27): where it lives, its claim link, the last run's state. */
    hosting: jsonb('hosting').$type<StoredHosting>(),
    /** The batch the project was created in (issue 26), or null for a project made on its own. */
    batchId: uuid('batch_id').references((): AnyPgColumn => batches.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('projects_batch_idx').on(table.batchId),
    // The list: WHERE user_id = $1 ORDER BY created_at DESC, id DESC (keyset pagination).
    index('projects_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('projects_user_status_idx').on(table.userId, table.status),
    index('projects_user_lower_name_idx').on(table.userId, sql`lower(${table.name})`),
    index('projects_user_lower_source_url_idx').on(table.userId, sql`lower(${table.sourceUrl})`),
  ],
);

/** The engine's progress of a running job, as the project card shows it. */
export interface JobProgress {
  stage: string;
  label: string;
  done: number;
  total: number;
  /** The job as a whole (issue 22): step k of n, its share 0..1 (never going back) and seconds left. */
  step?: number;
  steps?: number;
  overall?: number;
  remainingSeconds?: number;
}

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
    /** Where the running attempt is: the engine's last `{ stage, label, done, total }` (issue 15). */
    progress: jsonb('progress').$type<JobProgress>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * When the job's outcome mail was claimed (issue 22 item 4): set once by an atomic UPDATE, so the
     * e-mail goes out once per outcome whoever ends the job and however often.
     */
    outcomeNotifiedAt: timestamp('outcome_notified_at', { withTimezone: true }),
    /**
     * When the job's project.completed / project.failed webhooks were queued (issue 26): claimed once
     * like `outcome_notified_at`, so each outcome is announced once.
     */
    webhooksQueuedAt: timestamp('webhooks_queued_at', { withTimezone: true }),
    /** The model the successful attempt used (issue 25), or null when it ran offline. */
    aiProvider: text('ai_provider'),
    aiModel: text('ai_model'),
    /** Tokens the model read and wrote in this job; they count against the user's monthly budget. */
    aiTokensIn: integer('ai_tokens_in').notNull().default(0),
    aiTokensOut: integer('ai_tokens_out').notNull().default(0),
    /** Estimated cost in US dollars (null: unknown price or no model). */
    aiCostUsd: doublePrecision('ai_cost_usd'),
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
    /** What the entry is about beyond project and job: a product id, a referral code (issue 13). */
    detail: text('detail'),
    /** The project's name, kept when the project is deleted (the history names it; issue 22). */
    projectName: text('project_name'),
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

// Billing (issue 13, docs/decisions/021-billing-providers-and-credits.md). Credits themselves live only in
// the ledger above; these tables say what was bought, from which provider, and what was refunded.

/** The payment provider's customer of a user ('stripe', or 'test' for the local test mode). */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    name: text('name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('billing_customers_provider_id_idx').on(table.provider, table.providerCustomerId),
  ],
);

/** Checkout sessions we started; the price charged is decided (founder or regular) when it is created. */
export const billingCheckoutSessions = pgTable(
  'billing_checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    productId: text('product_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval'),
    isFounderPrice: boolean('is_founder_price').notNull().default(false),
    /** open, complete, canceled. */
    status: text('status').notNull().default('open'),
    url: text('url'),
    /** The subscription this purchase replaces (a plan change); it ends at its period end. */
    replacesSubscriptionId: uuid('replaces_subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('billing_checkout_sessions_provider_id_idx').on(
      table.provider,
      table.providerSessionId,
    ),
    index('billing_checkout_sessions_user_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * Subscriptions sold. Every row counts towards the 250 founder subscriptions; `amount` is the price the
 * subscriber pays for as long as the subscription lives (founder or regular).
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    checkoutSessionId: text('checkout_session_id'),
    productId: text('product_id').notNull(),
    interval: text('interval').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    isFounderPrice: boolean('is_founder_price').notNull(),
    /** active, canceling (ends at period end), canceled, refunded. */
    status: text('status').notNull().default('active'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('billing_subscriptions_provider_id_idx').on(
      table.provider,
      table.providerSubscriptionId,
    ),
    index('billing_subscriptions_user_idx').on(table.userId, table.status),
  ],
);

/** Paid invoices and one-time payments, with the credits they granted (the 14-day refund reads them). */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Null once the account was deleted: payments are bookkeeping records the law makes us keep, so
     * the row stays, anonymised (issue 28).
     */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    /** `invoice:<id>` for a subscription period, `checkout:<id>` for a one-time purchase. */
    paymentKey: text('payment_key').notNull(),
    subscriptionId: uuid('subscription_id'),
    productId: text('product_id').notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    providerPaymentIntentId: text('provider_payment_intent_id'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    credits: integer('credits').notNull(),
    /** The ledger entry of the grant (its idempotency key). */
    ledgerKey: text('ledger_key').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    providerRefundId: text('provider_refund_id'),
  },
  (table) => [
    uniqueIndex('billing_payments_payment_key_idx').on(table.paymentKey),
    index('billing_payments_subscription_idx').on(table.subscriptionId, table.paidAt),
  ],
);

/** Provider events already processed: the unique id makes each one count exactly once. */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Billing entities of spec §3 (sub-accounts of a customer), scoped to their user. */
export const billingEntities = pgTable(
  'billing_entities',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entityId: text('entity_id').notNull(),
    name: text('name'),
    featureId: text('feature_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('billing_entities_user_entity_idx').on(table.userId, table.entityId)],
);

/** One referral code per user. */
export const referralCodes = pgTable('referral_codes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Redeemed referral codes: one per redeeming account (the unique user id). */
export const referralRedemptions = pgTable(
  'referral_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    referrerUserId: text('referrer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    redeemerUserId: text('redeemer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The redeemer's mailbox (lower case, no +tag, Gmail without dots): one redemption per person. */
    redeemerMailbox: text('redeemer_mailbox'),
    /** When the redeemer first paid or completed a project: the referrer's credit is due then. */
    qualifiedAt: timestamp('qualified_at', { withTimezone: true }),
    /** True once the referrer received the credit of this redemption (at most the cap in all). */
    referrerCredited: boolean('referrer_credited').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('referral_redemptions_redeemer_idx').on(table.redeemerUserId),
    uniqueIndex('referral_redemptions_mailbox_idx').on(table.redeemerMailbox),
    index('referral_redemptions_referrer_idx').on(table.referrerUserId),
  ],
);

// GitHub delivery (issue 14, docs/decisions/026-github-app-and-token-storage.md).

/**
 * A user's GitHub connection (spec §3 code-hosting token record): one row per user, upserted on connect.
 * `access_token` and `refresh_token` hold AES-256-GCM ciphertext (`v1:iv:tag:ct`), never the tokens.
 */
export const githubTokens = pgTable('github_tokens', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  githubUserId: text('github_user_id').notNull(),
  githubUsername: text('github_username').notNull(),
  githubEmail: text('github_email'),
  githubAvatarUrl: text('github_avatar_url'),
  githubName: text('github_name'),
  isActive: boolean('is_active').notNull().default(true),
  accessToken: text('access_token'),
  refreshToken: text('refresh_token'),
  /** When the access token expires (null: a token that does not expire). */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's own model (issue 25): used for their jobs instead of the operator's default. The key is
 * ciphertext (github/token-crypto.ts, the GitHub tokens' cipher); only its last four characters are
 * kept readable so the settings screen can tell which key is saved.
 */
export const userAiSettings = pgTable('user_ai_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  model: text('model').notNull(),
  baseUrl: text('base_url'),
  apiKey: text('api_key'),
  apiKeyLast4: text('api_key_last4'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Anti-forgery states of the GitHub authorization, bound to the user who asked; single use, 10 minutes. */
export const githubOauthStates = pgTable(
  'github_oauth_states',
  {
    /** SHA-256 (hex) of the state the browser made. */
    stateHash: text('state_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('github_oauth_states_user_idx').on(table.userId)],
);

/**
 * Share links of a live preview (issue 22 item 3, docs/decisions/038-preview-share-links.md): anyone
 * holding the link sees the preview's pages until it expires or its owner revokes it. Only the
 * SHA-256 (hex) of the token is stored; the link is shown to its owner once, when it is made.
 */
export const previewShareLinks = pgTable(
  'preview_share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('preview_share_links_token_hash_idx').on(table.tokenHash),
    index('preview_share_links_project_idx').on(table.projectId, table.createdAt),
  ],
);

/**
 * API keys of the public API (issue 26): only the SHA-256 (hex) of the key is stored, with its first
 * characters (`prefix`) to tell keys apart; the key itself is shown to its owner once. Each key counts
 * its own requests in a fixed window (`rate_window_start`, `rate_count`), updated by the same
 * statement that checks the key, so every process sees one count.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    /** What the key may do: read, projects, billing-read. */
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    rateWindowStart: timestamp('rate_window_start', { withTimezone: true }).notNull().defaultNow(),
    rateCount: integer('rate_count').notNull().default(0),
  },
  (table) => [
    uniqueIndex('api_keys_key_hash_idx').on(table.keyHash),
    index('api_keys_user_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * Idempotency keys of the public API's POSTs (issue 26), per key owner: the first request with a key
 * claims the row (`pending`), its successful answer is kept (`done`) and replayed to a repeat with the
 * same request fingerprint until `expires_at`.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and canonical JSON body. */
    fingerprint: text('fingerprint').notNull(),
    /** pending (the first request is running) or done. */
    state: text('state').notNull().default('pending'),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_expires_idx').on(table.expiresAt),
  ],
);

/** A user's token for a hosting provider (issue 27), encrypted like the GitHub tokens. */
export const hostingConnections = pgTable(
  'hosting_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** Ciphertext (github/token-crypto.ts). */
    token: text('token').notNull(),
    tokenLast4: text('token_last4'),
    /** The account the token belongs to, as the provider names it. */
    accountName: text('account_name').notNull(),
    /** Vercel team or Cloudflare account the deploys go to (null: the personal one). */
    accountId: text('account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('hosting_connections_user_provider_idx').on(table.userId, table.provider),
  ],
);

/** Deploy and removal runs of hosted sites (issue 27), with their log. */
export const hostingDeploys = pgTable(
  'hosting_deploys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    mode: text('mode').notNull(),
    /** deploy or remove. */
    action: text('action').notNull(),
    /** QUEUED, RUNNING, COMPLETED, FAILED. */
    status: text('status').notNull().default('QUEUED'),
    error: text('error'),
    logs: jsonb('logs')
      .$type<{ at: string; level: 'INFO' | 'WARNING' | 'ERROR'; message: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('hosting_deploys_project_idx').on(table.projectId, table.createdAt)],
);

// Webhooks and batches (issue 26).

/**
 * A user's webhook endpoint: where Standard Webhooks messages of the chosen events are POSTed. The
 * signing secret (`whsec_...`) is stored encrypted (github/token-crypto.ts) and shown once. After a
 * rotation the previous secret also signs until `previous_secret_expires_at`, so a receiver can roll
 * over without losing messages.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_user_idx').on(table.userId, table.createdAt)],
);

/**
 * One message to one endpoint and its delivery state: the outbox the worker's dispatcher drains.
 * `message_id` is the `webhook-id` header (kept by a redelivery, so receivers can de-duplicate);
 * `status` is pending until a 2xx answer (delivered) or the retry schedule ends (failed).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** Set while an attempt runs: another dispatcher leaves the row alone until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastDurationMs: integer('last_duration_ms'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt.desc()),
  ],
);

/** An accepted line of a batch: its number in the list, its URL and the project made for it. */
export interface BatchAcceptedLine {
  line: number;
  url: string;
  projectId: string;
}

/** A rejected line of a batch: its number in the list, what it said, and why it was not started. */
export interface BatchRejectedLine {
  line: number;
  url: string;
  reason: string;
}

/**
 * A list of sites submitted at once (issue 26): one project per accepted URL (projects.batch_id),
 * their credits taken in the transaction that created them. `finished_at` is set once, when the last
 * project ends: that claim sends the batch's one e-mail and its batch.completed webhook.
 */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    modernizationStrategy: text('modernization_strategy').notNull(),
    /** running, completed. */
    status: text('status').notNull().default('running'),
    lineCount: integer('line_count').notNull(),
    accepted: jsonb('accepted').$type<BatchAcceptedLine[]>().notNull(),
    rejected: jsonb('rejected').$type<BatchRejectedLine[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Set when the batch ends, cleared once its e-mail went out (a failed send is tried again). */
    mailPending: boolean('mail_pending').notNull().default(false),
    /** Sends of the batch's e-mail tried so far (a bounded number: BATCH_MAIL_RETRY). */
    mailAttempts: integer('mail_attempts').notNull().default(0),
    /** Not before this time is the e-mail tried again after a failed send (null: at once). */
    mailRetryAt: timestamp('mail_retry_at', { withTimezone: true }),
  },
  (table) => [index('batches_user_created_idx').on(table.userId, table.createdAt.desc())],
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
  billingCustomers,
  billingCheckoutSessions,
  billingSubscriptions,
  billingPayments,
  billingWebhookEvents,
  billingEntities,
  referralCodes,
  referralRedemptions,
  githubTokens,
  githubOauthStates,
  previewShareLinks,
  userAiSettings,
  apiKeys,
  idempotencyKeys,
  hostingConnections,
  hostingDeploys,
  webhookEndpoints,
  webhookDeliveries,
  batches,
};
