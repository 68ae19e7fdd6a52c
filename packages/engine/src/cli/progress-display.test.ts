import { describe, expect, it } from 'vitest';
import { createProgressDisplay } from './progress-display';

function buildOutput(isTTY: boolean) {
  const chunks: string[] = [];
  return { output: { isTTY, columns: 200, write: (text: string) => chunks.push(text) }, chunks };
}

describe('createProgressDisplay', () => {
  it('prints plain LEVEL lines when not on a terminal, DEBUG only when verbose', () => {
    const { output, chunks } = buildOutput(false);
    const display = createProgressDisplay(output);
    display.log({ level: 'INFO', message: 'Stage fetch started' });
    display.log({ level: 'DEBUG', message: 'noise' });
    display.progress?.({ stage: 'fetch', done: 1, total: 3 });
    display.log({ level: 'WARNING', message: 'Skipped a page' });
    display.stop();
    expect(chunks.join('')).toBe('INFO Stage fetch started\nWARNING Skipped a page\n');

    const verbose = buildOutput(false);
    createProgressDisplay(verbose.output, { verbose: true }).log({
      level: 'DEBUG',
      message: 'noise',
    });
    expect(verbose.chunks.join('')).toBe('DEBUG noise\n');
  });

  it('draws one line per stage on a terminal, with a bar, the time and warnings above', () => {
    const { output, chunks } = buildOutput(true);
    let now = 0;
    const display = createProgressDisplay(output, { now: () => now });
    display.log({ level: 'INFO', message: 'Stage verify started' });
    display.progress?.({ stage: 'verify', done: 2, total: 4 });
    display.log({ level: 'WARNING', message: 'Route /x did not render' });
    now = 2_500;
    display.log({ level: 'INFO', message: 'Stage verify done in 2.5 s' });
    display.log({ level: 'INFO', message: 'Stage package started' });
    display.log({ level: 'ERROR', message: 'Stage package failed after 0.1 s: disk full' });
    display.stop();
    const text = chunks.join('');
    expect(text).toContain('6/8 Building and verifying [██████████░░░░░░░░░░] 2/4');
    expect(text).toContain('! Route /x did not render\n');
    expect(text).toContain('✔ Building and verifying done in 2.5 s\n');
    expect(text).toContain('✖ Packaging failed after');
    // INFO lines that are not stage lines are not printed on a terminal.
    expect(text).not.toContain('Stage verify started');
  });
});
