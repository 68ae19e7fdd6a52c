/**
 * The part of jsdom's API the engine uses (sanitize-svg.ts). jsdom ships no types and @types/jsdom
 * is not a dependency: parsing one document and reading it through the DOM is all it is used for.
 */
declare module 'jsdom' {
  /** A console for a document's messages; one that forwards nowhere keeps them quiet. */
  export class VirtualConsole {}

  /** A parsed document and its window. */
  export class JSDOM {
    constructor(html?: string, options?: { contentType?: string; virtualConsole?: VirtualConsole });
    readonly window: Window & typeof globalThis;
  }
}
