/**
 * The page the probe reads: its viewport, read as the script starts (the probe scrolls, never
 * resizes), and its document.
 */
export const W = window.innerWidth || 1440;
export const H = window.innerHeight || 900;
export const doc = document;
/**
 * The document's body. The probe (index.ts) returns before any step runs when there is none, so the
 * steps take it as there.
 */
export const body = document.body as HTMLElement;
