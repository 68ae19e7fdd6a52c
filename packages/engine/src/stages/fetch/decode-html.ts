import htmlEncodingSniffer from 'html-encoding-sniffer';

/** A decoded HTML document and how it was decoded. */
export interface DecodedHtml {
  html: string;
  /** The WHATWG name of the encoding used, e.g. 'utf-8', 'windows-1252'. */
  charset: string;
  /** Where the charset came from. */
  source: 'bom' | 'http' | 'meta' | 'sniffed-utf-8' | 'default';
  /** True when some bytes were not valid in that encoding (they became U+FFFD). */
  hasInvalidBytes: boolean;
}

/** The WHATWG canonical name for an encoding label, or undefined when the label is unknown. */
export function toEncodingName(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label.trim().replace(/^["']|["']$/g, '')).encoding;
  } catch {
    return undefined;
  }
}

/** The charset parameter of a Content-Type header value. */
export function getContentTypeCharset(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*("?)([^";\s]+)\1/i.exec(contentType ?? '');
  return match?.[2];
}

function getBomEncoding(bytes: Uint8Array): { encoding: string; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  return undefined;
}

/**
 * The HTML "prescan" (html-encoding-sniffer): a <meta charset=...> or <meta http-equiv="content-type"
 * content="...; charset=..."> in the first 1024 bytes (or an XML declaration's encoding), with the
 * standard's corrections (a declared UTF-16 is read as UTF-8); undefined when there is none.
 */
export function prescanMetaCharset(bytes: Uint8Array): string | undefined {
  // An empty default comes back when the bytes declare nothing.
  return toEncodingName(htmlEncodingSniffer(bytes, { defaultEncoding: '' }));
}

function decode(bytes: Uint8Array, encoding: string): { text: string; hasInvalidBytes: boolean } {
  try {
    return {
      text: new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes),
      hasInvalidBytes: false,
    };
  } catch {
    return {
      text: new TextDecoder(encoding, { ignoreBOM: false }).decode(bytes),
      hasInvalidBytes: true,
    };
  }
}

function isAscii(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte > 0x7f) return false;
  return true;
}

/**
 * Decodes an HTML response. The encoding is, in order: a byte-order mark (definitive, as in the HTML
 * standard: it beats the HTTP header), the HTTP Content-Type charset, a <meta> charset in the first
 * 1024 bytes, then sniffing: bytes that are valid UTF-8 and not plain ASCII are UTF-8 (what browsers'
 * detectors conclude), anything else is windows-1252, the web's legacy default (pages of the 1990s
 * that declare nothing, such as Dutch or French homepages, are windows-1252 / ISO-8859-1).
 */
export function decodeHtml(bytes: Uint8Array, contentType?: string): DecodedHtml {
  const bom = getBomEncoding(bytes);
  if (bom) {
    const { text, hasInvalidBytes } = decode(bytes, bom.encoding);
    return { html: text, charset: bom.encoding, source: 'bom', hasInvalidBytes };
  }
  const fromHttp = toEncodingName(getContentTypeCharset(contentType));
  if (fromHttp) {
    const { text, hasInvalidBytes } = decode(bytes, fromHttp);
    return { html: text, charset: fromHttp, source: 'http', hasInvalidBytes };
  }
  const fromMeta = prescanMetaCharset(bytes);
  if (fromMeta) {
    const { text, hasInvalidBytes } = decode(bytes, fromMeta);
    return { html: text, charset: fromMeta, source: 'meta', hasInvalidBytes };
  }
  if (!isAscii(bytes)) {
    const utf8 = decode(bytes, 'utf-8');
    if (!utf8.hasInvalidBytes)
      return { html: utf8.text, charset: 'utf-8', source: 'sniffed-utf-8', hasInvalidBytes: false };
  }
  const { text, hasInvalidBytes } = decode(bytes, 'windows-1252');
  return { html: text, charset: 'windows-1252', source: 'default', hasInvalidBytes };
}
