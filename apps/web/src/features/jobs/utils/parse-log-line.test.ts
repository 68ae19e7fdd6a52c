import { describe, expect, it } from 'vitest';
import { parseJobStatusChange } from './apply-job-event';
import { parseLogLine, toLevelClass } from './parse-log-line';

describe('log lines', () => {
  it("splits 'timestamp - LEVEL - message' and keeps dashes inside the message", () => {
    expect(parseLogLine('2026-11-21T08:00:00.000Z - WARNING - a - b', 'k')).toEqual({
      key: 'k',
      timestamp: '2026-11-21T08:00:00.000Z',
      level: 'WARNING',
      message: 'a - b',
    });
    expect(parseLogLine('just text', 'k')).toMatchObject({ level: 'INFO', message: 'just text' });
  });

  it('colours by level (spec §2)', () => {
    expect(toLevelClass('ERROR')).toBe(toLevelClass('critical'));
    expect(toLevelClass('WARN')).toBe(toLevelClass('WARNING'));
    expect(new Set(['ERROR', 'WARN', 'DEBUG', 'INFO'].map(toLevelClass)).size).toBe(4);
    expect(toLevelClass('NOTICE')).toBe(toLevelClass('INFO'));
  });

  it("reads the server's `event: job` status changes", () => {
    expect(
      parseJobStatusChange({
        event: 'job',
        data: JSON.stringify({ id: 'j1', project_id: 'p1', status: 'COMPLETED' }),
      }),
    ).toMatchObject({ id: 'j1', status: 'COMPLETED' });
    expect(
      parseJobStatusChange({ event: 'project', data: JSON.stringify({ type: 'UPDATE' }) }),
    ).toBeNull();
  });
});
