import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppDb } from '../db/database';
import { jobs, projects, users } from '../db/schema';
import { buildJobOutcomeEmail } from '../mail/job-emails';
import type { Mailer } from '../mail/mailer';

/** What sending the outcome e-mails needs. */
export interface JobOutcomeMailDeps {
  db: AppDb;
  mailer: Mailer;
  /** The app's public origin (links in the e-mail). */
  baseUrl: string;
  logger: Logger;
}

const BATCH = 20;

/**
 * Claims up to BATCH ended jobs whose outcome e-mail is not out yet. One UPDATE marks them, so two
 * workers (or a job ended by its worker and again found by a sweep) never claim one job twice.
 */
async function claimEndedJobs(db: AppDb) {
  const pending = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.status, ['COMPLETED', 'FAILED']), isNull(jobs.outcomeNotifiedAt)))
    .orderBy(jobs.finishedAt)
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ outcomeNotifiedAt: sql`now()` })
    .where(and(inArray(jobs.id, pending), isNull(jobs.outcomeNotifiedAt)))
    .returning({
      id: jobs.id,
      projectId: jobs.projectId,
      userId: jobs.userId,
      status: jobs.status,
      errorMessage: jobs.errorMessage,
    });
}

/**
 * Sends the e-mail of every ended job that has not had one (issue 22 item 4): once per job, whoever
 * ended it and however often its queue message was delivered; none to users who turned them off. A
 * message that could not be sent is released for the next call. Projects of a batch get none here:
 * their batch sends one e-mail when it ends (issue 26). Returns the number sent.
 */
export async function sendJobOutcomeMails(deps: JobOutcomeMailDeps): Promise<number> {
  const { db, mailer, baseUrl, logger } = deps;
  let sent = 0;
  for (;;) {
    const claimed = await claimEndedJobs(db);
    for (const job of claimed) {
      const rows = await db
        .select({
          email: users.email,
          notify: users.notifyJobOutcome,
          name: projects.name,
          sourceUrl: projects.sourceUrl,
          summary: projects.reportSummary,
          batchId: projects.batchId,
        })
        .from(projects)
        .innerJoin(users, eq(users.id, projects.userId))
        .where(and(eq(projects.id, job.projectId), eq(projects.userId, job.userId)))
        .limit(1);
      const row = rows[0];
      // A project of a batch is told about in the batch's one e-mail (outcome-notices.ts).
      if (!row?.notify || row.batchId) continue;
      const status = job.status === 'COMPLETED' ? 'COMPLETED' : 'FAILED';
      const content = buildJobOutcomeEmail({
        status,
        projectName: row.name,
        sourceUrl: row.sourceUrl,
        pages: status === 'COMPLETED' ? row.summary?.pages : undefined,
        reason: job.errorMessage ?? undefined,
        reportUrl: `${baseUrl}/project/${job.projectId}/report`,
        settingsUrl: `${baseUrl}/profile/edit`,
      });
      try {
        await mailer.send({ to: row.email, ...content });
        sent += 1;
      } catch (error) {
        logger.error({ err: error, jobId: job.id }, 'project e-mail could not be sent');
        await db.update(jobs).set({ outcomeNotifiedAt: null }).where(eq(jobs.id, job.id));
        return sent;
      }
    }
    if (claimed.length < BATCH) return sent;
  }
}
