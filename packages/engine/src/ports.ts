import type { LogEvent, ProgressEvent } from './types';

/**
 * What the engine needs from the outside world. Pure stages (extract, plan, generate) receive at most
 * a Logger; only fetch, verify and package use the others.
 */

/** Receives log lines and progress; the worker turns them into job_logs rows, the CLI into a display. */
export interface Logger {
  log(event: LogEvent): void;
  progress?(event: ProgressEvent): void;
}

/** Wall-clock time, injectable for deterministic tests. */
export interface Clock {
  now(): number;
}

/** Cancellation: the pipeline checks it between steps. */
export interface EnginePorts {
  logger: Logger;
  clock: Clock;
  signal?: AbortSignal;
}

/** A logger that drops everything. */
export const SILENT_LOGGER: Logger = { log() {}, progress() {} };

/** The real clock. */
export const SYSTEM_CLOCK: Clock = { now: () => Date.now() };
