/**
 * The offline, deterministic designer: a clean, modern look that keeps the site's own identity
 * (issue 12): its brand colours as they were, its page background (a dark original stays dark), its
 * header and footer colours, and its fonts when their files ship with the rebuild (web-safe ones by
 * name, else system stacks: no font CDN is ever referenced). Every text/background pair is pushed to
 * WCAG AA (4.5:1) by changing the text first and a fill's lightness only when no text passes.
 */
import { differenceCiede2000 } from 'culori';
import type {
  BackgroundPicture,
  DesignResult,
  DesignTokens,
  PlannedBackground,
  SiteModel,
  SitePlan,
  TypeScale,
} from '../model';
import { STRATEGY_PROFILES, type StrategyProfile } from '../model/strategy-profiles';
import type { Rgb } from '../lib/color';
import {
  alphaOf,
  contrast,
  ensureContrast,
  fromHsl,
  luminance,
  over,
  parseColor,
  toHex,
  toHsl,
} from '../lib/color';
import { toLinearGradient } from '../lib/gradient';
import type { Designer } from './designer';
import { toTypeScale } from '../lib/type-scale';

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
  // The system fonts of the platforms that read Chinese, Japanese and Korean: a site set in them
  // keeps them for the visitors who have them (the fallbacks follow).
  meiryo: 'sans',
  'meiryo ui': 'sans',
  'ms gothic': 'sans',
  'ms pgothic': 'sans',
  'ms ui gothic': 'sans',
  'ms mincho': 'serif',
  'ms pmincho': 'serif',
  'yu gothic': 'sans',
  'yu mincho': 'serif',
  'hiragino sans': 'sans',
  'hiragino kaku gothic pro': 'sans',
  'hiragino kaku gothic pron': 'sans',
  'hiragino mincho pro': 'serif',
  'hiragino mincho pron': 'serif',
  'microsoft yahei': 'sans',
  'microsoft jhenghei': 'sans',
  simhei: 'sans',
  simsun: 'serif',
  mingliu: 'serif',
  pmingliu: 'serif',
  'pingfang sc': 'sans',
  'pingfang tc': 'sans',
  'malgun gothic': 'sans',
  'apple sd gothic neo': 'sans',
};
const SERIF_HINT =
  /serif|slab|times|georgia|garamond|palatino|baskerville|merriweather|playfair|lora|cambria|roman/i;

const DEFAULT_PRIMARY: Rgb = { r: 37, g: 99, b: 235 };
const WHITE: Rgb = { r: 255, g: 255, b: 255 };

/** Maps a site font to a CSS font stack without external downloads. */
/** A family installed with the common systems (Arial, Georgia…): the rebuild names it without files. */
export function isWebSafeFamily(family: string): boolean {
  return WEB_SAFE[family.toLowerCase().trim()] !== undefined;
}

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

/** Brings a brand colour into a usable range: not neon, not muddy (for a site without one of its own to keep). */
export function normalizeBrand(color: Rgb): Rgb {
  const { h, s, l } = toHsl(color);
  return fromHsl(h, Math.min(0.85, Math.max(0.35, s)), Math.min(0.5, Math.max(0.3, l)));
}

const NEAR_BLACK: Rgb = { r: 17, g: 17, b: 17 };
/** Below this WCAG luminance a background reads as dark. */
const DARK_LUMINANCE = 0.18;

/**
 * A colour to fill (a button, a badge) and the text on it, passing AA (issue 12). The foreground
 * changes first: the original's own text on it, else white, else near-black text — dark text on a
 * light brand colour such as #fed136 (about 13:1) keeps the yellow yellow. Only when no text colour
 * passes does the fill move, in lightness only (its hue and saturation kept), as little as AA needs.
 */
