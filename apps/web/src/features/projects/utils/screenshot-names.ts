import { toApiUrl } from '../../../lib/api-client';

/**
 * The file-name slug of a route, as the engine names its screenshots (`before|after/<slug>-desktop.webp`):
 * `/` → `index`, `/about/team/` → `about-team`. The same rule as the engine's `toRouteSlug`; a name
 * that matches no stored screenshot shows "no screenshot", never a broken image.
 */
export function toRouteSlug(route: string): string {
  const slug = (route.split(/[?#]/u)[0] ?? '')
    .replace(/^\/+|\/+$/gu, '')
    .replace(/[^A-Za-z0-9._-]+/gu, '-')
    .replace(/^-+|-+$/gu, '');
  return slug === '' ? 'index' : slug;
}

/** The viewports the engine screenshots every page at. */
export const SCREENSHOT_VIEWPORTS = {
  desktop: { label: 'Desktop', width: 1440, height: 900 },
  mobile: { label: 'Mobile', width: 375, height: 812 },
} as const;

/** A screenshot viewport. */
export type ScreenshotViewport = keyof typeof SCREENSHOT_VIEWPORTS;

/** The stored before/after screenshot names of one route at one viewport (undefined when missing). */
export function toComparisonNames(
  route: string,
  viewport: ScreenshotViewport,
  stored: readonly string[],
): { before?: string; after?: string } {
  const slug = toRouteSlug(route);
  // WebP since the engine's decision record 039; runs before it stored PNG.
  const pick = (side: 'before' | 'after') =>
    [`${side}/${slug}-${viewport}.webp`, `${side}/${slug}-${viewport}.png`].find((name) =>
      stored.includes(name),
    );
  return { before: pick('before'), after: pick('after') };
}

/** Where a stored screenshot is served: `/api/projects/<id>/screenshots/before/index-desktop.png`. */
export function toScreenshotSrc(projectId: string, name: string): string {
  const encoded = name.split('/').map(encodeURIComponent).join('/');
  return toApiUrl(`/api/projects/${encodeURIComponent(projectId)}/screenshots/${encoded}`);
}
