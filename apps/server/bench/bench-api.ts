import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { bookLedgerEntry, getCreditBalance } from '../src/db/credits.repository';
import { openDatabase, type AppDb } from '../src/db/database';
import { appendJobLogs } from '../src/db/jobs.repository';
import { creditLedger, jobs, projects, users } from '../src/db/schema';
import { startFixtureSite } from '../test/helpers/fixture-site';
import { runApiClientsScenario } from './bench-api-clients';
import { benchWebhookDeliveries } from './bench-webhooks';

// npm run bench:api — the API under load on PostgreSQL (TEST_DATABASE_URL or DATABASE_URL; a database of
// its own is created and dropped): 100 users / 10,000 projects and the list endpoint at 50 connections;
// 1,000 SSE log followers on one server process; 100 API clients creating projects with idempotency
// keys (bench-api-clients.ts); 50 jobs submitted at once through the real engine;
// 1,000 webhook deliveries to a slow receiver (issue 26; --webhooks N, --webhook-delay MS, and
// --only-webhooks to run that part alone).
// Options: --skip-jobs, --jobs N, --sse N, --profile DIR (the server writes a V8 CPU profile there),
// --only api-clients (only the API clients scenario, on a web process without a worker).

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SERVER_DIR = path.resolve(HERE, '..');
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const USERS = 100;
const PROJECTS_PER_USER = 100;
const SSE_CLIENTS = option('--sse', 1000);
const JOBS = option('--jobs', 50);
const SKIP_JOBS = args.includes('--skip-jobs');
const WEBHOOKS = option('--webhooks', 1000);
const WEBHOOK_DELAY_MS = option('--webhook-delay', 200);
const PROFILE_DIR = args.includes('--profile') ? args[args.indexOf('--profile') + 1] : undefined;
const PASSWORD = 'Sitelift2026';
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

async function getFreePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** CPU time (user + system) the process has used, in ms (/proc/<pid>/stat, 100 ticks a second). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
}

async function startBenchServer(env: Record<string, string>): Promise<{
  url: string;
  pid: number;
  child: ChildProcess;
}> {
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [];
  const script = path.join(HERE, 'bench-server.ts');
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      buffer += chunk;
      const line = buffer.split('\n')[0];
      if (buffer.includes('\n') && line) {
        const { url, pid } = JSON.parse(line) as { url: string; pid: number };
        resolve({ url, pid, child });
      }
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function request(
  url: string,
  options: { method?: string; body?: unknown; cookie?: string } = {},
): Promise<{ status: number; json: unknown; setCookie: string[] }> {
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.method && options.method !== 'GET' ? { origin: new URL(url).origin } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text ? (JSON.parse(text) as unknown) : undefined,
    setCookie: response.headers.getSetCookie(),
  };
}

async function signUpAndIn(baseUrl: string, db: AppDb, email: string): Promise<string> {
  const signUp = await request(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    body: { email, password: PASSWORD, name: '', callbackURL: '/auth/callback' },
  });
  if (signUp.status !== 200) throw new Error(`sign-up ${signUp.status}`);
  await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const signIn = await request(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    body: { email, password: PASSWORD },
  });
  if (signIn.status !== 200) throw new Error(`sign-in ${signIn.status}`);
  return signIn.setCookie.map((line) => line.split(';')[0]).join('; ');
}