export function fillPair(fill: Rgb, preferred?: Rgb): { fill: Rgb; text: Rgb } {
  for (const text of [preferred, WHITE, NEAR_BLACK])
    if (text && contrast(text, fill) >= 4.5) return { fill, text };
  const darker = ensureContrast(fill, WHITE, 4.5);
  const lighter = ensureContrast(fill, NEAR_BLACK, 4.5);
  const { l } = toHsl(fill);
  return Math.abs(toHsl(darker).l - l) <= Math.abs(toHsl(lighter).l - l)
    ? { fill: darker, text: WHITE }
    : { fill: lighter, text: NEAR_BLACK };
}

/** Text for a background: the original's when it passes AA there, else white or near-black. */
function textOn(background: Rgb, preferred?: Rgb): Rgb {
  if (preferred && contrast(preferred, background) >= 4.5) return preferred;
  return contrast(WHITE, background) >= contrast(NEAR_BLACK, background) ? WHITE : NEAR_BLACK;
}

/** Moves a colour's lightness by `delta` (clamped), hue and saturation kept. */
function shift(color: Rgb, delta: number): Rgb {
  const { h, s, l } = toHsl(color);
  return fromHsl(h, s, Math.min(1, Math.max(0, l + delta)));
}

function parse(value: string | undefined): Rgb | undefined {
  return value ? parseColor(value) : undefined;
}

/**
 * A browser's default link colours (unvisited, visited): a page that shows them has no brand there.
 * Pure blue (#0000ff) is not one of them: a page shows it only when it asked for it (wouter-1998's
 * `<font color="0000ff">`), so it is the site's own colour.
 */
const UA_LINK_COLORS = new Set(['#0000ee', '#551a8b']);

/**
 * How far (ΔE2000) the brand colour may move to be readable as the site's name in the header and
 * still read as the same colour; beyond it the name keeps the header's text colour.
 */
const BRAND_NAME_MAX_DELTA_E = 10;
const ciede2000 = differenceCiede2000();

/**
 * The colour of the site's name in the header: the brand colour where it reads there (AA), moved in
 * lightness as little as needed (hue kept) when that keeps it the same colour to the eye; else none.
 * A header that shows only its words then still shows the brand (wouter-1998's blue, speagle-js's
 * light blue on its navy bar), as the original's links, headings or buttons did.
 */
export function brandNameColor(brand: Rgb, header: Rgb): Rgb | undefined {
  const readable = ensureContrast(brand, header, 4.5);
  const rgb = ({ r, g, b }: Rgb) => ({ mode: 'rgb' as const, r: r / 255, g: g / 255, b: b / 255 });
  return contrast(readable, header) >= 4.5 &&
    ciede2000(rgb(brand), rgb(readable)) <= BRAND_NAME_MAX_DELTA_E
    ? readable
    : undefined;
}

/** A brand colour of the original, unless it is only the browser's default link blue. */
function parseBrand(value: string | undefined): Rgb | undefined {
  const rgb = parse(value);
  return rgb && !UA_LINK_COLORS.has(toHex(rgb)) ? rgb : undefined;
}

/**
 * True when the rebuild names this family: its files ship with it (self-hosted, or Google Fonts files
 * fetch downloaded), or it is a Google Fonts family (no files: a visitor who has it installed sees it,
 * everyone else the fitting system stack after it; no font CDN is ever linked).
 */
function isHosted(model: SiteModel, family: string | undefined): boolean {
  if (!family) return false;
  const key = family.toLowerCase().trim();
  return (model.identity.fonts.faces ?? []).some(
    (face) =>
      face.family.toLowerCase().trim() === key &&
      ((face.files?.length ?? 0) > 0 || face.source === 'google'),
  );
}

