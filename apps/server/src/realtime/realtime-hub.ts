import type { JobStatus } from '@sitelift/shared/schemas/job';
import type { Logger } from 'pino';
import type { AppDb, Database } from '../db/database';
import { findJobStatus, listJobLogs } from '../db/jobs.repository';
import {
  CHANGES_CHANNEL,
  LOGS_CHANNEL,
  parseChangeNotice,
  parseLogNotice,
  type ChangeNoticeWithId,
} from '../db/notify';
import { findProjectById } from '../db/projects.repository';
import {
  deleteRealtimeEventsBefore,
  findLatestRealtimeEventId,
  listRealtimeEvents,
} from '../db/realtime-events.repository';
import { toProjectJson } from '../services/project-json';
import type { SseConnection } from './sse';

const LOG_PAGE = 1000;
const EVENT_PAGE = 500;

/** How long recorded changes stay replayable for `Last-Event-ID` (older reconnects refetch instead). */
export const REALTIME_EVENT_RETENTION_MS = 60 * 60 * 1000;
/** How often each web process deletes recorded changes past the retention. */
const PRUNE_INTERVAL_MS = 5 * 60 * 1000;

/** A follower of one job's log: the SSE connection and the last line id it has. */
interface LogFollower {
  connection: SseConnection;
  lastId: number;
}

/** Formats a log line as the spec's stream data: `<ISO timestamp> - <LEVEL> - <message>`. */
export function formatLogLine(line: {
  created_at: string;
  level: string;
  message: string;
}): string {
  return `${line.created_at} - ${line.level} - ${line.message}`;
}

function isTerminal(status: JobStatus | null): boolean {
  return status === null || status === 'COMPLETED' || status === 'FAILED';
}

/**
 * One job's followers in this process. A single pump reads new lines from the table (from the
 * smallest id any follower has) and hands each follower the lines after its own last id, so a
 * follower never misses or repeats a line, however notices and reconnects interleave. When the job
 * has ended and every line is out, each follower gets `event: end` and its stream is closed.
 */
class JobLogStream {
  readonly followers = new Set<LogFollower>();
  private running = false;
  private dirty = false;

  constructor(
    private readonly db: AppDb,
    private readonly jobId: string,
    private readonly logger: Logger,
    private readonly onEmpty: () => void,
  ) {}

  add(follower: LogFollower): void {
    this.followers.add(follower);
    follower.connection.onClose(() => {
      this.followers.delete(follower);
      if (this.followers.size === 0) this.onEmpty();
    });
    this.kick();
  }

  kick(): void {
    if (this.running) {
      this.dirty = true;
      return;
    }
    this.running = true;
    void this.pump().finally(() => {
      this.running = false;
    });
  }

  private async pump(): Promise<void> {
    try {
      do {
        this.dirty = false;
        const followers = [...this.followers].filter((follower) => !follower.connection.closed);
        if (followers.length === 0) return;
        // Status first, lines second: a terminal status read here means every line is already written.
        const status = await findJobStatus(this.db, this.jobId);
        const from = Math.min(...followers.map((follower) => follower.lastId));
        const lines = await listJobLogs(this.db, this.jobId, { afterId: from, limit: LOG_PAGE });
        for (const follower of followers) {
          for (const line of lines) {
            if (line.id <= follower.lastId) continue;
            follower.connection.send({ id: line.id, data: formatLogLine(line) });
            follower.lastId = line.id;
          }
        }
        if (lines.length === LOG_PAGE) {
          this.dirty = true;
          continue;
        }
        if (isTerminal(status)) {
          for (const follower of followers) {
            follower.connection.send({ event: 'end', data: status ?? 'FAILED' });
            follower.connection.close();
          }
        }
      } while (this.dirty);
    } catch (error) {
      this.logger.error({ err: error, jobId: this.jobId }, 'log stream read failed');
    }
  }
}

/** One message of GET /api/events; `id` is the realtime_events id (absent only for old notices). */
export interface ChangeMessage {
  event: string;
  id?: number;
  data: string;
}

type ChangeListener = (message: ChangeMessage) => void;

/** A stream of GET /api/events. */
interface UserFollower {
  listener: ChangeListener;
  connection: SseConnection;
  /** False until its replay has run: live changes queued before that are in the replay. */
  isLive: boolean;
  /** Event ids the replay sent, so that a live notice of the same change is not sent twice. */
  replayedIds: Set<number>;
  /** The highest event id this stream has (sent, or caught up to): a catch-up resumes after it. */
  lastId: number;
  /** True while the session that opened the stream is still signed in. */
  isSessionAlive: () => Promise<boolean>;
}

/** Ids of sent events a stream keeps, so that a catch-up after an outage sends none twice. */
const REMEMBERED_IDS = 1000;

/** Notes that `follower` has event `id`. */
function remember(follower: UserFollower, id: number): void {
  follower.lastId = Math.max(follower.lastId, id);
  follower.replayedIds.add(id);
  if (follower.replayedIds.size > REMEMBERED_IDS) {
    follower.replayedIds.delete(follower.replayedIds.values().next().value as number);
  }
}

