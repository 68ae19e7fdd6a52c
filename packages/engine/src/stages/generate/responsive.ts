/**
 * Responsive pictures (issue 12 item 3): the `srcset` of a self-hosted picture from the narrower
 * copies optimize made (SitePlan.imageVariants) plus the picture itself, and the `sizes` of each place
 * a picture is shown.
 */
import type { SitePlan } from '../../model';

/** One candidate of a srcset: a root-relative path and its width in pixels. */
export interface SrcsetCandidate {
  src: string;
  width: number;
}

/** How wide a picture is shown, by where it sits (CSS `sizes`). */
export const SIZES = {
  /** In the 72rem content column. */
  content: '(min-width: 72rem) 68rem, 100vw',
  /** Spanning the screen: a hero's backdrop, a carousel slide. */
  full: '100vw',
  /** Beside a hero's words. */
  hero: '(min-width: 900px) 45vw, 100vw',
  /** A gallery thumbnail. */
  gallery: '(min-width: 640px) 33vw, 100vw',
} as const;

/** `sizes` of a picture in an items grid of `columns` columns (one on a phone, two on a tablet). */
export function itemSizes(columns: number): string {
  if (columns <= 1) return SIZES.content;
  return `(min-width: 1024px) ${Math.ceil(100 / columns)}vw, (min-width: 640px) 50vw, 100vw`;
}

/** The srcset candidates of a picture, narrowest first; undefined when it has no copies. */
export function srcsetOf(plan: SitePlan, src: string): SrcsetCandidate[] | undefined {
  if (!src.startsWith('/')) return undefined;
  const path = src.slice(1);
  const copies = plan.imageVariants?.[path];
  const full = plan.assets.find((asset) => asset.path === path);
  if (!copies || copies.length === 0 || full?.width === undefined) return undefined;
  return [
    ...copies.map((copy) => ({ src: `/${copy.path}`, width: copy.width })),
    { src, width: full.width },
  ];
}
