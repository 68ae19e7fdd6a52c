/**
 * The tone an old page set its paragraphs in (issue 23: `<font size="5" color="#800080">`), on the
 * rebuild's terms: a profile that keeps the original's look keeps the size step and the colour
 * where the colour reads (4.5:1) on the ground the page is drawn on (its own picture under the
 * plate the designer laid, the site's, or the page's colour); else the site's ink. A profile that
 * restructures the site sets every paragraph in the site's type.
 */
import type { Block, DesignTokens, PlannedPage, SiteModel } from '../../model';
import { contrast, parseColor, toHex, type Rgb } from '../../lib/color';

/** `top` laid over `under` at `alpha`. */
function mix(top: Rgb, under: Rgb, alpha: number): Rgb {
  return {
    r: Math.round(top.r * alpha + under.r * (1 - alpha)),
    g: Math.round(top.g * alpha + under.g * (1 - alpha)),
    b: Math.round(top.b * alpha + under.b * (1 - alpha)),
  };
}

/**
 * The CSS pixels a browser draws `<font size="1">`..`<font size="7">` in (steps -2..4 from the
 * default 3), whatever the page's body size: the sizes an old page's words were seen at.
 */
const FONT_SIZE_PX = new Map([
  [-2, 10],
  [-1, 13],
  [0, 16],
  [1, 18],
  [2, 24],
  [3, 32],
  [4, 48],
]);

/**
 * A `<font size>` step as a share of the rebuild's body size (`bodyPx`), within the shares the
 * template draws (0.5-3); undefined for the default size.
 */
export function toStepScale(step: number, bodyPx: number): number | undefined {
  const px = FONT_SIZE_PX.get(Math.max(-2, Math.min(4, Math.round(step))));
  if (!px || step === 0 || !(bodyPx > 0)) return undefined;
  return Math.round(Math.max(0.5, Math.min(3, px / bodyPx)) * 100) / 100;
}

/**
 * How far a box's fill must stand out from the page's ground to be drawn: a contrast ratio, or a
 * hue of its own (a yellow box on a pale pink ground is as light, and plainly a box).
 */
const MIN_FILL_CONTRAST = 1.15;
const MIN_FILL_CHANNEL = 48;

/** True when `fill` reads as a box of its own on `ground`. */
function standsOut(fill: Rgb, ground: Rgb): boolean {
  const channel = Math.max(
    Math.abs(fill.r - ground.r),
    Math.abs(fill.g - ground.g),
    Math.abs(fill.b - ground.b),
  );
  return contrast(fill, ground) >= MIN_FILL_CONTRAST || channel >= MIN_FILL_CHANNEL;
}

type Tone = NonNullable<Extract<Block, { kind: 'paragraph' }>['tone']>;

