import type { JobStatus } from '@sitelift/shared/schemas/job';
import type { Logger } from 'pino';
import type { AppDb, Database } from '../db/database';
import { findJobStatus, listJobLogs } from '../db/jobs.repository';
import {
  CHANGES_CHANNEL,
  LOGS_CHANNEL,
  parseChangeNotice,
  parseLogNotice,
  type ChangeNotice,
} from '../db/notify';
import { findProjectById } from '../db/projects.repository';
import { toProjectJson } from '../services/project-json';
import type { SseConnection } from './sse';

const LOG_PAGE = 1000;

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

type ChangeListener = (event: { event: string; data: string }) => void;

/**
 * Fan-out of realtime events in one process: LISTEN on the change and log channels (one connection per
 * process on PostgreSQL), then per user (GET /api/events) and per job (GET /logs/:jobId/stream). Each
 * notice is read from the tables once per process, whatever the number of streams.
 */
export class RealtimeHub {
  private readonly users = new Map<string, Set<ChangeListener>>();
  private readonly userChains = new Map<string, Promise<void>>();
  private readonly jobStreams = new Map<string, JobLogStream>();
  private readonly connections = new Set<SseConnection>();
  private started: Promise<void> | undefined;
  private unlisteners: Array<() => Promise<void>> = [];

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
    this.closeAll();
    for (const unlisten of this.unlisteners.splice(0)) await unlisten().catch(() => {});
  }

  /** Streams one user's project and job changes to `listener` until `connection` closes. */
  async followUser(userId: string, connection: SseConnection, listener: ChangeListener) {
    await this.start();
    this.track(connection);
    let set = this.users.get(userId);
    if (!set) {
      set = new Set();
      this.users.set(userId, set);
    }
    set.add(listener);
    connection.onClose(() => {
      const current = this.users.get(userId);
      current?.delete(listener);
      if (current?.size === 0) this.users.delete(userId);
    });
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

  private onChange(notice: ChangeNotice): void {
    if (notice.kind === 'job') this.jobStreams.get(notice.jobId)?.kick();
    if (!this.users.has(notice.userId)) return;
    // One chain per user keeps that user's events in order.
    const previous = this.userChains.get(notice.userId) ?? Promise.resolve();
    const next = previous
      .then(() => this.deliver(notice))
      .catch((error: unknown) => {
        this.logger.error({ err: error }, 'realtime delivery failed');
      });
    this.userChains.set(notice.userId, next);
    void next.finally(() => {
      if (this.userChains.get(notice.userId) === next) this.userChains.delete(notice.userId);
    });
  }

  private async deliver(notice: ChangeNotice): Promise<void> {
    const listeners = this.users.get(notice.userId);
    if (!listeners || listeners.size === 0) return;
    let message: { event: string; data: string } | undefined;
    if (notice.kind === 'job') {
      message = {
        event: 'job',
        data: JSON.stringify({
          id: notice.jobId,
          project_id: notice.projectId,
          status: notice.status,
        }),
      };
    } else if (notice.op === 'DELETE') {
      message = {
        event: 'project',
        data: JSON.stringify({ type: 'DELETE', project: { id: notice.projectId } }),
      };
    } else {
      const record = await findProjectById(this.database.db, notice.projectId);
      if (!record || record.userId !== notice.userId) return;
      message = {
        event: 'project',
        data: JSON.stringify({ type: notice.op, project: toProjectJson(record) }),
      };
    }
    for (const listener of listeners) listener(message);
  }
}