/** A font stack: the site's own family first when its files ship with the rebuild. */
function fontStack(
  model: SiteModel,
  family: string | undefined,
  fallback: 'sans' | 'serif',
  originalFallbacks: readonly string[] = [],
) {
  let stack: string;
  if (family && isHosted(model, family)) {
    // The family's own kind decides its fallback (a sans heading over a serif body stays sans).
    const kind = SERIF_HINT.test(family) && !/sans/i.test(family) ? 'serif' : 'sans';
    stack = `"${family.replace(/["\\]/g, '')}", ${kind === 'serif' ? SERIF : SANS}`;
  } else stack = toFontStack(family, fallback);
  return withOriginalFallbacks(stack, family, originalFallbacks);
}

/**
 * A kept family followed by the web-safe families the original fell back to (issue 23): a visitor
 * without Verdana read the original in its Helvetica, not in the system's own sans, whose wider
 * letters wrapped every line a word earlier. Only after a family the rebuild names, and only
 * those of the same kind (a serif after a sans would change the look where the first is missing).
 */
export function withOriginalFallbacks(
  stack: string,
  family: string | undefined,
  originalFallbacks: readonly string[],
): string {
  if (!family || !stack.startsWith('"')) return stack;
  const kind =
    WEB_SAFE[family.toLowerCase().trim()] ??
    (SERIF_HINT.test(family) && !/sans/i.test(family) ? 'serif' : 'sans');
  const seen = new Set([family.toLowerCase().trim()]);
  const kept = originalFallbacks.filter((name) => {
    const key = name.toLowerCase().trim();
    if (seen.has(key) || WEB_SAFE[key] !== kind) return false;
    seen.add(key);
    return true;
  });
  if (kept.length === 0) return stack;
  const first = stack.indexOf(', ');
  return `${stack.slice(0, first)}, ${kept.map((name) => `"${name.replace(/["\\]/g, '')}"`).join(', ')}${stack.slice(first)}`;
}

/**
 * The design tokens for a model (exported for tests): the original's colours and fonts (issue 12),
 * each text/background pair pushed to WCAG AA; a dark original gets a dark rebuild. For a profile
 * that keeps the original's layout, the original's measured type scale and column too.
 */