/** Copies `value` with every paragraph's tone passed through `keep` (unchanged parts shared). */
function mapTones(value: unknown, keep: (tone: Tone) => Tone | undefined): unknown {
  if (Array.isArray(value)) {
    const out = value.map((each) => mapTones(each, keep));
    return out.some((each, i) => each !== value[i]) ? out : value;
  }
  if (!value || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (record.kind === 'paragraph') {
    if (!record.tone) return value;
    const { tone, ...rest } = record;
    const kept = keep(tone as Tone);
    return kept ? { ...rest, tone: kept } : rest;
  }
  let out: Record<string, unknown> | undefined;
  for (const [key, each] of Object.entries(record)) {
    if (key === 'inlines' || key === 'textBlocks') continue;
    const mapped = mapTones(each, keep);
    if (mapped !== each) (out ??= { ...record })[key] = mapped;
  }
  return out ?? value;
}

/** How near (per channel, 0-255) a run's colour must be to the brand colour to be that colour. */
const BRAND_CHANNEL_SLACK = 16;

/**
 * What a restructuring profile keeps of a tone: only its colour, where that colour is the site's
 * brand colour and reads on the page (issue 23: a 1998 page's `<font color="#0000ff">` welcome is
 * where the site shows its blue; dropping it drops the site's identity). Sizes and fills go.
 */
function brandRun(tone: Tone, brand: Rgb | undefined, ground: Rgb): Tone | undefined {
  const color = tone.color ? parseColor(tone.color) : undefined;
  if (!color || !brand) return undefined;
  const near =
    Math.max(
      Math.abs(color.r - brand.r),
      Math.abs(color.g - brand.g),
      Math.abs(color.b - brand.b),
    ) <= BRAND_CHANNEL_SLACK;
  return near && contrast(color, ground) >= 4.5 ? { color: toHex(color) } : undefined;
}

/**
 * The pages with each paragraph's tone kept where `keepsLook` and readable on the page's ground
 * (see the module comment), dropped elsewhere.
 */
export function withReadableTones(
  pages: PlannedPage[],
  model: SiteModel,
  tokens: DesignTokens,
  keepsLook: boolean,
): PlannedPage[] {
  const canvas = parseColor(tokens.colors.background) ?? { r: 255, g: 255, b: 255 };
  const brand = parseColor(model.identity.colors.primary ?? '');
  const ink = parseColor(tokens.colors.text);
  const backgrounds = model.identity.backgrounds;
  const onPicture = (mean: string | undefined, plate: number | undefined): Rgb => {
    const under = parseColor(mean ?? '');
    if (!under) return canvas;
    return plate === undefined ? under : mix(canvas, under, plate);
  };
  return pages.map((page) => {
    let ground = canvas;
    if (keepsLook) {
      const own = tokens.pageGrounds?.find((each) => each.route === page.route);
      const ownPicture = backgrounds?.pages?.find((each) => each.url === page.url)?.picture;
      if (own && ownPicture) ground = onPicture(ownPicture.color, own.picture.plate);
      else if (tokens.backgrounds?.page && backgrounds?.page)
        ground = onPicture(backgrounds.page.color, tokens.backgrounds.page.plate);
    }
    const bodyPx = tokens.typography?.body.size ?? 16;
    const keep = (tone: Tone): Tone | undefined => {
      if (!keepsLook) return brandRun(tone, brand, canvas);
      const color = tone.color ? parseColor(tone.color) : undefined;
      // A boxed title cell's fill (issue 23), where it stands out from the ground and its words
      // (their own colour or the site's ink) read on it; the words' colour is then read on the fill.
      const boxFill = tone.fill ? parseColor(tone.fill) : undefined;
      const fill =
        boxFill &&
        standsOut(boxFill, ground) &&
        ((color && contrast(color, boxFill) >= 4.5) || (ink && contrast(ink, boxFill) >= 4.5))
          ? boxFill
          : undefined;
      const under = fill ?? ground;
      // The site's own ink (a page's `<body text="#000000">` on a black-on-white site) adds nothing.
      const own = color && ink && contrast(color, ink) < 1.25;
      const readable = color && !own && contrast(color, under) >= 4.5;
      // A `<font size>` step is drawn at the size the browser drew it (issue 23: a FrontPage
      // title at size 6 is 32 px, a 1998 page's small print at size 2 is 13 px), as the share of
      // the body's size base.css's `sized` reads; `tone-N` stays for what draws only the step.
      const stepScale = tone.step && !tone.font ? toStepScale(tone.step, bodyPx) : undefined;
      const font = tone.font ?? (stepScale !== undefined ? { scale: stepScale } : undefined);
      const out: Tone = {
        ...(tone.step && tone.step > 0 ? { step: Math.min(3, Math.round(tone.step)) } : {}),
        ...(readable ? { color: toHex(color) } : {}),
        ...(fill ? { fill: toHex(fill) } : {}),
        // The size the page's CSS set it in (issue 23), drawn as the original drew it.
        ...(font ? { font } : {}),
      };
      return Object.keys(out).length > 0 ? out : undefined;
    };
    return mapTones(page, keep) as PlannedPage;
  });
}
