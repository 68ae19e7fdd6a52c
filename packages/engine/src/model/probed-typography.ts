/**
 * The original's type scale and content column as the browser drew them (CSS pixels at the probe's
 * viewport): STYLE_MODERNIZATION keeps them, so that a rebuilt page is as tall and its blocks sit where
 * they were (issue 12, decision record 029). Measured by the identity probe (measure/page-probe.ts
 * checks its answer with this schema); its keys in the order the probe writes them.
 */
import { z } from 'zod';

const finite = z.number();

/** A CSS `text-transform` a heading level is drawn with (`none` is left out). */
export const headingCaseSchema = z.enum(['uppercase', 'lowercase', 'capitalize']);
export type HeadingCase = z.infer<typeof headingCaseSchema>;

const headingSchema = z.object({
  size: finite,
  weight: finite,
  case: headingCaseSchema.optional(),
  tracking: finite.optional(),
  /** The line height as a share of the size, where most of the level's headings share one. */
  leading: finite.optional(),
  /**
   * The level's words' colour (computed), where most of its headings share one; and the filled bar
   * most of them are drawn on (a heading on a band or box of its own colour, unlike what lies under
   * it), with the colour of its words there (issue 23: heading treatments kept).
   */
  color: z.string().optional(),
  fill: z.object({ color: z.string(), text: z.string() }).optional(),
  /**
   * The line drawn above or under most of the level's headings (their own border, or a wrapper's
   * barely taller than them): its side, width (px), computed colour and its space from the words (px).
   */
  rule: z
    .object({ side: z.enum(['top', 'bottom']), width: finite, color: z.string(), gap: finite })
    .optional(),
});

/**
 * The band at the top of the page that holds the site's name or logo and its main menu, as drawn
 * at the probe's width (issue 23): its height (px, from the page's top), where the menu starts in it
 * when it lies under the brand (a banner, then a menu bar), and whether the brand is centred.
 */
export const probedHeaderBandSchema = z.object({
  height: finite,
  menuTop: finite.optional(),
  isBrandCentered: z.literal(true).optional(),
  /**
   * The thin bar across the top above the brand and menu (issue 23, PROBE_MARKS.headerPart
   * `strip`): its height (px), its fill and its words' colour (computed colours).
   */
  strip: z.object({ height: finite, color: z.string(), text: z.string() }).optional(),
  /**
   * The band's title (issue 23): the largest words of a header that holds no menu, centred in it,
   * with the menu under it: their words, size (px) and colour (computed), and the header's height
   * (px from the page's top: where the menu's row begins). Last: older answers read as before.
   */
  title: z.object({ text: z.string(), size: finite, color: z.string(), height: finite }).optional(),
  /** The header's own gradient (computed CSS, colours and stops only), when it was drawn with one. */
  gradient: z.string().optional(),
});
export type ProbedHeaderBand = z.infer<typeof probedHeaderBandSchema>;

/**
 * A boxed page (issue 23): the centred column the content was drawn in with a fill of its own over
 * a page of another colour or picture; its width (px), its fill (computed colour), and whether the
 * header and the footer lay inside it.
 */
export const probedBoxSchema = z.object({
  width: finite,
  color: z.string(),
  header: z.literal(true).optional(),
  footer: z.literal(true).optional(),
});
export type ProbedBox = z.infer<typeof probedBoxSchema>;

/**
 * The band the main menu's row was drawn on (issue 23), when it had one of its own (not the
 * header's fill): its colour (computed; a gradient's first), the gradient itself, the links' colour,
 * weight and size (px) on it, its height (px), whether it ran across the header (else boxed
 * around the links), and whether the links sat in its middle.
 */
export const probedMenuBarSchema = z.object({
  color: z.string(),
  gradient: z.string().optional(),
  text: z.string(),
  weight: finite,
  size: finite,
  height: finite,
  isFullWidth: z.boolean(),
  isCentered: z.literal(true).optional(),
  /** The bars stacked right under it holding other menus (a page's own links' row): their height, px. */
  under: finite.optional(),
});
export type ProbedMenuBar = z.infer<typeof probedMenuBarSchema>;

