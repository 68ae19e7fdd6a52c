/**
 * The model's door: the content model and build plan (content-model.ts), the types they build on
 * (strategy, diagnostics, the probed type scale) and the pure helpers over them that every stage
 * shares. model/ imports nothing else of the engine (decision record 033).
 */
export type * from './content-model';
export * from './blocks';
export type * from './diagnostic';
export * from './language-tag';
export * from './probed-typography';
export * from './strategy';
export * from './text';
