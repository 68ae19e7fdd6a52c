/**
 * The offline, deterministic designer: a clean, modern look derived from the site's own brand.
 * Garish colours are tamed (saturation and lightness clamped), every text/background pair is pushed
 * to WCAG AA (4.5:1), and fonts are the site's own when they are web-safe, else system stacks: no
 * font CDN is ever referenced.
 */
import type { DesignResult, DesignTokens, SiteModel, SitePlan } from '../model';
import type { Rgb } from './color';
import { contrast, ensureContrast, fromHsl, parseColor, toHex, toHsl } from './color';
import type { SyncDesigner } from './designer';

const SANS =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const SERIF = 'ui-serif, Georgia, Cambria, "Times New Roman", Times, serif';
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/** Fonts every desktop has; anything else falls back to a system stack. */
const WEB_SAFE: Record<string, 'sans' | 'serif'> = {
  arial: 'sans',
  helvetica: 'sans',
  'helvetica neue': 'sans',
  verdana: 'sans',
  tahoma: 'sans',
  'trebuchet ms': 'sans',
  'segoe ui': 'sans',
  'lucida grande': 'sans',
  'lucida sans unicode': 'sans',
  georgia: 'serif',
  'times new roman': 'serif',
  times: 'serif',
  palatino: 'serif',
  'palatino linotype': 'serif',
  garamond: 'serif',
  'book antiqua': 'serif',
  cambria: 'serif',
};
const SERIF_HINT =
  /serif|times|georgia|garamond|palatino|baskerville|merriweather|playfair|lora|cambria|roman/i;

const DEFAULT_PRIMARY: Rgb = { r: 37, g: 99, b: 235 };
const WHITE: Rgb = { r: 255, g: 255, b: 255 };

/** Maps a site font to a CSS font stack without external downloads. */
export function toFontStack(
  family: string | undefined,
  fallback: 'sans' | 'serif' = 'sans',
): string {
  if (!family) return fallback === 'serif' ? SERIF : SANS;
  const key = family.toLowerCase().trim();
  const kind = WEB_SAFE[key];
  if (kind) return `"${family.replace(/"/g, '')}", ${kind === 'serif' ? SERIF : SANS}`;
  // Comic Sans and friends are exactly what a modernization replaces; unknown fonts are not installed.
  return SERIF_HINT.test(key) && !/sans/.test(key) ? SERIF : SANS;
}

/** Brings a brand colour into a usable range: not neon, not muddy. */
export function normalizeBrand(color: Rgb): Rgb {
  const { h, s, l } = toHsl(color);
  return fromHsl(h, Math.min(0.85, Math.max(0.35, s)), Math.min(0.5, Math.max(0.3, l)));
}

function onColor(background: Rgb, text: Rgb): Rgb {
  if (contrast(WHITE, background) >= 4.5) return WHITE;
  return ensureContrast(text, background, 4.5);
}

/** The design tokens for a model (exported for tests). */
export function buildTokens(model: SiteModel): DesignTokens {
  const brand = model.identity.colors;
  const rawPrimary = brand.primary ? parseColor(brand.primary) : undefined;
  const primaryBase = rawPrimary ? normalizeBrand(rawPrimary) : DEFAULT_PRIMARY;
  const { h } = toHsl(primaryBase);
  const background = WHITE;
  const surface = fromHsl(h, 0.4, 0.97);
  const text = fromHsl(h, 0.25, 0.12);
  const primary = ensureContrast(primaryBase, WHITE, 4.6);
  const rawAccent = brand.accent ? parseColor(brand.accent) : undefined;
  const accentBase = rawAccent ? normalizeBrand(rawAccent) : fromHsl((h + 35) % 360, 0.7, 0.42);
  const accent = ensureContrast(accentBase, WHITE, 4.6);
  const muted = ensureContrast(fromHsl(h, 0.12, 0.38), surface, 4.6);
  const link = ensureContrast(ensureContrast(primary, background, 4.6), surface, 4.6);
  const serifBody =
    SERIF_HINT.test(model.identity.fonts.body ?? '') &&
    !/sans/i.test(model.identity.fonts.body ?? '');
  return {
    colors: {
      primary: toHex(primary),
      onPrimary: toHex(onColor(primary, text)),
      accent: toHex(accent),
      onAccent: toHex(onColor(accent, text)),
      background: toHex(background),
      surface: toHex(surface),
      text: toHex(text),
      muted: toHex(muted),
      border: toHex(fromHsl(h, 0.25, 0.89)),
      link: toHex(link),
    },
    fonts: {
      heading: toFontStack(
        model.identity.fonts.heading ?? model.identity.fonts.body,
        serifBody ? 'serif' : 'sans',
      ),
      body: toFontStack(model.identity.fonts.body),
      mono: MONO,
    },
    radius: 'large',
    header: 'light',
  };
}

/** The default Designer: deterministic, offline, derived from the site's brand. */
export const offlineDesigner: SyncDesigner = {
  name: 'offline',
  designNow(model: SiteModel, plan: SitePlan): DesignResult {
    const sections: DesignResult['sections'] = {};
    for (const page of plan.pages) {
      for (const section of page.sections)
        sections[`${page.route}#${section.id}`] = { variant: section.variant };
    }
    return { tokens: buildTokens(model), sections };
  },
  design(model: SiteModel, plan: SitePlan): Promise<DesignResult> {
    return Promise.resolve(this.designNow(model, plan));
  },
};