export function buildTokens(
  model: SiteModel,
  profile?: Pick<StrategyProfile, 'keepsOriginalLayout'>,
  hostedPath: (url: string) => string | undefined = () => undefined,
  routeOf: (url: string) => string | undefined = () => undefined,
): DesignTokens {
  const brand = model.identity.colors;
  const rawPrimary = parseBrand(brand.primary);
  const { h } = toHsl(rawPrimary ?? DEFAULT_PRIMARY);
  // A boxed page (issue 23) keeps its column where the layout is kept: the words are drawn on the
  // column's fill, the page's colour is the ground around it.
  const boxGround = profile?.keepsOriginalLayout ? toBoxGround(model) : undefined;
  const boxFill = boxGround ? parse(model.identity.typography?.box?.color) : undefined;
  const rawBackground = boxFill ?? parse(brand.background);
  const rawText = parse(brand.text);
  // The words are read on the box where there is one: its fill, not the page's, makes the scheme
  // (a light column on a dark patterned page is a light page), and a mid-tone fill the original's
  // words read on (black on grey panels) stays as it was instead of turning white.
  const dark = boxFill
    ? luminance(boxFill) < DARK_LUMINANCE
    : model.identity.scheme === 'dark' ||
      (model.identity.scheme === undefined &&
        rawBackground !== undefined &&
        luminance(rawBackground) < DARK_LUMINANCE);
  const keptLight =
    rawBackground !== undefined &&
    (luminance(rawBackground) > 0.7 ||
      (boxFill !== undefined && rawText !== undefined && contrast(rawText, boxFill) >= 4.5));
  const background = dark
    ? rawBackground && luminance(rawBackground) < DARK_LUMINANCE
      ? rawBackground
      : fromHsl(h, 0.12, 0.09)
    : keptLight
      ? rawBackground
      : WHITE;
  const surface = shift(background, dark ? 0.05 : -0.035);
  const text = ensureContrast(
    ensureContrast(
      rawText ?? (dark ? fromHsl(h, 0.1, 0.92) : fromHsl(h, 0.25, 0.12)),
      background,
      4.6,
    ),
    surface,
    4.6,
  );
  // The brand colour as the original had it; a site without one gets a calm blue.
  const primaryPair = fillPair(rawPrimary ?? DEFAULT_PRIMARY, parse(brand.onPrimary));
  const rawAccent = parseBrand(brand.accent);
  const accentPair = fillPair(
    rawAccent ?? normalizeBrand(fromHsl((h + 35) % 360, 0.7, dark ? 0.6 : 0.42)),
  );
  const muted = ensureContrast(
    ensureContrast(fromHsl(h, 0.12, dark ? 0.7 : 0.38), surface, 4.6),
    background,
    4.6,
  );
  // Headings in a colour of their own (readable on both grounds); one that does not read on the page
  // at all (white headings drawn over pictures) is no colour of the page's headings.
  const rawHeading = parse(brand.heading);
  const heading =
    rawHeading && contrast(rawHeading, background) >= 3
      ? ensureContrast(ensureContrast(rawHeading, background, 4.6), surface, 4.6)
      : undefined;
  // Definition terms in a colour of their own, on the same terms as the headings'.
  const rawTerm = parse(brand.term);
  const term =
    rawTerm && contrast(rawTerm, background) >= 3
      ? ensureContrast(ensureContrast(rawTerm, background, 4.6), surface, 4.6)
      : undefined;
  // Links are text: the original's link colour, else the brand's, made readable on both grounds.
  const linkBase = parseBrand(brand.link) ?? primaryPair.fill;
  const link = ensureContrast(ensureContrast(linkBase, background, 4.6), surface, 4.6);
  // Where the layout is kept, words that read on the original's background pictures too when a small
  // step does it: the pictures then show as the original showed them, with no plate over them.
  const words = profile?.keepsOriginalLayout
    ? toWordsOnPictures(
        { text, muted, link, heading, term },
        pictureMeans(model.identity.backgrounds),
        [background, surface],
      )
    : { text, muted, link, heading, term };
  const chrome: NonNullable<DesignTokens['chrome']> = {};
  const headerBackground = parse(brand.headerBackground);
  if (headerBackground) {
    chrome.headerBackground = toHex(headerBackground);
    chrome.headerText = toHex(textOn(headerBackground, parse(brand.headerText)));
  }
  if (rawPrimary) {
    // The header bar is drawn 94 % opaque over the page (base.css): the name must read on that blend.
    const under = headerBackground
      ? {
          r: Math.round(headerBackground.r * 0.94 + background.r * 0.06),
          g: Math.round(headerBackground.g * 0.94 + background.g * 0.06),
          b: Math.round(headerBackground.b * 0.94 + background.b * 0.06),
        }
      : background;
    const name = brandNameColor(rawPrimary, under);
    if (name) chrome.brandText = toHex(name);
  }
  // Menu items drawn as boxes or pills stay so, their words readable on their fill.
  const itemFill = parse(brand.menuItemBackground);
  const itemBorder = parse(brand.menuItemBorder);
  if (itemFill || itemBorder) {
    const under = itemFill ?? headerBackground ?? background;
    if (itemFill) chrome.menuItemBackground = toHex(itemFill);
    if (itemBorder) chrome.menuItemBorder = toHex(itemBorder);
    chrome.menuItemText = toHex(
      textOn(under, parse(brand.menuItemText) ?? parse(brand.headerText)),
    );
  }
  // An original without a header of its own whose name the rebuild's header does not show either:
  // its menu's words are links, as the original drew them in its pages (wouter-1998's blue).
  if (
    !headerBackground &&
    !parse(brand.headerText) &&
    !chrome.menuItemText &&
    model.identity.nameShown === false
  )
    chrome.menuItemText = toHex(words.link);
  const footerBackground = parse(brand.footerBackground);
  if (footerBackground) {
    chrome.footerBackground = toHex(footerBackground);
    chrome.footerText = toHex(textOn(footerBackground, parse(brand.footerText)));
  }
  const grounds = profile?.keepsOriginalLayout
    ? toGrounds(model.identity.backgrounds, hostedPath, routeOf, background, Object.values(words))
    : {};
  const body = model.identity.fonts.body;
  const keepsLook = profile?.keepsOriginalLayout === true;
  const corners = model.identity.corners;
  const serifBody = SERIF_HINT.test(body ?? '') && !/sans/i.test(body ?? '');
  return {
    colors: {
      primary: toHex(primaryPair.fill),
      onPrimary: toHex(primaryPair.text),
      accent: toHex(accentPair.fill),
      onAccent: toHex(accentPair.text),
      background: toHex(background),
      surface: toHex(surface),
      text: toHex(words.text),
      ...(words.heading ? { heading: toHex(words.heading) } : {}),
      ...(words.term ? { term: toHex(words.term) } : {}),
      muted: toHex(words.muted),
      border: toHex(shift(background, dark ? 0.14 : -0.11)),
      link: toHex(words.link),
    },
    fonts: {
      heading: fontStack(
        model,
        model.identity.fonts.heading ?? body,
        serifBody ? 'serif' : 'sans',
        model.identity.fonts.heading
          ? model.identity.fonts.fallbacks?.heading
          : model.identity.fonts.fallbacks?.body,
      ),
      body: fontStack(model, body, 'sans', model.identity.fonts.fallbacks?.body),
      mono: MONO,
    },
    // A rebuild that keeps the original's look keeps its corners, square ones square (issue 23); the
    // others take the template's rounded ones.
    radius: (keepsLook && corners?.boxes) || 'large',
    ...(keepsLook && corners?.buttons ? { buttonRadius: corners.buttons } : {}),
    header: headerBackground ? 'brand' : 'light',
    scheme: dark ? 'dark' : 'light',
    ...(Object.keys(chrome).length > 0 ? { chrome } : {}),
    // A rebuild that keeps the original's layout keeps its measured scale and column (decision
    // record 029); the others restructure and keep the template's.
    ...(profile?.keepsOriginalLayout && model.identity.typography
      ? {
          typography: toReadableHeaderTitle(
            toKeptBox(
              toReadableMenuBar(
                toReadableHeadings(toTypeScale(model.identity.typography), background, surface),
                chrome.menuItemBackground ? chrome.menuItemText : undefined,
              ),
              boxGround,
              background,
            ),
            parse(model.identity.colors.headerBackground) ?? background,
          ),
        }
      : {}),
    ...grounds,
  };
}

