/**
 * The original's type scale and content column as the browser drew them (CSS pixels at the probe's
 * viewport): STYLE_MODERNIZATION keeps them, so that a rebuilt page is as tall and its blocks sit where
 * they were (issue 12, decision record 029).
 */
export interface ProbedTypography {
  /** Size and line height (px) of the text holding most characters outside headings and chrome. */
  body: { size: number; lineHeight: number };
  /** The most common size (px) and weight of each heading level, when the page has one. */
  h1?: { size: number; weight: number };
  h2?: { size: number; weight: number };
  h3?: { size: number; weight: number };
  /** The size (px) of the hero's headline, the largest text over its picture, when there is one. */
  heroHeadline?: number;
  /** True when most of the text is centred (a table-era page's <center>). */
  isTextCentered?: true;
  /**
   * The column most text sits in: the content box of the outermost element narrower than the
   * viewport around it (left edge and width), how wide its paragraphs run, and whether it is centred.
   */
  column?: { left: number; width: number; measure: number; isCentered: boolean };
  /** Median gap (px) between two paragraphs in a row. */
  paragraphGap?: number;
  /** Median gap (px) between a section's heading (h2, else h3) and the box above it. */
  sectionGap?: number;
  /** True when full-width blocks of the content have a fill of their own (grey bands). */
  hasBands: boolean;
}
