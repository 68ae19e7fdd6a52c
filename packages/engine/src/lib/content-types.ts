import path from 'node:path';
import { lookup } from 'mrmime';

/**
 * The content type of a file by its extension (mrmime), with `charset=utf-8` on text formats (every
 * file of a Vite build is UTF-8) and `.ico`, which mrmime does not know; undefined when unknown.
 */
export function contentTypeOf(file: string): string | undefined {
  const extension = path.extname(file).slice(1).toLowerCase();
  if (extension === 'ico') return 'image/x-icon';
  // mrmime says text/xml; the tables this replaced served application/xml, which browsers treat alike.
  const type = extension === 'xml' ? 'application/xml' : lookup(extension);
  if (type === undefined) return undefined;
  return /^(?:text\/|application\/(?:json|xml|manifest\+json)$)/.test(type)
    ? `${type}; charset=utf-8`
    : type;
}