/**
 * The heading levels' own colours and bars made readable (issue 23): a level's colour that reads on
 * the page (3:1 at least, as the headings' colour) is pushed to AA on the page and its bands; a
 * bar keeps its fill and takes the original's words on it when they pass AA, else the fill pair's.
 * Colours the rebuild cannot read are dropped (the page's heading colour stays).
 */
export function toReadableHeadings(scale: TypeScale, background: Rgb, surface: Rgb): TypeScale {
  const headings = { ...scale.headings };
  for (const level of ['h1', 'h2', 'h3'] as const) {
    const { color, fill, rule, ...rest } = headings[level];
    const next: TypeScale['headings']['h1'] = { ...rest };
    // The heading's line in its colour as drawn over the page (a translucent line blended), hex.
    const line = parse(rule?.color);
    if (rule && line)
      next.rule = { ...rule, color: toHex(over(line, alphaOf(rule.color), background)) };
    const own = parse(color);
    if (own && contrast(own, background) >= 3)
      next.color = toHex(ensureContrast(ensureContrast(own, background, 4.6), surface, 4.6));
    const bar = parse(fill?.color);
    if (bar) {
      const pair = fillPair(bar, parse(fill?.text));
      next.fill = { color: toHex(pair.fill), text: toHex(pair.text) };
    }
    headings[level] = next;
  }
  return { ...scale, headings };
}