/** Sessions are checked again at most this often after a sign-out or revocation anywhere. */
const SESSION_RECHECK_MS = 250;

/**
 * Fan-out of realtime events in one process: LISTEN on the change and log channels (one connection per
 * process on PostgreSQL), then per user (GET /api/events) and per job (GET /logs/:jobId/stream). Each
 * notice is read from the tables once per process, whatever the number of streams.
 */
export class RealtimeHub {
  private readonly users = new Map<string, Set<UserFollower>>();
  private readonly userChains = new Map<string, Promise<void>>();
  private readonly jobStreams = new Map<string, JobLogStream>();
  private readonly connections = new Set<SseConnection>();
  private started: Promise<void> | undefined;
  private unlisteners: Array<() => Promise<void>> = [];
  private pruneTimer: ReturnType<typeof setInterval> | undefined;
  private stopReconnectHandler: (() => void) | undefined;
  private sessionRecheck: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  /** Starts listening (once). */
  start(): Promise<void> {
    this.started ??= (async () => {
      this.unlisteners.push(
        await this.database.listen(CHANGES_CHANNEL, (payload) => {
          const notice = parseChangeNotice(payload);
          if (notice) this.onChange(notice);
        }),
        await this.database.listen(LOGS_CHANNEL, (payload) => {
          const notice = parseLogNotice(payload);
          if (notice) this.jobStreams.get(notice.jobId)?.kick();
        }),
      );
      // Notices sent while the LISTEN connection was down are lost: catch up from the tables.
      this.stopReconnectHandler = this.database.onListenerReconnect(() => this.catchUp());
      this.pruneTimer = setInterval(() => {
        deleteRealtimeEventsBefore(this.database.db, REALTIME_EVENT_RETENTION_MS).catch(
          (error: unknown) => this.logger.warn({ err: error }, 'could not prune realtime events'),
        );
      }, PRUNE_INTERVAL_MS);
      this.pruneTimer.unref();
    })();
    return this.started;
  }

  /** Tracks a stream so that closeAll() can end it (server shutdown). */
  track(connection: SseConnection): void {
    this.connections.add(connection);
    connection.onClose(() => this.connections.delete(connection));
  }

  /** Ends every open stream (clients reconnect elsewhere after `retry`). */
  closeAll(): void {
    for (const connection of [...this.connections]) connection.close();
  }

  async stop(): Promise<void> {
    clearInterval(this.pruneTimer);
    clearTimeout(this.sessionRecheck);
    this.stopReconnectHandler?.();
    this.closeAll();
    for (const unlisten of this.unlisteners.splice(0)) await unlisten().catch(() => {});
  }

  /**
   * Streams one user's project and job changes to `listener` until `connection` closes. With
   * `lastEventId` (a reconnect's Last-Event-ID), the recorded changes after it are sent first, in order;
   * then `event: ready` carries the id the stream is caught up to (a client that never saw a change resumes
   * from there). Changes that arrive meanwhile wait in the user's chain, so none is lost or sent twice.
   */
  async followUser(
    userId: string,
    connection: SseConnection,
    listener: ChangeListener,
    options: {
      lastEventId?: number;
      /** False once the stream's session has ended (signed out, revoked, expired): it is closed then. */
      isSessionAlive?: () => Promise<boolean>;
    } = {},
  ) {
    await this.start();
    this.track(connection);
    const follower: UserFollower = {
      listener,
      connection,
      isLive: false,
      replayedIds: new Set(),
      lastId: options.lastEventId ?? 0,
      isSessionAlive: options.isSessionAlive ?? (() => Promise.resolve(true)),
    };
    let followers = this.users.get(userId);
    if (!followers) {
      followers = new Set();
      this.users.set(userId, followers);
    }
    followers.add(follower);
    connection.onClose(() => {
      const current = this.users.get(userId);
      current?.delete(follower);
      if (current?.size === 0) this.users.delete(userId);
    });
    await this.enqueue(userId, async () => {
      let caughtUpTo: number;
      if (options.lastEventId === undefined) {
        caughtUpTo = await findLatestRealtimeEventId(this.database.db, userId);
      } else {
        caughtUpTo = await this.replay(userId, follower, options.lastEventId);
      }
      if (connection.closed) return;
      follower.isLive = true;
      follower.lastId = Math.max(follower.lastId, caughtUpTo);
      listener({ event: 'ready', id: caughtUpTo, data: '{}' });
    });
  }

  /**
   * Sessions may have ended somewhere (a sign-out, a password change that signs out other sessions):
   * every open /api/events stream checks its own again, soon (several notices make one check), and the
   * ones whose session is gone are closed.
   */
  recheckSessions(): void {
    if (this.sessionRecheck) return;
    this.sessionRecheck = setTimeout(() => {
      this.sessionRecheck = undefined;
      for (const [userId, followers] of this.users) {
        for (const follower of followers) {
          void this.enqueue(userId, async () => {
            await this.ensureSession(follower);
          });
        }
      }
    }, SESSION_RECHECK_MS);
    this.sessionRecheck.unref();
  }

