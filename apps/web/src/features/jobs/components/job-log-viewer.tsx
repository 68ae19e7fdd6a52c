import { useLayoutEffect, useRef } from 'react';
import { LOG_MESSAGES } from '@sitelift/shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { useJob } from '../api/get-job';
import type { JobStatus } from '../api/get-job';
import { useJobLogStream } from '../hooks/use-job-log-stream';
import { toLevelClass } from '../utils/parse-log-line';

/** How close to the bottom (px) still counts as "following" the log. */
const STICK_THRESHOLD_PX = 24;

/** The empty-log message for a job status (spec §2 Job log viewer, §4 Job status). */
export function toEmptyLogMessage(status: JobStatus | undefined): string {
  if (status === 'COMPLETED') return LOG_MESSAGES.completedEmpty;
  if (status === 'FAILED') return LOG_MESSAGES.failedEmpty;
  if (status === 'QUEUED') return LOG_MESSAGES.queued;
  return LOG_MESSAGES.connecting;
}

function formatTime(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return date.toLocaleTimeString('en-GB', { hour12: false });
}

function JobLogBody({ jobId }: { jobId: string }) {
  const job = useJob(jobId);
  const stream = useJobLogStream(jobId);
  const status = job.data?.status;
  const scrollRef = useRef<HTMLDivElement>(null);
  const isFollowingRef = useRef(true);
  const isEnded = status === 'COMPLETED' || status === 'FAILED';

  // Follow new lines unless the user scrolled up to read.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && isFollowingRef.current) element.scrollTop = element.scrollHeight;
  }, [stream.lines.length, isEnded]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    isFollowingRef.current =
      element.scrollHeight - element.scrollTop - element.clientHeight <= STICK_THRESHOLD_PX;
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      {stream.error && <Alert tone="error">{stream.error}</Alert>}
      <div
        ref={scrollRef}
        onScroll={onScroll}
        role="log"
        aria-label="Job log"
        aria-live="polite"
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto rounded-lg bg-slate-950 p-3 font-mono text-xs leading-5 sm:p-4 sm:text-[13px]"
      >
        {stream.lines.length === 0 ? (
          <p className="text-slate-400">{toEmptyLogMessage(status)}</p>
        ) : (
          <ol>
            {stream.lines.map((line) => (
              <li
                key={line.key}
                className={`break-words whitespace-pre-wrap ${toLevelClass(line.level)}`}
                data-level={line.level}
              >
                {line.timestamp && (
                  <span className="text-slate-500">{formatTime(line.timestamp)} </span>
                )}
                <span className="font-semibold">{line.level}</span> {line.message}
              </li>
            ))}
          </ol>
        )}
        {isEnded && (
          <p className={`mt-1 ${toLevelClass('INFO')}`} data-level="INFO">
            <span className="font-semibold">INFO</span>{' '}
            {status === 'COMPLETED' ? LOG_MESSAGES.completed : LOG_MESSAGES.failed}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The job log viewer (spec §2): 90 % of the viewport height, at most 4xl wide, lines coloured by
 * level, live while the job runs, closing with 'Job completed.' or 'Job failed.'.
 */
export function JobLogViewer({
  jobId,
  title,
  open,
  onOpenChange,
}: {
  jobId: string;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      className="flex h-[90vh] max-h-[90vh] max-w-4xl flex-col overflow-hidden"
      bodyClassName="flex min-h-0 flex-1 flex-col"
    >
      <JobLogBody key={jobId} jobId={jobId} />
    </Modal>
  );
}