async function main(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) {
    process.stderr.write('bench:api needs TEST_DATABASE_URL or DATABASE_URL (PostgreSQL).\n');
    process.exit(2);
  }
  const name = `sitelift_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const databaseUrl = dbUrl.toString();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sitelift-bench-api-'));
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  const db = database.db;
  const site = await startFixtureSite();
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  const results: Record<string, string> = {};
  try {
    if (args.includes('--only-webhooks')) {
      results.webhooks = await benchWebhookDeliveries(db, {
        count: WEBHOOKS,
        delayMs: WEBHOOK_DELAY_MS,
      });
      process.stdout.write(`webhooks: ${results.webhooks}\n`);
      return;
    }
    const port = await getFreePort();
    server = await startBenchServer({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ALLOW_PRIVATE_URLS: 'true',
      AUTH_RATE_LIMIT_MAX: '1000000',
      API_RATE_LIMIT_MAX: '1000000',
      ...(ONLY === 'api-clients' ? { BENCH_ROLE: 'web' } : {}),
      WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY ?? '2',
      MAX_PAGES: '2',
    });
    const baseUrl = server.url;
    process.stdout.write(`server ${baseUrl} (pid ${server.pid}), database ${name}\n`);

    // --- 100 API clients creating projects with idempotency keys (issue 26)
    const runApiClients = async () => {
      const email = `bench-api-${randomBytes(3).toString('hex')}@example.com`;
      const cookie = await signUpAndIn(baseUrl, db, email);
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const outcome = await runApiClientsScenario({
        baseUrl,
        db,
        cookie,
        userId: row?.id ?? '',
        sourceUrl: `${site.url}/shop/`,
      });
      results.apiClients = outcome.summary;
      process.stdout.write(
        `api clients: duplicates ${outcome.duplicates} (must be 0), overdraw ${outcome.overdraw} (must be 0), p50 ${outcome.p50} ms, p95 ${outcome.p95} ms\n  ${outcome.summary}\n`,
      );
      if (outcome.duplicates !== 0 || outcome.overdraw !== 0 || outcome.mismatched !== 0) {
        process.exitCode = 1;
      }
    };
    if (ONLY === 'api-clients') {
      await runApiClients();
      return;
    }

    // --- seed: 100 users (signed in), 10,000 projects
    const started = Date.now();
    const cookies: string[] = [];
    const userIds: string[] = [];
    for (let index = 0; index < USERS; index += 8) {
      const batch = Array.from({ length: Math.min(8, USERS - index) }, (_, offset) =>
        signUpAndIn(
          baseUrl,
          db,
          `bench-${index + offset}-${randomBytes(3).toString('hex')}@example.com`,
        ),
      );
      cookies.push(...(await Promise.all(batch)));
    }
    for (const row of await db.select({ id: users.id }).from(users)) userIds.push(row.id);
    const statuses = ['completed', 'completed', 'failed', 'queued', 'processing', 'generating'];
    const now = Date.now();
    for (const [userIndex, userId] of userIds.entries()) {
      const values = Array.from({ length: PROJECTS_PER_USER }, (_, index) => ({
        id: randomUUID(),
        userId,
        name: `Site ${userIndex}-${index} ${index % 7 === 0 ? 'Bakery' : 'Garage'}`,
        sourceUrl: `https://example-${userIndex}-${index}.com/`,
        modernizationStrategy: 'INCREMENTAL_UPDATE',
        status: statuses[index % statuses.length] ?? 'queued',
        createdAt: new Date(now - (userIndex * PROJECTS_PER_USER + index) * 1000),
        updatedAt: new Date(now),
      }));
      await db.insert(projects).values(values);
    }
    await database.db.execute(sql`analyze`);
    results.seed = `${USERS} users, ${USERS * PROJECTS_PER_USER} projects in ${((Date.now() - started) / 1000).toFixed(1)} s`;
    process.stdout.write(`seeded: ${results.seed}\n`);

    // --- list endpoint at 50 connections
    const paths = [
      '/api/projects?limit=5',
      '/api/projects?limit=5&status=in-progress',
      '/api/projects?limit=5&search=bakery',
      '/api/projects?limit=10&status=completed',
    ];
    let counter = 0;
    const runList = (duration: number, connections = 50) =>
      autocannon({
        url: baseUrl,
        connections,
        duration,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => {
              counter += 1;
              return {
                ...req,
                path: paths[counter % paths.length] ?? '/api/projects',
                headers: { cookie: cookies[counter % cookies.length] ?? '' },
              };
            },
          },
        ],
      });
    await runList(3); // warm-up
    const single = await runList(5, 1);
    results.listOneConnection = `p50 ${single.latency.p50} ms, p99 ${single.latency.p99} ms, ${Math.round(single.requests.average)} req/s (1 connection, 5 s)`;
    process.stdout.write(`list, 1 connection: ${results.listOneConnection}\n`);
    const cpuBefore = cpuMs(server.pid);
    const list = await runList(15);
    const cpuPerRequest = (cpuMs(server.pid) - cpuBefore) / Math.max(1, list.requests.total);
    const non2xx = list.non2xx;
    results.list = `p50 ${list.latency.p50} ms, p99 ${list.latency.p99} ms, ${Math.round(list.requests.average)} req/s (50 connections, 15 s, ${list.requests.total} requests, ${non2xx} non-2xx); server CPU ${cpuPerRequest.toFixed(2)} ms per request; machine load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`;
    process.stdout.write(`list: ${results.list}\n`);

    // --- 1,000 SSE followers of one job's log on the server process
    const ownerCookie = cookies[0] ?? '';
    const ownerId = (
      (await request(`${baseUrl}/api/me/profile`, { cookie: ownerCookie })).json as { id: string }
    ).id;
    const projectId = randomUUID();
    const jobId = randomUUID();
    await db.insert(projects).values({
      id: projectId,
      userId: ownerId,
      name: 'SSE bench',
      sourceUrl: 'https://example.com/',
      modernizationStrategy: 'INCREMENTAL_UPDATE',
      status: 'processing',
      jobId,
    });
    await db.insert(jobs).values({
      id: jobId,
      projectId,
      userId: ownerId,
      status: 'RUNNING',
      attempts: 1,
      maxAttempts: 3,
      leaseOwner: 'bench',
      leaseExpiresAt: new Date(Date.now() + 3600_000),
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    const latencies: number[] = [];
    let connected = 0;
    let received = 0;
    const clients: http.ClientRequest[] = [];
    const rssBefore = rssMb(server.pid);
    const openClient = () =>
      new Promise<void>((resolve, reject) => {
        const req = http.get(
          `${baseUrl}/logs/${jobId}/stream`,
          { agent, headers: { cookie: ownerCookie, accept: 'text/event-stream' } },
          (res) => {
            if (res.statusCode !== 200) {
              reject(new Error(`SSE status ${res.statusCode}`));
              return;
            }
            connected += 1;
            res.setEncoding('utf8');
            let buffer = '';
            res.on('data', (chunk: string) => {
              buffer += chunk;
              let index;
              while ((index = buffer.indexOf('\n\n')) >= 0) {
                const block = buffer.slice(0, index);
                buffer = buffer.slice(index + 2);
                const sent = /sent=(\d+)/.exec(block)?.[1];
                if (sent) {
                  latencies.push(Date.now() - Number(sent));
                  received += 1;
                }
              }
            });
            resolve();
          },
        );
        req.on('error', reject);
        clients.push(req);
      });
    for (let index = 0; index < SSE_CLIENTS; index += 50) {
      await Promise.all(Array.from({ length: Math.min(50, SSE_CLIENTS - index) }, openClient));
    }
    let peakRss = rssMb(server.pid);
    const LINES = 20;
    for (let line = 0; line < LINES; line += 1) {
      await appendJobLogs(db, jobId, 'bench', [
        { level: 'INFO', message: `bench line ${line} sent=${Date.now()}`, createdAt: new Date() },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 250));
      peakRss = Math.max(peakRss, rssMb(server.pid));
    }
    for (let wait = 0; wait < 100 && received < LINES * SSE_CLIENTS; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    peakRss = Math.max(peakRss, rssMb(server.pid));
    results.sse = `${connected} clients, ${received}/${LINES * SSE_CLIENTS} lines delivered, latency p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${Math.max(...latencies)} ms; server RSS ${rssBefore.toFixed(0)} MB before, peak ${peakRss.toFixed(0)} MB with the streams open`;
    process.stdout.write(`sse: ${results.sse}\n`);
    for (const req of clients) req.destroy();
    agent.destroy();
    await db.update(jobs).set({ status: 'COMPLETED', leaseOwner: null }).where(eq(jobs.id, jobId));

    await runApiClients();

    // --- 50 jobs submitted at once through the real engine
    if (!SKIP_JOBS) {
      const jobUser = cookies[1] ?? '';
      const jobUserId = (
        (await request(`${baseUrl}/api/me/profile`, { cookie: jobUser })).json as { id: string }
      ).id;
      await bookLedgerEntry(db, {
        userId: jobUserId,
        idempotencyKey: `grant:bench:${jobUserId}`,
        delta: JOBS,
        reason: 'grant',
      });
      const balanceBefore = await getCreditBalance(db, jobUserId);
      const submitted = Date.now();
      const creates = await Promise.all(
        Array.from({ length: JOBS }, (_, index) =>
          request(`${baseUrl}/api/projects`, {
            method: 'POST',
            cookie: jobUser,
            body: {
              name: `Bench job ${index}`,
              sourceUrl: `${site.url}/shop/?n=${index}`,
              modernizationStrategy: 'INCREMENTAL_UPDATE',
              targetFramework: 'React',
            },
          }),
        ),
      );
      const refused = creates.filter((response) => response.status !== 201);
      const refusedCreates = refused.length;
      if (refusedCreates > 0) {
        process.stdout.write(
          `refused creates: ${JSON.stringify(refused.slice(0, 3).map((r) => [r.status, r.json]))}\n`,
        );
      }
      const createdIds = creates
        .filter((response) => response.status === 201)
        .map((response) => (response.json as { job_id: string }).job_id);
      let rows: Array<{ status: string }> = [];
      for (;;) {
        rows = await db
          .select({ status: jobs.status })
          .from(jobs)
          .where(inArray(jobs.id, createdIds));
        if (rows.every((row) => row.status === 'COMPLETED' || row.status === 'FAILED')) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      const seconds = (Date.now() - submitted) / 1000;
      const completed = rows.filter((row) => row.status === 'COMPLETED').length;
      const failed = rows.length - completed;
      const entries = await db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.userId, jobUserId));
      const debits = entries.filter((entry) => entry.reason === 'project').length;
      const refunds = entries.filter((entry) => entry.reason === 'refund').length;
      const balanceAfter = await getCreditBalance(db, jobUserId);
      const balanced =
        debits === JOBS && refunds === failed && balanceAfter === balanceBefore - JOBS + failed;
      results.jobs = `${JOBS} submitted at once (${refusedCreates} refused): ${completed} COMPLETED, ${failed} FAILED in ${seconds.toFixed(0)} s (${((completed / seconds) * 60).toFixed(1)} jobs/min, WORKER_CONCURRENCY ${process.env.WORKER_CONCURRENCY ?? '2'}, one worker process); ledger ${debits} debits, ${refunds} refunds, balance ${balanceBefore} → ${balanceAfter}: ${balanced ? 'balanced' : 'NOT BALANCED'}`;
      process.stdout.write(`jobs: ${results.jobs}\n`);
    }
    if (WEBHOOKS > 0) {
      results.webhooks = await benchWebhookDeliveries(db, {
        count: WEBHOOKS,
        delayMs: WEBHOOK_DELAY_MS,
      });
      process.stdout.write(`webhooks: ${results.webhooks}\n`);
    }
  } finally {
    if (server && server.child.exitCode === null) {
      const exited = new Promise((resolve) => server?.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
    await site.close();
    await database.close();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
    await rm(dataDir, { recursive: true, force: true });
  }
  process.stdout.write(`\n${JSON.stringify(results, null, 2)}\n`);
}

await main();
