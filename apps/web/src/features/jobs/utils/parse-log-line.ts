/** One line of the log viewer. */
export interface LogLine {
  key: string;
  timestamp: string;
  level: string;
  message: string;
}

/** Reads a log stream message: `timestamp - LEVEL - message` (spec §7 Log stream). */
export function parseLogLine(data: string, key: string): LogLine {
  const first = data.indexOf(' - ');
  const second = first === -1 ? -1 : data.indexOf(' - ', first + 3);
  if (first === -1 || second === -1) {
    return { key, timestamp: '', level: 'INFO', message: data };
  }
  return {
    key,
    timestamp: data.slice(0, first).trim(),
    level: data
      .slice(first + 3, second)
      .trim()
      .toUpperCase(),
    message: data.slice(second + 3),
  };
}

/** The text colour of a level (spec §2 Job log viewer). */
export function toLevelClass(level: string): string {
  switch (level.toUpperCase()) {
    case 'ERROR':
    case 'CRITICAL':
      return 'text-red-400';
    case 'WARNING':
    case 'WARN':
      return 'text-yellow-300';
    case 'DEBUG':
      return 'text-blue-400';
    default:
      return 'text-green-400';
  }
}
