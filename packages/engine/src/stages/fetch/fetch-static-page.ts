import { AppError } from '@sitelift/shared/error-codes';
import type { Dispatcher } from 'undici';
import type { GuardOptions } from '../../net/assert-public-url';
import { guardedRequest, type GuardedResponse } from '../../net/guarded-request';
import { decodeHtml, type DecodedHtml } from './decode-html';

/** HTML media types accepted for pages. */
export const HTML_MEDIA_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** A page read over plain HTTP, decoded. */
export interface StaticPage {
  response: GuardedResponse;
  decoded: DecodedHtml;
}

/** Options of fetchStaticPage. */
export interface StaticPageOptions extends GuardOptions {
  dispatcher: Dispatcher;
  timeoutMs: number;
  maxRedirects: number;
  maxBytes: number;
  userAgent: string;
  signal?: AbortSignal;
}

/** True when an untyped body looks like HTML (old servers sometimes send no Content-Type). */
function looksLikeHtml(body: Uint8Array): boolean {
  const start = Buffer.from(body.subarray(0, 512)).toString('latin1').trimStart().toLowerCase();
  return (
    start.startsWith('<!doctype html') ||
    /^<(?:html|head|body|title|!--|meta|table|frameset|center|p|div|h\d)\b/.test(start)
  );
}

/**
 * Reads one page over HTTP through the SSRF guard with the page limits: redirects followed and
 * re-checked, a 2xx status, an HTML content type, at most `maxBytes`, a non-empty body; then decodes
 * it (charset from BOM, header, <meta> or sniffing). Throws an AppError when the page cannot be used.
 */
export async function fetchStaticPage(
  url: string,
  options: StaticPageOptions,
): Promise<StaticPage> {
  const response = await guardedRequest(url, {
    ...options,
    headers: {
      'user-agent': options.userAgent,
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
      'accept-encoding': 'gzip, deflate, br',
    },
    what: 'page',
    checkResponse: (head) => {
      if (head.status < 200 || head.status > 299) {
        throw new AppError('ENGINE_FETCH_HTTP_STATUS', {
          message: `The site answered ${head.status}${statusText(head.status)} for ${head.url}.`,
          details: { url: head.url, status: head.status },
        });
      }
      if (head.mediaType && !HTML_MEDIA_TYPES.has(head.mediaType)) {
        throw new AppError('ENGINE_FETCH_NOT_HTML', {
          message: `The address does not point to a web page: ${head.url} is ${head.mediaType}.`,
          details: { url: head.url, contentType: head.mediaType },
        });
      }
    },
  });
  const decoded = decodeHtml(response.body, response.headers['content-type']);
  if (decoded.html.trim() === '') {
    throw new AppError('ENGINE_FETCH_EMPTY_BODY', {
      message: `The page is empty: ${response.url}`,
      details: { url: response.url },
    });
  }
  if (!response.mediaType && !looksLikeHtml(response.body)) {
    throw new AppError('ENGINE_FETCH_NOT_HTML', {
      message: `The address does not point to a web page: ${response.url} has no content type and is not HTML.`,
      details: { url: response.url },
    });
  }
  return { response, decoded };
}

const STATUS_TEXTS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function statusText(status: number): string {
  const text = STATUS_TEXTS[status];
  return text ? ` (${text})` : '';
}
