// html-encoding-sniffer ships no types: its one function, as its README describes it (v7).
declare module 'html-encoding-sniffer' {
  interface SnifferOptions {
    xml?: boolean;
    transportLayerEncodingLabel?: string;
    /** Returned as given when nothing else decides. */
    defaultEncoding?: string;
    maxPrescanBytes?: number;
  }
  /** The encoding name (WHATWG canonical) the HTML encoding sniffing algorithm decides on. */
  function htmlEncodingSniffer(bytes: Uint8Array, options?: SnifferOptions): string;
  export default htmlEncodingSniffer;
}
