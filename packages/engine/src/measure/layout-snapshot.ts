/**
 * What a rendered page looked like at one viewport (text blocks, sections, header, first-screen
 * pictures), and the schema its measurement must pass: browser/collect-layout.ts measures it,
 * verify's fidelity compares two of them.
 */
import { z } from 'zod';

/** A box in page coordinates (CSS px from the document's top left corner). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One visible block of text: the text of the text nodes whose nearest block box is the same element. */
export interface TextBlock {
  text: string;
  box: Box;
  /**
   * Area of the text's line boxes (CSS px²), summed: the block's size in the block score. The box
   * can be far larger (an element's own words before and after a nested block span the nested one).
   */
  area: number;
  /** Computed `color` of the element holding most of the block's characters (CSS colour). */
  color: string;
  /** First non-transparent `background-color` from the block up to the root (CSS colour). */
  background: string;
  /** Computed `font-family` of the element holding most of the block's characters. */
  fontFamily: string;
  /**
   * True when a picture is drawn under the block's words (a CSS background image or a positioned
   * `<img>` behind it, no opaque fill between them): its contrast is read from the screenshot.
   */
  overPicture?: boolean;
}

/** A top-level block of the page (header, hero, a section, the footer), as a full-width band. */
export interface SectionBand {
  /** A short CSS selector naming the element, e.g. `body > div#root > main > section#menu`. */
  selector: string;
  top: number;
  height: number;
}

/** A picture on the page: an `<img>`, an inline `<svg>` or an element with a CSS background image. */
export interface Picture {
  kind: 'img' | 'svg' | 'css-background';
  /** The image's URL (`''` for an inline SVG). */
  src: string;
  box: Box;
  /** An `<img>`'s own size in px (0 × 0 when it did not load). */
  natural?: { width: number; height: number };
  /** An `<img>` that failed to load: the browser draws its alt text instead. */
  broken?: boolean;
  /** An `<img>`'s alt text. */
  alt?: string;
  /** The URL of the link the picture sits in, when it is one's only content (a picture link). */
  href?: string;
}

/** A link or button with its label. */
export interface Control {
  label: string;
  /** `button`: a `<button>`, an input button, `role=button` or a link drawn as a filled box. */
  kind: 'button' | 'link';
  /** True for a link to the site's start page (`/`, `index.html`): the brand or home link. */
  isHome: boolean;
  /** Computed `background-color` of a `button` (CSS colour). */
  background: string;
  box: Box;
  /** A link's URL (absolute, as the browser resolved it). */
  href?: string;
  /** A link's `hreflang` (or `lang`): it leads to another language version. */
  lang?: string;
  /**
   * Where it sits: in the header (or a main menu the identity probe marked), in the footer
   * (`footer`, `[role=contentinfo]`), or elsewhere.
   */
  place?: 'header' | 'footer' | 'main';
  /** The `aria-label` of the nearest labelled group around it (a language switcher's "Language"). */
  group?: string;
}

/** A text the original's identity probe marked as not content: an overlay, a hidden state, print only. */
export interface MarkedText {
  kind: 'overlay' | 'hidden' | 'print-only';
  text: string;
}

/** What the page's header shows (the first visible `header`, `[role=banner]` or `nav`). */
export interface HeaderProbe {
  selector: string;
  box: Box;
  /** First non-transparent `background-color` from the header up (CSS colour). */
  background: string;
  /** Visible links and buttons of the header. */
  controls: Control[];
  /** Computed text colours of the header's links and headings. */
  textColors: string[];
  /** Visible pictures in the header (a logo). */
  pictures: Picture[];
}