  /** Closes the stream when its session has ended; true when it may still receive events. */
  private async ensureSession(follower: UserFollower): Promise<boolean> {
    if (follower.connection.closed) return false;
    let alive: boolean;
    try {
      alive = await follower.isSessionAlive();
    } catch (error) {
      // Unknown (the database is unreachable): keep the stream, the next batch asks again.
      this.logger.warn({ err: error }, 'could not check the session of an event stream');
      return true;
    }
    if (!alive) follower.connection.close();
    return alive;
  }

  /**
   * After the LISTEN connection came back: every live stream gets the changes recorded after the last
   * one it has (their notices were lost), and every log stream reads its table again.
   */
  private catchUp(): void {
    for (const stream of this.jobStreams.values()) stream.kick();
    for (const [userId, followers] of this.users) {
      void this.enqueue(userId, async () => {
        for (const follower of [...followers]) {
          if (!follower.isLive || follower.connection.closed) continue;
          if (!(await this.ensureSession(follower))) continue;
          await this.replay(userId, follower, follower.lastId);
        }
      });
    }
  }

  /** Sends `follower` the user's recorded changes after `afterId`; returns the last id sent. */
  private async replay(userId: string, follower: UserFollower, afterId: number): Promise<number> {
    let lastId = afterId;
    for (;;) {
      const events = await listRealtimeEvents(this.database.db, userId, {
        afterId: lastId,
        limit: EVENT_PAGE,
      });
      for (const { id, notice } of events) {
        if (follower.connection.closed) return lastId;
        lastId = id;
        // Already sent live (a catch-up after an outage overlaps what arrived before it).
        if (follower.replayedIds.has(id)) continue;
        const message = await this.toMessage({ ...notice, eventId: id });
        if (message) follower.listener(message);
        remember(follower, id);
      }
      if (events.length < EVENT_PAGE) return lastId;
    }
  }

  /** Streams a job's log lines after `lastId` to `connection`, then follows new ones. */
  async followJobLog(jobId: string, connection: SseConnection, lastId: number) {
    await this.start();
    this.track(connection);
    let stream = this.jobStreams.get(jobId);
    if (!stream) {
      const created = new JobLogStream(this.database.db, jobId, this.logger, () => {
        if (this.jobStreams.get(jobId) === created) this.jobStreams.delete(jobId);
      });
      stream = created;
      this.jobStreams.set(jobId, created);
    }
    stream.add({ connection, lastId });
  }

  /** Number of open streams (the bench reports it). */
  get counts() {
    let followers = 0;
    for (const stream of this.jobStreams.values()) followers += stream.followers.size;
    return { users: this.users.size, jobs: this.jobStreams.size, logFollowers: followers };
  }

  private onChange(notice: ChangeNoticeWithId): void {
    if (notice.kind === 'job') this.jobStreams.get(notice.jobId)?.kick();
    if (!this.users.has(notice.userId)) return;
    void this.enqueue(notice.userId, () => this.deliver(notice));
  }

  /** Runs `task` after the user's earlier ones: one chain per user keeps that user's events in order. */
  private enqueue(userId: string, task: () => Promise<void>): Promise<void> {
    const previous = this.userChains.get(userId) ?? Promise.resolve();
    const next = previous.then(task).catch((error: unknown) => {
      this.logger.error({ err: error }, 'realtime delivery failed');
    });
    this.userChains.set(userId, next);
    void next.finally(() => {
      if (this.userChains.get(userId) === next) this.userChains.delete(userId);
    });
    return next;
  }

  private async deliver(notice: ChangeNoticeWithId): Promise<void> {
    const candidates = [...(this.users.get(notice.userId) ?? [])].filter((follower) => {
      if (!follower.isLive) return false;
      // Already sent by this follower's replay.
      return notice.eventId === undefined || !follower.replayedIds.delete(notice.eventId);
    });
    if (candidates.length === 0) return;
    // Each batch goes only to streams whose session is still signed in (the others are closed).
    const alive = await Promise.all(candidates.map((follower) => this.ensureSession(follower)));
    const followers = candidates.filter((_, index) => alive[index]);
    if (followers.length === 0) return;
    const message = await this.toMessage(notice);
    if (!message) return;
    for (const follower of followers) {
      follower.listener(message);
      if (notice.eventId !== undefined) remember(follower, notice.eventId);
    }
  }

  /** The SSE message of a change (a project as it is now), or undefined when it is no longer the user's. */
  private async toMessage(notice: ChangeNoticeWithId): Promise<ChangeMessage | undefined> {
    const id = notice.eventId;
    if (notice.kind === 'job') {
      return {
        event: 'job',
        id,
        data: JSON.stringify({
          id: notice.jobId,
          project_id: notice.projectId,
          status: notice.status,
        }),
      };
    }
    if (notice.op === 'DELETE') {
      return {
        event: 'project',
        id,
        data: JSON.stringify({ type: 'DELETE', project: { id: notice.projectId } }),
      };
    }
    const record = await findProjectById(this.database.db, notice.projectId);
    if (!record || record.userId !== notice.userId) return undefined;
    return {
      event: 'project',
      id,
      data: JSON.stringify({ type: notice.op, project: toProjectJson(record) }),
    };
  }
}
