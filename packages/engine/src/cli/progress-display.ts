import type { Logger } from '../ports';
import { STAGE_LABELS } from '../pipeline-stages';
import { STAGES, type LogEvent, type ProgressEvent, type StageName } from '../types';

/** A writable text stream (process.stderr, or a buffer in tests). */
export interface TextOutput {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** A Logger that draws the pipeline's progress, plus a way to stop drawing. */
export interface ProgressDisplay extends Logger {
  /** Stops the spinner and leaves the last frame on screen. */
  stop(): void;
}

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const BAR_WIDTH = 20;

function toBar(done: number, total: number): string {
  const filled = total > 0 ? Math.round((Math.min(done, total) / total) * BAR_WIDTH) : 0;
  return `[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}] ${done}/${total}`;
}

/**
 * A progress display for the CLI. On a terminal: one line per stage, the running one with a spinner
 * and a progress bar, finished ones with their time, warnings printed above. Elsewhere: plain log
 * lines (`INFO Stage fetch started`). DEBUG lines only with `verbose`.
 */
export function createProgressDisplay(
  output: TextOutput,
  options: { verbose?: boolean; now?: () => number } = {},
): ProgressDisplay {
  const now = options.now ?? (() => Date.now());
  const isTty = output.isTTY === true;
  const shouldShow = (event: LogEvent) => options.verbose === true || event.level !== 'DEBUG';

  if (!isTty) {
    return {
      log(event) {
        if (shouldShow(event)) output.write(`${event.level} ${event.message}\n`);
      },
      progress() {},
      stop() {},
    };
  }

  let active:
    { stage: StageName; label: string; started: number; done: number; total: number } | undefined;
  let frame = 0;
  let timer: NodeJS.Timeout | undefined;
  const clearLine = () => output.write('\r\x1b[2K');
  const draw = () => {
    if (active === undefined) return;
    const seconds = ((now() - active.started) / 1000).toFixed(1);
    const index = STAGES.indexOf(active.stage) + 1;
    const bar = active.total > 1 ? ` ${toBar(active.done, active.total)}` : '';
    let line = `${SPINNER[frame % SPINNER.length]} ${index}/${STAGES.length} ${active.label}${bar} ${seconds} s`;
    if (output.columns !== undefined && line.length > output.columns)
      line = line.slice(0, output.columns - 1);
    clearLine();
    output.write(line);
  };
  const startSpinner = () => {
    timer ??= setInterval(() => {
      frame += 1;
      draw();
    }, 100);
    timer.unref();
  };
  const stopSpinner = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const startStage = (stage: StageName) => {
    active = { stage, label: STAGE_LABELS[stage], started: now(), done: 0, total: 1 };
    startSpinner();
    draw();
  };
  const finishStage = (failed: boolean) => {
    if (active === undefined) return;
    const seconds = ((now() - active.started) / 1000).toFixed(1);
    clearLine();
    output.write(
      `${failed ? '✖' : '✔'} ${active.label} ${failed ? 'failed after' : 'done in'} ${seconds} s\n`,
    );
    active = undefined;
    stopSpinner();
  };

  return {
    log(event) {
      const started = /^Stage (\w+) (started|reused)/u.exec(event.message);
      if (started !== null && (STAGES as readonly string[]).includes(started[1] ?? '')) {
        finishStage(false);
        startStage(started[1] as StageName);
        if (started[2] === 'reused') finishStage(false);
        return;
      }
      if (/^Stage \w+ done in/u.test(event.message)) {
        finishStage(false);
        return;
      }
      if (/^Stage \w+ failed/u.test(event.message)) {
        finishStage(true);
        return;
      }
      if (
        event.level === 'WARNING' ||
        event.level === 'ERROR' ||
        (options.verbose === true && shouldShow(event))
      ) {
        clearLine();
        output.write(
          `${event.level === 'INFO' || event.level === 'DEBUG' ? ' ' : '!'} ${event.message}\n`,
        );
        draw();
      }
    },
    progress(event: ProgressEvent) {
      if (active?.stage !== event.stage) return;
      // The label of the stage that runs (the pipeline table's, a test double's included).
      if (event.label !== undefined) active.label = event.label;
      active.done = event.done;
      active.total = event.total;
      draw();
    },
    stop() {
      stopSpinner();
      if (active !== undefined) {
        clearLine();
        active = undefined;
      }
    },
  };
}