/**
 * How the main menu's top-level links lay in their row (issue 23), bar or none: gathered in the
 * middle of the page (each row of them, when they wrapped), each label on one line, the corner
 * radius (px) of the boxes or pills most of them were drawn as, and how tall each link was.
 */
export const probedMenuRowSchema = z.object({
  isCentered: z.literal(true).optional(),
  isOneLine: z.literal(true).optional(),
  radius: finite.optional(),
  /** The links' own height (px, the median), padding included: the pitch of the menu's rows. */
  linkHeight: finite.optional(),
});
export type ProbedMenuRow = z.infer<typeof probedMenuRowSchema>;

/**
 * The band that opens the page at a phone's width (375 px, issue 23): its height (px from the
 * page's top; 0 when no bar of brand, menu or menu button opens the page there), and whether the
 * menu's button sat beside the brand, in its rows. Measured after the probe, at the phone's width
 * (browser/in-page/identity-probe/phone-header.ts).
 */
export const probedPhoneHeaderSchema = z.object({
  height: finite,
  isOneRow: z.literal(true).optional(),
});
export type ProbedPhoneHeader = z.infer<typeof probedPhoneHeaderSchema>;

export const probedTypographySchema = z.object({
  /** Size and line height (px) of the text holding most characters outside headings and chrome. */
  body: z.object({ size: finite, lineHeight: finite }),
  /** True when most of the text is centred (a table-era page's <center>). */
  isTextCentered: z.literal(true).optional(),
  /** The size (px) of the hero's headline, the largest text over its picture, when there is one. */
  heroHeadline: finite.optional(),
  /** The hero headline's letter case and spacing (em), where it had its own. */
  heroCase: headingCaseSchema.optional(),
  heroTracking: finite.optional(),
  /** The main menu's letter case, where most of its links had one of their own. */
  menuCase: headingCaseSchema.optional(),
  /**
   * The most common size (px) and weight of each heading level, when the page has one, and its
   * letter case and spacing (em) where most of the level's headings had one of their own.
   */
  h1: headingSchema.optional(),
  h2: headingSchema.optional(),
  h3: headingSchema.optional(),
  /**
   * The column most text sits in: the content box of the outermost element narrower than the
   * viewport around it (left edge and width), how wide its paragraphs run, and whether it is centred.
   */
  column: z
    .object({
      left: finite,
      width: finite,
      measure: finite,
      isCentered: z.boolean(),
      /** Where the measure's paragraphs start, from the column's left edge (px; absent at 0). */
      inset: finite.optional(),
      /** True when no paragraph was there to measure: the measure is the column's width. */
      isMeasureGuessed: z.boolean().optional(),
    })
    .optional(),
  /** Median gap (px) between two paragraphs in a row. */
  paragraphGap: finite.optional(),
  /** Median gap (px) between a section's heading (h2, else h3) and the box above it. */
  sectionGap: finite.optional(),
  /** True when full-width blocks of the content have a fill of their own (grey bands). */
  hasBands: z.boolean(),
  /** The header band (after `hasBands`: older probes' answers stay as they were). */
  header: probedHeaderBandSchema.optional(),
  /** The boxed column (after `header`: older probes' answers stay as they were). */
  box: probedBoxSchema.optional(),
  /** The menu's bar (after `box`: older probes' answers stay as they were). */
  menuBar: probedMenuBarSchema.optional(),
  /** The menu's row (after `menuBar`: older probes' answers stay as they were). */
  menuRow: probedMenuRowSchema.optional(),
  /**
   * The header at a phone's width (after `menuRow`: fetch adds it once the probe has answered, from
   * a second reading at 375 px).
   */
  phoneHeader: probedPhoneHeaderSchema.optional(),
});
export type ProbedTypography = z.infer<typeof probedTypographySchema>;
