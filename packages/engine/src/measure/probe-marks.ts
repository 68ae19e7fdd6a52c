/**
 * The marks the identity probe writes into the rendered DOM (browser/in-page/identity-probe/) for
 * extract, which reads the HTML with parse5 and has no browser of its own, and for verify's layout
 * collector. The one list of them: the probe and every reader import these names, no file spells
 * one out (probe-marks.test.ts checks it). Changing a name changes what fetch hands to extract (and
 * what a saved RawSite holds): do it here, and nowhere else.
 */
export const PROBE_MARKS = {
  /** The brand: the element the header names the site with (logo or name), linking home. */
  brand: 'data-sitelift-brand',
  /** A main menu: the nav-like list nearest the top with most links, or another bar of the first view. */
  menu: 'data-sitelift-menu',
  /** An entry screen ("Lets begin" alone in a screen hiding the content), valued with its link's label. */
  splash: 'data-sitelift-splash',
  /**
   * An overlay the page lays over itself on load (a cookie notice, a newsletter sign-up, a chat
   * launcher; measure/overlay-kind.ts), valued with its kind: not content, nor evidence of the brand.
   */
  overlay: 'data-sitelift-overlay',
  /**
   * A dock: a narrow bar or button the page pins to the left or right edge of the window (social
   * icons, "back to top", a feedback tab), valued with its side (`left`/`right`): not content; its
   * social profiles are the site's.
   */
  dock: 'data-sitelift-dock',
  /** A dialog hidden at load (modal, lightbox popup), valued with its id. */
  dialog: 'data-sitelift-dialog',
  /** A trigger of a dialog, valued with the id of the dialog it opens. */
  opens: 'data-sitelift-opens',
  /**
   * A short text hidden at load (display none, visibility hidden) on a page with a form: extract tells
   * a form's states from it (a sent or error message a script reveals once the form is used).
   */
  hidden: 'data-sitelift-hidden',
  /**
   * A panel hidden at load that a control of the page opens (a dropdown of settings or languages, a
   * collapsed answer), valued with an id of the probe's: extract tells from what it holds whether it
   * is content (stages/extract/closed-panels.ts).
   */
  closed: 'data-sitelift-closed',
  /** A control that opens PROBE_MARKS.closed panels, valued with their ids (space separated). */
  toggles: 'data-sitelift-toggles',
  /** A link drawn as a button: `primary` (filled) or `secondary` (outlined). */
  button: 'data-sitelift-button',
  /**
   * A picture the page floats beside its text (`float` as computed, on the picture or on a wrapper
   * holding only it), valued `left` or `right`.
   */
  float: 'data-sitelift-float',
  /**
   * A skip link: a link to a section of its own page, among the page's first links, drawn out of
   * sight until a keyboard focuses it ("Skip to content"). The rebuild has a skip link of its own.
   */
  skipLink: 'data-sitelift-skip-link',
  /** A parent of repeated items: how many of them sit side by side in the viewport. */
  columns: 'data-sitelift-columns',
  /**
   * A parent of repeated items drawn as boxes: `border`, `fill` or `shadow` (space separated), as
   * most of the items (or each one's only child) show them against the ground they sit on.
   */
  itemBox: 'data-sitelift-item-box',
  /** A sidebar beside the content: its side, `left` or `right`. */
  aside: 'data-sitelift-aside',
  /** A sidebar's width in CSS px. */
  asideWidth: 'data-sitelift-aside-width',
  /** The width (px) of the sidebar and the content together. */
  asideSpan: 'data-sitelift-aside-span',
  /** A sidebar's own fill (computed colour), when it has one. */
  asideFill: 'data-sitelift-aside-fill',
  /** The colour most of a filled sidebar's words are written in. */
  asideText: 'data-sitelift-aside-text',
  /**
   * Where the two columns of a sidebar layout begin: the first element (in the markup) of the
   * sidebar's row that is not wholly above it. What comes before spans the full width above the
   * columns (a banner, a hero), and stays above them in the rebuild.
   */
  asideStart: 'data-sitelift-aside-start',
  /**
   * A layout row: its columns' shares of the row in percent, in the order they stand from the row's
   * start edge, e.g. `58.3 41.7`.
   */
  row: 'data-sitelift-row',
  /** A column of a layout row, valued with its place from the row's start edge (1, 2, …). */
  col: 'data-sitelift-col',
  /**
   * A layout table's row drawn narrower than the block it stands in (issue 23: an old page's small
   * centred table of a button, a picture and its label), valued with its width in CSS px and
   * `center` when its table stood centred there: `230 center`.
   */
  rowBox: 'data-sitelift-row-box',
  /**
   * A slider: a box showing one of several slides of one kind at a time (the others hidden, laid
   * under it or clipped off beside it), whatever its script calls it. Valued with its box as the
   * page showed it, `width height viewport-width` in CSS px (`1440 450 1440`; issue 23: the rebuild
   * keeps a slider that spanned the window full-bleed, at its height).
   */
  slider: 'data-sitelift-slider',
  /** One slide of a PROBE_MARKS.slider. */
  slide: 'data-sitelift-slide',
  /** A list laid out in one line (a pager, social icons), not as a bulleted column. */
  inline: 'data-sitelift-inline',
  /**
   * The date or time of the visit a script wrote into the page (a header's clock, "27/11/2026
   * 7:21:20"): not the site's content, since the rebuild would show the moment it was made.
   */
  clock: 'data-sitelift-clock',
  /**
   * Shown only while the pointer is over it (transparent or invisible at rest, revealed by a
   * `:hover` rule), no list, and its words shown elsewhere on the page: a reader's title over its
   * toolbar, a heading's ¶ mark. Not content.
   */
  hoverOnly: 'data-sitelift-hover-only',
  /** Hidden on screen and shown only when printed ("Printed from www…", a print header). */
  printOnly: 'data-sitelift-print-only',
  /**
   * A language version's link, or the part of the page holding only such links (an "EN | DE" line),
   * valued with its language code: the rebuild's language switcher, neither menu nor content. Set by
   * extract (stages/extract/language-versions.ts).
   */
  language: 'data-sitelift-language',
  /**
   * A copy of shown content for another screen size (a phone layout beside the desktop one), hidden
   * at the probe's width by a width media query: not content, since what it holds is shown.
   */
  screenCopy: 'data-sitelift-screen-copy',
  /**
   * A `<pre>` set in proportional type on no fill of its own: lines of text laid out with spaces and
   * tabs (a list of dates and places), not code. The rebuild keeps its lines in the body's type.
   */
  textPre: 'data-sitelift-text-pre',
  /**
   * A block of text whose computed size stands clearly apart from the body's (issue 23: an about
   * text at 18 px on a 15 px page, a lead line at 40 px, a 1998 page's small print), valued with
   * its size and line height as shares of the body's size and of its own, and `bold`/`italic` when
   * it has them and the body has not: `1.18 1.61 italic`. A block at the body's size inside one so
   * marked is valued `body`.
   */
  textSize: 'data-sitelift-text-size',
  /** The computed text alignment (`center`/`left`) where it differs from the parent's; always on the body. */
  align: 'data-sitelift-align',
  /**
   * A picture drawn round (valued `round`): a border radius of about half its square-ish box, or a
   * circle clip, on the picture or on a box around it that clips it.
   */
  shape: 'data-sitelift-shape',
  /**
   * The width (CSS px, rounded) a picture at least 200 px wide was drawn at: one wider than the text
   * column (a scanned certificate across the page) keeps that width in the rebuild.
   */
  drawnWidth: 'data-sitelift-drawn-width',
  /**
   * The box a heading's section is drawn in, when it has a fill, a linear gradient or border lines
   * of its own (a bordered card, a filled panel, a band, a line between sections), valued with what
   * the probe measured (JSON, browser/in-page/identity-probe/section-boxes.ts MeasuredBox).
   */
  sectionBox: 'data-sitelift-section-box',
  /** A parent of repeated items drawn as boxes: the first boxed item's colours, as sectionBox's. */
  itemBoxStyle: 'data-sitelift-item-box-style',
  /**
   * The page's title band (a box across the page near the top of its content holding its first
   * heading and little else, on a picture or a fill), valued with what the probe measured (JSON,
   * browser/in-page/identity-probe/title-band.ts MeasuredTitleBand).
   */
  titleBand: 'data-sitelift-title-band',
  /**
   * A part of the header band besides the brand and the main menu (issue 23), valued with its place:
   * `strip` (a thin full-width bar above them: contact details, social links), `start`/`end` (beside
   * the brand, on the side its lines start or end) or `under` (a line under the brand). Its words
   * belong to the header, not to the page's first section.
   */
  headerPart: 'data-sitelift-header-part',
} as const;

/** The attribute name of one probe mark. */
export type ProbeMark = (typeof PROBE_MARKS)[keyof typeof PROBE_MARKS];

/** The CSS selector of the elements carrying a mark: `[data-sitelift-menu]`. */
export function markSelector(mark: ProbeMark): string {
  return `[${mark}]`;
}