/** A menu bar fill less opaque than this is the header showing through, not a bar of its own. */
const MIN_BAR_ALPHA = 0.5;

/**
 * The menu's bar made hex and readable (issue 23): its fill as the original drew it, a gradient
 * rebuilt from its parsed stops (each shown over the bar's colour; a page's own string never
 * reaches the stylesheet), the links' colour there where it reads (4.5:1 on every stop), else white
 * or near-black. A bar without a colour, or one mostly see-through, is dropped. Items drawn as boxes
 * of their own on it keep their own words' colour (`itemText`, readable there).
 */
export function toReadableMenuBar(scale: TypeScale, itemText?: string): TypeScale {
  const { menuBar, ...rest } = toReadableStrip(scale);
  const fill = parse(menuBar?.color);
  if (!menuBar || !fill || alphaOf(menuBar.color) < MIN_BAR_ALPHA) return rest;
  const { gradient: measured, ...bar } = menuBar;
  const gradient = measured ? toLinearGradient(measured, fill) : undefined;
  const fills = gradient ? gradient.colors : [fill];
  return {
    ...rest,
    menuBar: {
      ...bar,
      color: toHex(fill),
      ...(gradient ? { gradient: gradient.css } : {}),
      text: itemText ?? toHex(textOnAll(fills, parse(menuBar.text))),
    },
  };
}

/** Text for a gradient: the original's where it passes AA on every stop, else white or near-black. */
function textOnAll(fills: readonly Rgb[], preferred?: Rgb): Rgb {
  const least = (color: Rgb): number => Math.min(...fills.map((fill) => contrast(color, fill)));
  if (preferred && least(preferred) >= 4.5) return preferred;
  return least(WHITE) >= least(NEAR_BLACK) ? WHITE : NEAR_BLACK;
}

/**
 * The header's strip made hex and readable (issue 23): its fill as the original drew it, its words'
 * colour where they read there (4.5:1), else white or near-black; a strip without a colour is dropped.
 */
function toReadableStrip(scale: TypeScale): TypeScale {
  const strip = scale.header?.strip;
  if (!scale.header || !strip) return scale;
  const { strip: _strip, ...header } = scale.header;
  const fill = parse(strip.color);
  if (!fill) return { ...scale, header };
  return {
    ...scale,
    header: {
      ...header,
      strip: { ...strip, color: toHex(fill), text: toHex(textOn(fill, parse(strip.text))) },
    },
  };
}

/**
 * The header band's gradient rebuilt from its parsed stops over the header's colour (a page's own
 * string never reaches the stylesheet; one that cannot be rebuilt is dropped), and its title made
 * readable (issue 23): the original's colour where it reads (3:1, a large headline) on every colour
 * of the band (its gradient's stops, else the header's colour), else white or near-black, whichever
 * reads better on the worst of them; hex.
 */
export function toReadableHeaderTitle(scale: TypeScale, headerColor: Rgb): TypeScale {
  if (!scale.header) return scale;
  const { gradient: measured, ...rest } = scale.header;
  const gradient = measured ? toLinearGradient(measured, headerColor) : undefined;
  const header: NonNullable<TypeScale['header']> = gradient
    ? { ...rest, gradient: gradient.css }
    : rest;
  const title = header.title;
  if (!title) return { ...scale, header };
  const band = gradient ? gradient.colors : [headerColor];
  const worst = (text: Rgb): number => Math.min(...band.map((stop) => contrast(text, stop)));
  const own = parse(title.color);
  const color =
    own && worst(own) >= 3 ? own : worst(WHITE) >= worst(NEAR_BLACK) ? WHITE : NEAR_BLACK;
  return { ...scale, header: { ...header, title: { ...title, color: toHex(color) } } };
}