/** What the rendered page looked like at one viewport: measured in the browser for fidelity. */
export interface LayoutSnapshot {
  viewport: { width: number; height: number };
  /** The document's scroll size. */
  page: { width: number; height: number };
  /** Visible text blocks in document order (at most MAX_BLOCKS); empty when not asked for. */
  blocks: TextBlock[];
  /** Top-level blocks, top to bottom. */
  sections: SectionBand[];
  /** With `identity`: the header, the controls and the pictures of the first screen. */
  identity?: {
    header?: HeaderProbe;
    /** Every visible link and button of the page (at most 300). */
    controls: Control[];
    /** Pictures visible in the first screen, largest first (at most 12). */
    firstScreenPictures: Picture[];
    /** Every visible picture of the page at least 24 px each way, in document order (at most 300). */
    pictures?: Picture[];
    /**
     * The logo as drawn: the picture of the brand element the identity probe marked, else of the
     * header's home link.
     */
    logo?: Picture;
    /**
     * Texts of elements the identity probe marked as overlays, print-only, or hidden at load where
     * they are a form's state (in or beside a form, an alert or status; no heading).
     */
    marked?: MarkedText[];
    /**
     * Sources of the pictures in items a filter hid at load: hidden children of a list that shows
     * at least two of their kind (a filterable gallery's other categories; a slider shows one).
     */
    filtered?: string[];
  };
  /**
   * The label of the entry screen the page shows ("Lets begin"), when the identity probe marked one
   * in this DOM (PROBE_MARKS.splash; fetch measures the pages it probed): verify then measures the
   * original again past it.
   */
  splash?: string;
}

/** What collectLayout (browser/collect-layout.ts) measures besides the sections. */
export interface LayoutOptions {
  blocks: boolean;
  identity: boolean;
}

/**
 * Most text blocks a snapshot keeps: enough for the whole of a long page (a 100,000 px manual page
 * has a few thousand), so that both sides cover all their text. The scores coarsen each side to
 * fewer units before matching (design2code-scores.ts: the assignment is cubic).
 */
export const MAX_BLOCKS = 5_000;

const finite = z.number().finite();
const cssText = z.string().max(500);
const boxSchema = z.object({ x: finite, y: finite, width: finite, height: finite });
const pictureSchema = z.object({
  kind: z.enum(['img', 'svg', 'css-background']),
  src: z.string().max(4_096),
  box: boxSchema,
  natural: z.object({ width: finite, height: finite }).optional(),
  broken: z.boolean().optional(),
  alt: z.string().max(2_000).optional(),
  href: z.string().max(4_096).optional(),
});
const controlSchema = z.object({
  label: z.string().max(2_000),
  kind: z.enum(['button', 'link']),
  isHome: z.boolean(),
  background: cssText,
  box: boxSchema,
  href: z.string().max(4_096).optional(),
  lang: z.string().max(100).optional(),
  place: z.enum(['header', 'footer', 'main']).optional(),
  group: z.string().max(200).optional(),
});

/**
 * What a collector run may return. It runs inside the original's page, whose own scripts can replace
 * the DOM functions it calls: the answer is checked like any other input from outside, sizes capped.
 */
export const layoutSnapshotSchema = z.object({
  viewport: z.object({ width: finite, height: finite }),
  page: z.object({ width: finite.positive(), height: finite.positive() }),
  blocks: z
    .array(
      z.object({
        text: z.string().max(100_000),
        box: boxSchema,
        area: finite.nonnegative(),
        color: cssText,
        background: cssText,
        fontFamily: cssText,
        overPicture: z.boolean().optional(),
      }),
    )
    .max(MAX_BLOCKS),
  sections: z
    .array(z.object({ selector: z.string().max(1_000), top: finite, height: finite }))
    .max(40),
  identity: z
    .object({
      header: z
        .object({
          selector: z.string().max(1_000),
          box: boxSchema,
          background: cssText,
          controls: z.array(controlSchema).max(200),
          textColors: z.array(cssText).max(200),
          pictures: z.array(pictureSchema).max(401),
        })
        .optional(),
      controls: z.array(controlSchema).max(300),
      firstScreenPictures: z.array(pictureSchema).max(12),
      pictures: z.array(pictureSchema).max(300).optional(),
      logo: pictureSchema.optional(),
      marked: z
        .array(
          z.object({
            kind: z.enum(['overlay', 'hidden', 'print-only']),
            text: z.string().max(500),
          }),
        )
        .max(60)
        .optional(),
      filtered: z.array(z.string().max(4_096)).max(100).optional(),
    })
    .optional(),
  splash: z.string().max(100).optional(),
}) satisfies z.ZodType<LayoutSnapshot>;
