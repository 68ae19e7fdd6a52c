import type { ApiKey } from '@sitelift/shared/schemas/api-keys';
import type { AiProvider } from '@sitelift/shared/schemas/ai';
import type { CreditEntry } from '@sitelift/shared/schemas/credits';
import type { Project } from '@sitelift/shared/schemas/project';
import type { SiteliftReport } from '@sitelift/shared/schemas/report';
/** An in-memory stand-in for the server's accounts, shared by the MSW handlers of a test. */
export interface MockUser {
  id: string;
  email: string;
  password: string;
  name: string;
  emailVerified: boolean;
  createdAt: string;
  fullName: string | null;
  companyName: string | null;
  avatarUrl: string | null;
}

/** A project as the API sends it (the server's own schema). */
export type MockProject = Project;

/** A job with its log lines. */
export interface MockJob {
  id: string;
  status: 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED';
  logs: { id: string; level: string; message: string; created_at: string }[];
}

/** A plan the mock customer has or had (the server's subscriptions and purchases). */
export interface MockBillingProduct {
  productId: string;
  status: 'active' | 'canceled' | 'refunded';
  cancelAtPeriodEnd: boolean;
  startedAt: string;
  currentPeriodEnd: string | null;
  refundableUntil: string | null;
}

/** A test-mode checkout session. */
export interface MockCheckoutSession {
  id: string;
  productId: string;
  status: 'open' | 'complete' | 'canceled';
}

/** The billing side of the mock server (issue 13). */
export interface MockBilling {
  /** Subscriptions sold so far (the founder price applies below 250). */
  subscriptionsSold: number;
  products: MockBillingProduct[];
  sessions: Map<string, MockCheckoutSession>;
  referralCode: string | null;
  hasRedeemedReferral: boolean;
  /** Codes of other accounts that can be redeemed. */
  redeemableCodes: Set<string>;
  /** True for the local test mode (no Stripe key): no hosted billing portal. */
  testMode: boolean;
}

function buildMockBilling(): MockBilling {
  return {
    subscriptionsSold: 0,
    products: [],
    sessions: new Map(),
    referralCode: null,
    hasRedeemedReferral: false,
    redeemableCodes: new Set(),
    testMode: true,
  };
}

/** The GitHub side of the mock server (issue 14). */
export interface MockGithub {
  /** False: the server has no GitHub App configured. */
  configured: boolean;
  /** The connected account, or null. */
  user: {
    login: string;
    name: string | null;
    email: string | null;
    avatar_url: string | null;
  } | null;
  /** States bound to the session by POST /api/github/state. */
  states: string[];
  /** Codes GitHub would accept, with the account each connects. */
  validCodes: Set<string>;
  /** When set, the next deploy fails with this status and message. */
  deployFailure: { status: number; code: string; message: string } | null;
  /** When set, POST /api/github/disconnect fails with this status. */
  disconnectFailure: number | null;
  /** Repositories created, by project id (a deploy again makes another). */
  repositories: { projectId: string; url: string; isPublic: boolean }[];
}

function buildMockGithub(): MockGithub {
  return {
    configured: true,
    user: null,
    states: [],
    validCodes: new Set(['good-code']),
    deployFailure: null,
    disconnectFailure: null,
    repositories: [],
  };
}

/** An open server-sent-events response the test can write to. */
export interface MockEventStream {
  send: (text: string) => void;
  close: () => void;
}

/** The server side of Settings → AI model: the user's own model (its key kept apart), the default. */
export interface MockAi {
  own: {
    provider: AiProvider;
    model: string;
    base_url: string | null;
    key: string | null;
    updated_at: string;
  } | null;
  default: { provider: AiProvider; model: string } | null;
  tokens: number;
  budget: number;
  /** The key "Test connection" accepts (any other answers as a 401 would). */
  goodKey: string;
}

function buildMockAi(): MockAi {
  return {
    own: null,
    default: null,
    tokens: 0,
    budget: 2_000_000,
    goodKey: 'sk-good-key-1234567890',
  };
}

