/**
 * The site's base path without its trailing slash: '' when the site lives at the root of its domain,
 * '/docs' when it is built with BASE_PATH=/docs/ (Vite's base, import.meta.env.BASE_URL).
 */
export const basePath: string = import.meta.env.BASE_URL.replace(/\/+$/, '');

/**
 * The URL of a file in public/ or of a root-relative link ('images/a.png', '/files/b.pdf') under the
 * base path. Other addresses (https:, mailto:, tel:, //host, #anchor) are returned unchanged.
 */
export function asset(path: string): string {
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(path)) return path;
  return basePath + '/' + path.replace(/^\/+/, '');
}
