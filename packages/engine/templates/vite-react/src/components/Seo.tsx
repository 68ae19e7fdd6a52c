import { useEffect } from 'react';
import { site } from '../content/site';
import type { PageAlternate } from '../content/site-types';
import { basePath } from '../lib/asset';

/** The site's public address: VITE_SITE_URL when set, else the current origin and base path. */
export function siteOrigin(): string {
  const configured: string = import.meta.env.VITE_SITE_URL ?? '';
  if (configured) return configured.replace(/\/$/, '');
  return typeof window === 'undefined' ? site.siteUrl : window.location.origin + basePath;
}

function upsert(selector: string, create: () => HTMLElement, attribute: string, value: string) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  element.setAttribute(attribute, value);
}

function meta(key: 'name' | 'property', name: string, content: string) {
  upsert(
    'meta[' + key + '="' + name + '"]',
    () => {
      const element = document.createElement('meta');
      element.setAttribute(key, name);
      return element;
    },
    'content',
    content,
  );
}

/**
 * The page's `hreflang` links (issue 23): one per language version, and `x-default` for the start
 * page's language; a page without versions has none (a previous page's are removed).
 */
export function toAlternateLinks(
  alternates: PageAlternate[] | undefined,
): { hreflang: string; route: string }[] {
  if (!alternates || alternates.length < 2) return [];
  const entry = alternates.find((alternate) => alternate.code === site.language.split('-')[0]);
  return [
    ...alternates.map((alternate) => ({ hreflang: alternate.code, route: alternate.route })),
    ...(entry ? [{ hreflang: 'x-default', route: entry.route }] : []),
  ];
}

/**
 * Languages written right to left (ISO 639 codes; a script subtag such as `-Arab` or `-Hebr` says
 * so too). A browser lays a page out right to left only when `dir` says so: `lang="ar"` alone leaves
 * the header, rows and paragraphs mirrored the wrong way (issue 23).
 */
const RTL_LANGUAGES = new Set([
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'he',
  'iw',
  'ks',
  'ps',
  'sd',
  'syr',
  'ug',
  'ur',
  'yi',
]);
const RTL_SCRIPTS = new Set(['arab', 'hebr', 'thaa', 'syrc', 'nkoo', 'adlm', 'rohg', 'mand']);

/** The writing direction of a language tag: `rtl` for Arabic, Hebrew, Persian, Urdu…, else `ltr`. */
export function toDirection(language: string): 'rtl' | 'ltr' {
  const [code = '', ...subtags] = language.toLowerCase().split(/[-_]/);
  if (subtags.some((subtag) => subtag.length === 4 && RTL_SCRIPTS.has(subtag))) return 'rtl';
  if (subtags.some((subtag) => subtag.length === 4)) return 'ltr';
  return RTL_LANGUAGES.has(code) ? 'rtl' : 'ltr';
}

/** Keeps the document head in step with the route. */
export function Seo({
  title,
  description,
  route,
  language,
}: {
  title: string;
  description: string;
  route: string;
  language: string;
}) {
  useEffect(() => {
    const url = siteOrigin() + route;
    document.title = title;
    document.documentElement.lang = language;
    document.documentElement.dir = toDirection(language);
    meta('name', 'description', description);
    meta('property', 'og:title', title);
    meta('property', 'og:description', description);
    meta('property', 'og:type', 'website');
    meta('property', 'og:url', url);
    // A site that names itself nowhere gets no name from its host.
    if (!site.nameIsHost || site.siteName)
      meta('property', 'og:site_name', site.siteName ?? site.name);
    upsert(
      'link[rel="canonical"]',
      () => {
        const element = document.createElement('link');
        element.setAttribute('rel', 'canonical');
        return element;
      },
      'href',
      url,
    );
    for (const stale of document.head.querySelectorAll('link[rel="alternate"][hreflang]'))
      stale.remove();
    for (const link of toAlternateLinks(site.alternates?.[route])) {
      const element = document.createElement('link');
      element.setAttribute('rel', 'alternate');
      element.setAttribute('hreflang', link.hreflang);
      element.setAttribute('href', siteOrigin() + link.route);
      document.head.appendChild(element);
    }
  }, [title, description, route, language]);
  return null;
}