export const mockDb = {
  users: new Map<string, MockUser>(),
  /** E-mail of the signed-in user, or null. */
  sessionEmail: null as string | null,
  /** When set, GET /api/me/profile fails with this status. */
  profileFailure: null as number | null,
  /** Projects, newest first. */
  projects: [] as MockProject[],
  jobs: new Map<string, MockJob>(),
  /** Reports by project id. */
  reports: new Map<string, SiteliftReport>(),
  credits: 1,
  /** The credit ledger, newest first (GET /api/me/credits?entries=true). */
  creditEntries: [] as CreditEntry[],
  billing: buildMockBilling(),
  github: buildMockGithub(),
  /** When set, POST /api/projects answers with this status and error code. */
  createFailure: null as { status: number; code: string; message: string } | null,
  /** When set, GET /logs/:id/stream answers with this status. */
  logStreamStatus: null as number | null,
  /** Query strings of `GET /api/projects` requests. */
  listQueries: [] as string[],
  /** Open `/api/events` and `/logs/:id/stream` responses, newest last. */
  eventStreams: [] as MockEventStream[],
  logStreams: new Map<string, MockEventStream>(),
  ai: buildMockAi(),
  /** Profile → API keys (issue 26): the active keys and whether the plan includes API access. */
  apiKeys: { items: [] as ApiKey[], apiAccess: false },
  /** Calls made to the API, for assertions. */
  calls: [] as { method: string; path: string; body: unknown }[],
};

/** Adds a user; returns it. */
export function createMockUser(overrides: Partial<MockUser> = {}): MockUser {
  const user: MockUser = {
    id: `user-${mockDb.users.size + 1}`,
    email: 'ada@example.com',
    password: 'Secret123!',
    name: '',
    emailVerified: true,
    createdAt: '2026-01-15T10:00:00.000Z',
    fullName: null,
    companyName: null,
    avatarUrl: null,
    ...overrides,
  };
  mockDb.users.set(user.email, user);
  return user;
}

/** Signs `user` in for the next requests. */
export function signInAs(user: MockUser): void {
  mockDb.sessionEmail = user.email;
}

/** The signed-in user, if any. */
export function getSessionUser(): MockUser | null {
  return mockDb.sessionEmail ? (mockDb.users.get(mockDb.sessionEmail) ?? null) : null;
}

/** Empties the store between tests. */
export function resetMockDb(): void {
  mockDb.users.clear();
  mockDb.sessionEmail = null;
  mockDb.profileFailure = null;
  mockDb.calls = [];
  mockDb.projects = [];
  mockDb.listQueries = [];
  mockDb.jobs.clear();
  mockDb.reports.clear();
  mockDb.credits = 1;
  mockDb.creditEntries = [];
  mockDb.billing = buildMockBilling();
  mockDb.github = buildMockGithub();
  mockDb.ai = buildMockAi();
  mockDb.apiKeys = { items: [], apiAccess: false };
  mockDb.createFailure = null;
  mockDb.logStreamStatus = null;
  for (const stream of mockDb.eventStreams) stream.close();
  mockDb.eventStreams = [];
  for (const stream of mockDb.logStreams.values()) stream.close();
  mockDb.logStreams.clear();
}

let projectCounter = 0;

/** Moves the balance by `delta` and writes the ledger entry, as the server does. */
export function addCreditEntry(
  delta: number,
  reason: CreditEntry['reason'],
  detail: string | null = null,
  projectId: string | null = null,
): void {
  mockDb.credits += delta;
  mockDb.creditEntries.unshift({
    id: mockDb.creditEntries.length + 1,
    delta,
    reason,
    project_id: projectId,
    project_name: mockDb.projects.find((project) => project.id === projectId)?.name ?? null,
    job_id: null,
    detail,
    created_at: new Date().toISOString(),
  });
}

/** Adds a project (newest first); returns it. */
export function createMockProject(overrides: Partial<MockProject> = {}): MockProject {
  projectCounter += 1;
  const project: MockProject = {
    id: `project-${projectCounter}`,
    user_id: 'user-1',
    name: `Project ${projectCounter}`,
    description: null,
    source_url: `https://site-${projectCounter}.example.com`,
    modernization_strategy: 'INCREMENTAL_UPDATE',
    target_framework: 'React',
    status: 'completed',
    job_id: `job-${projectCounter}`,
    job_status: 'COMPLETED',
    generated_code_url: `/api/projects/project-${projectCounter}/download`,
    github_repo_url: null,
    include_paths: [],
    exclude_paths: [],
    unbuilt_links: 'keep',
    ai_additions: true,
    error_message: null,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, projectCounter)).toISOString(),
    updated_at: new Date(Date.UTC(2026, 0, 1, 0, projectCounter)).toISOString(),
    report_summary: null,
    report_url: null,
    preview_url: null,
    thumbnails: null,
    ...overrides,
  };
  mockDb.projects.unshift(project);
  return project;
}

/** A ReadableStream body the test writes server-sent events to. */
export function buildMockEventStream(): {
  body: ReadableStream<Uint8Array>;
  stream: MockEventStream;
} {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let isClosed = false;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      isClosed = true;
    },
  });
  return {
    body,
    stream: {
      send: (text) => {
        if (!isClosed) controller?.enqueue(encoder.encode(text));
      },
      close: () => {
        if (isClosed) return;
        isClosed = true;
        controller?.close();
      },
    },
  };
}
