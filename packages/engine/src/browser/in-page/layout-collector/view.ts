/**
 * The page the collector measures, read as the script starts: the viewport, the document's scroll
 * size and scroll position (boxes are in page coordinates).
 */
export const vw = window.innerWidth;
export const vh = window.innerHeight;
const root = document.scrollingElement || document.documentElement;
export const body: HTMLElement = document.body || document.documentElement;
export const pageWidth = Math.max(root.scrollWidth, vw);
export const pageHeight = Math.max(root.scrollHeight, body.scrollHeight || 0, vh);
export const sx = window.scrollX;
export const sy = window.scrollY;