/** A boxed column this close (ΔE2000) to the page's colour is no box to the eye. */
const BOX_MIN_DELTA_E = 3;

/**
 * The page's colour around a boxed column (issue 23), when the original drew its content in one: a
 * fill the eye tells from the page's colour (the words are made readable on it; it makes the
 * scheme); undefined for no box.
 */
function toBoxGround(model: SiteModel): Rgb | undefined {
  const fill = parse(model.identity.typography?.box?.color);
  const page = parse(model.identity.colors.background);
  if (!fill || !page) return undefined;
  const rgb = ({ r, g, b }: Rgb) => ({ mode: 'rgb' as const, r: r / 255, g: g / 255, b: b / 255 });
  return ciede2000(rgb(fill), rgb(page)) >= BOX_MIN_DELTA_E ? page : undefined;
}

/**
 * A boxed page's column in the rebuild's scale: its fill the canvas the words were made readable on,
 * the page's colour around it (`ground`); none without a ground (no box, or one the eye does not see).
 */
export function toKeptBox(scale: TypeScale, ground: Rgb | undefined, canvas: Rgb): TypeScale {
  const { box, ...rest } = scale;
  if (!box || !ground) return rest;
  return { ...rest, box: { ...box, color: toHex(canvas), ground: toHex(ground) } };
}

/** How far (HSL lightness, 0..1) a word's colour may move to read on a background picture. */
const MAX_WORD_SHIFT = 0.2;

/** The mean colours of the original's page pictures: the site's first, then by how many pages. */
export function pictureMeans(backgrounds: SiteModel['identity']['backgrounds']): Rgb[] {
  const counts = new Map<string, number>();
  for (const { picture } of backgrounds?.pages ?? [])
    if (picture.color) counts.set(picture.color, (counts.get(picture.color) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]).map(([color]) => color);
  return [backgrounds?.page?.color, ...ranked].flatMap((color) => {
    const rgb = parse(color);
    return rgb ? [rgb] : [];
  });
}

/**
 * The page's words made to read (4.5:1) on the mean colours of its background pictures (issue 23),
 * one picture after another, where each word moves at most MAX_WORD_SHIFT in lightness and still
 * reads on the rebuild's own grounds (`grounds`: the canvas, the surface) and on the pictures taken
 * before. A picture the words cannot be made to read on is left to a plate (toGrounds).
 */
export function toWordsOnPictures<Words extends Record<string, Rgb | undefined>>(
  words: Words,
  means: Rgb[],
  grounds: Rgb[],
): Words {
  let kept = words;
  const taken: Rgb[] = [];
  const reads = (color: Rgb | undefined, under: Rgb[]) =>
    !color || under.every((ground) => contrast(color, ground) >= 4.5);
  for (const mean of means) {
    const next = Object.fromEntries(
      Object.entries(kept).map(([name, color]) => [
        name,
        color && ensureContrast(color, mean, 4.6),
      ]),
    ) as Words;
    const fits = Object.entries(next).every(
      ([name, color]) =>
        !color ||
        (reads(color, [...grounds, ...taken, mean]) &&
          Math.abs(toHsl(color).l - toHsl(words[name]!).l) <= MAX_WORD_SHIFT),
    );
    if (!fits) continue;
    kept = next;
    taken.push(mean);
  }
  return kept;
}

/** Opacities tried for the plate under the content column, lightest first. */
const PLATE_OPACITIES = [0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 1];

/**
 * The original's grounds for a rebuild that keeps its look (issue 23): its page, header and footer
 * pictures laid as it laid them, and a footer without a fill of its own on the page's ground. The
 * page's words (`words`, already readable on `canvas`) must read 4.5:1 on the picture's mean colour;
 * when one does not, a plate of the page's colour goes under the content column, as light as reads.
 * A header that showed the page's ground shows its picture too (the rebuilt header is sticky: it
 * draws its own ground).
 */
