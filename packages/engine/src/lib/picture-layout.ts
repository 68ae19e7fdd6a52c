/**
 * How a background picture is laid, as CSS values a stylesheet may take (issue 23). The probe reads
 * them from the original's computed styles, which the original's scripts could forge: extract keeps
 * only values of the few shapes CSS computes (keywords, lengths in px, percentages), and generate
 * checks them again before they are printed into the stylesheet.
 */

/** The layout of a background picture: CSS `background-repeat`, `-size`, `-position`, `-attachment`. */
export interface PictureLayout {
  repeat: string;
  size: string;
  position: string;
  attachment: 'scroll' | 'fixed';
}

const REPEAT = /^(?:repeat|no-repeat|repeat-x|repeat-y|space|round)$/;
const LENGTH = /^-?\d{1,5}(?:\.\d{1,4})?(?:px|%)$/;
const SIZE_PART = /^(?:auto|\d{1,5}(?:\.\d{1,4})?(?:px|%))$/;
const POSITION_PART = /^(?:left|right|top|bottom|center)$/;

const partsOf = (value: string): string[] => value.trim().split(/\s+/).filter(Boolean);

/** A `background-repeat` of one or two keywords, else undefined. */
export function toSafeRepeat(value: string | undefined): string | undefined {
  const parts = partsOf(value ?? '');
  return parts.length >= 1 && parts.length <= 2 && parts.every((part) => REPEAT.test(part))
    ? parts.join(' ')
    : undefined;
}

/** A `background-size`: `cover`, `contain`, or one or two of `auto`, px and %; else undefined. */
export function toSafeSize(value: string | undefined): string | undefined {
  const trimmed = (value ?? '').trim();
  if (trimmed === 'cover' || trimmed === 'contain') return trimmed;
  const parts = partsOf(trimmed);
  return parts.length >= 1 && parts.length <= 2 && parts.every((part) => SIZE_PART.test(part))
    ? parts.join(' ')
    : undefined;
}

/** A `background-position` of one to four keywords, px and % values; else undefined. */
export function toSafePosition(value: string | undefined): string | undefined {
  const parts = partsOf(value ?? '');
  return parts.length >= 1 &&
    parts.length <= 4 &&
    parts.every((part) => LENGTH.test(part) || POSITION_PART.test(part))
    ? parts.join(' ')
    : undefined;
}

/**
 * A picture's layout from computed (untrusted) values, each unknown one replaced by CSS's initial
 * value. `auto` sizes become the picture's own pixels when they are known (`natural`), so that a
 * tile keeps its scale when the rebuild ships it re-encoded or narrower.
 */
export function toPictureLayout(
  computed: { repeat?: string; size?: string; position?: string; attachment?: string },
  natural?: { width?: number; height?: number },
): PictureLayout {
  let size = toSafeSize(computed.size) ?? 'auto';
  const { width, height } = natural ?? {};
  if (/^auto(?: auto)?$/.test(size) && width && height && width > 0 && height > 0)
    size = `${Math.round(width)}px ${Math.round(height)}px`;
  return {
    repeat: toSafeRepeat(computed.repeat) ?? 'repeat',
    size,
    position: toSafePosition(computed.position) ?? '0% 0%',
    attachment: computed.attachment === 'fixed' ? 'fixed' : 'scroll',
  };
}
