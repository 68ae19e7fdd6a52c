import { useEffect, useState } from 'react';
import { LOG_MESSAGES } from '@sitelift/shared/messages';
import { EventStreamHttpError, openEventStream } from '../../../lib/event-stream';
import { useQueryClient } from '../../../lib/query-client';
import { getJobLogs } from '../api/get-job-logs';
import { toJobQueryKey } from '../api/get-job';
import { parseLogLine } from '../utils/parse-log-line';
import type { LogLine } from '../utils/parse-log-line';

/** The state of a job's log stream. */
export interface JobLogStream {
  lines: LogLine[];
  /** connecting: no answer yet; open: following; ended: the server sent its final event. */
  connection: 'connecting' | 'open' | 'ended' | 'failed';
  /** A spec §8 Logs message when the stream could not be read. */
  error: string | null;
}

/**
 * Follows `GET /logs/:jobId/stream` (spec §7 Log stream): the server replays the job's lines, then
 * sends new ones, and ends with `event: end`. Reconnects resume after the last line's id. When the
 * stream is refused (4xx), the stored lines are read from `GET /api/jobs/:id/logs` instead.
 */
export function useJobLogStream(jobId: string): JobLogStream {
  const queryClient = useQueryClient();
  const [lines, setLines] = useState<LogLine[]>([]);
  const [connection, setConnection] = useState<JobLogStream['connection']>('connecting');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const seen = new Set<string>();
    let counter = 0;
    let isClosed = false;
    const handle = openEventStream(`/logs/${encodeURIComponent(jobId)}/stream`, {
      onOpen: () => {
        setConnection('open');
        setError(null);
      },
      onEvent: (event) => {
        if (event.event === 'end') {
          isClosed = true;
          handle.close();
          setConnection('ended');
          void queryClient.invalidateQueries({ queryKey: toJobQueryKey(jobId) });
          return;
        }
        if (event.event !== 'message' && event.event !== 'log') return;
        if (event.id !== undefined) {
          if (seen.has(event.id)) return;
          seen.add(event.id);
        }
        const line = parseLogLine(event.data, event.id ?? `line-${counter++}`);
        setLines((previous) => [...previous, line]);
      },
      onError: (failure) => {
        if (isClosed) return;
        if (!(failure instanceof EventStreamHttpError)) {
          setError(LOG_MESSAGES.connectionFailed);
          return;
        }
        if (failure.status === 401) {
          setConnection('failed');
          setError(LOG_MESSAGES.notLoggedIn);
          return;
        }
        if (failure.status >= 500) {
          setError(LOG_MESSAGES.connectFailed(failure.status, failure.statusText));
          return;
        }
        // Refused for good: show what is stored.
        setConnection('failed');
        getJobLogs(jobId).then(
          (records) => {
            if (isClosed) return;
            setError(null);
            setLines(
              records.map((record) => ({
                key: record.id,
                timestamp: record.created_at,
                level: record.level.toUpperCase(),
                message: record.message,
              })),
            );
          },
          () => {
            if (!isClosed) setError(LOG_MESSAGES.fetchFailed);
          },
        );
      },
    });
    return () => {
      isClosed = true;
      handle.close();
    };
  }, [jobId, queryClient]);

  return { lines, connection, error };
}