function toGrounds(
  backgrounds: SiteModel['identity']['backgrounds'],
  hostedPath: (url: string) => string | undefined,
  routeOf: (url: string) => string | undefined,
  canvas: Rgb,
  words: (Rgb | undefined)[],
): Pick<DesignTokens, 'backgrounds' | 'pageGrounds' | 'footer'> {
  if (!backgrounds) return {};
  const readable = (under: Rgb) => words.every((color) => !color || contrast(color, under) >= 4.5);
  // Words that do not read on a picture's mean colour: a plate of the page's colour over it.
  const withPlate = (
    planned: PlannedBackground,
    picture: BackgroundPicture | undefined,
  ): PlannedBackground => {
    const mean = parse(picture?.color);
    if (!mean || readable(mean)) return planned;
    return {
      ...planned,
      plate: PLATE_OPACITIES.find((alpha) => readable(mix(canvas, mean, alpha))) ?? 1,
    };
  };
  const planned = (
    picture: BackgroundPicture | undefined,
  ): NonNullable<NonNullable<DesignTokens['backgrounds']>['page']> | undefined => {
    const path = picture?.image.asset ? hostedPath(picture.image.asset) : undefined;
    if (!picture || !path) return undefined;
    const { repeat, size, position, attachment } = picture;
    return { src: `/${path}`, repeat, size, position, attachment };
  };
  const out: NonNullable<DesignTokens['backgrounds']> = {};
  const laidPage = planned(backgrounds.page);
  const page = laidPage ? withPlate(laidPage, backgrounds.page) : undefined;
  if (page) out.page = page;
  // Pages drawn on a picture of their own keep it, on the same terms as the page's.
  const pageGrounds = (backgrounds.pages ?? []).flatMap(({ url, picture }) => {
    const route = routeOf(url);
    const laid = planned(picture);
    return route !== undefined && laid ? [{ route, picture: withPlate(laid, picture) }] : [];
  });
  // A header's own banner: its words were chosen to read on its mean colour. A header on the page's
  // picture takes the page's plate too, across its width (its words sit anywhere in the bar).
  const header = planned(backgrounds.header) ?? (backgrounds.isHeaderOnPage ? page : undefined);
  if (header) out.header = { ...header, attachment: 'scroll' };
  const footer = planned(backgrounds.footer);
  if (footer) out.footer = footer;
  return {
    ...(Object.keys(out).length > 0 ? { backgrounds: out } : {}),
    ...(pageGrounds.length > 0 ? { pageGrounds } : {}),
    ...(backgrounds.isFooterOnPage && !footer ? { footer: 'page' as const } : {}),
  };
}

/** `top` laid over `under` at `alpha`. */
function mix(top: Rgb, under: Rgb, alpha: number): Rgb {
  return {
    r: Math.round(top.r * alpha + under.r * (1 - alpha)),
    g: Math.round(top.g * alpha + under.g * (1 - alpha)),
    b: Math.round(top.b * alpha + under.b * (1 - alpha)),
  };
}

/** The offline design: deterministic, derived from the site's brand (planSite applies it). */
export function designOffline(model: SiteModel, plan: SitePlan): DesignResult {
  const sections: DesignResult['sections'] = {};
  for (const page of plan.pages) {
    for (const section of page.sections)
      sections[`${page.route}#${section.id}`] = { variant: section.variant };
  }
  const paths = new Map(plan.assets.map((asset) => [asset.url, asset.path]));
  const routes = new Map(plan.pages.map((page) => [page.url, page.route]));
  return {
    tokens: buildTokens(
      model,
      STRATEGY_PROFILES[plan.strategy],
      (url) => paths.get(url),
      (url) => routes.get(url),
    ),
    sections,
  };
}

/** The default Designer, as a Designer: the offline design. */
export const offlineDesigner: Designer = {
  name: 'offline',
  design: async (model, plan) => designOffline(model, plan),
};
