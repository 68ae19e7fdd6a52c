/**
 * The content model (SiteModel, written by extract) and the build plan (SitePlan, written by plan +
 * design). Both are plain, serialisable data: a job can save them, resume from them and show them.
 */
import type { Diagnostic } from './diagnostic';
import type { HeadingCase, ProbedTypography } from './probed-typography';
import type { Strategy } from './strategy';

// ---------------------------------------------------------------------------------------------
// content

/** A table cell spanning rows or columns, or heading its row (see the table block's `cells`). */
export interface TableCell {
  row: number;
  cell: number;
  rows?: number;
  columns?: number;
  head?: true;
}

/** A run of inline text with its marks; `br` is a forced line break. */
export interface InlineRun {
  text: string;
  /** Absolute URL of the link the run sits in (rewritten to a route by plan). */
  href?: string;
  /**
   * What the link leads to, when its own text says nothing ('here', 'read more'): set by plan,
   * rendered for screen readers and search engines only (visually hidden).
   */
  context?: string;
  strong?: boolean;
  em?: boolean;
  code?: boolean;
  br?: boolean;
  /** The link looked like a button in the original (a styled `<a class="btn">`, a filled box): it stays one. */
  button?: 'primary' | 'secondary';
  /**
   * An icon-font glyph of the original (Font Awesome, Glyphicons), named as in the icon package the
   * rebuild draws it from, e.g. `fas:envelope`, `fab:twitter`; `text` is then empty.
   */
  icon?: string;
  /**
   * The run opened a dialog of the original (a Bootstrap modal's trigger): the id of the `dialog`
   * block it opens; the rebuild draws it as a button that opens that dialog.
   */
  opens?: string;
}

/** An image of the original, resolved to a downloaded asset when there is one. */
export interface ImageRef {
  /** Absolute URL of the original image. */
  src: string;
  alt: string;
  width?: number;
  height?: number;
  /** URL of the RawSite asset holding the bytes; absent when the image was not downloaded. */
  asset?: string;
  /** Link around the image, when there was one. */
  href?: string;
  /** The image was the trigger of a dialog (a portfolio piece opening its modal): that dialog's id. */
  opens?: string;
  /** The original drew the picture round (a portrait in a circle; PROBE_MARKS.shape): so does the rebuild. */
  shape?: 'round';
  /**
   * The width (CSS px) the original showed it at, where its markup made it narrower than its file
   * (`<img width="160">` of a 983 px file): the rebuild shows it as wide, not at the file's size.
   */
  shownWidth?: number;
  /**
   * The width (CSS px) the original drew it at 1440 px, where that was 200 px or more: a picture
   * wider than the text column (a scan across the page) is not narrowed to the column.
   */
  drawnWidth?: number;
}

/** One field of a form. */
export interface FormField {
  /** input type, or 'textarea' / 'select'. */
  type: string;
  name: string;
  label: string;
  required: boolean;
  placeholder?: string;
  value?: string;
  options?: { value: string; label: string }[];
}

/** A form of the original: where it posted and what it asked for. */
export interface FormModel {
  action: string;
  method: 'get' | 'post';
  /** Texts inside the form that are not field labels (instructions...). */
  intro: string[];
  fields: FormField[];
  submitLabel: string;
  /**
   * What the original showed once the form was sent ("Thank you! Your message was sent."), hidden
   * until then (issue 23); the rebuilt form shows it after a successful submit, never before.
   */
  sentMessage?: string;
}

/** A block of content, in document order. */
export type Block =
  | {
      kind: 'paragraph';
      inlines: InlineRun[];
      role?: 'quote' | 'caption' | 'term' | 'definition' | 'address';
      /** The original centred it (issue 12); STYLE_MODERNIZATION does too. */
      align?: 'center';
      /**
       * The original set most of its words apart (issue 23: an old page's `<font size="5"
       * color="#800080">`, `<big>`): `step` sizes above the body (1-3, as `<font size>` 4-6), the
       * colour as written (plan keeps it only where it reads on the rebuilt page's ground).
       */
      tone?: {
        step?: number;
        color?: string;
        /**
         * The fill of the coloured one-cell box the original set it in (a FrontPage page's yellow
         * `<td bgcolor>` round its title), as written; plan keeps it where the look is kept.
         */
        fill?: string;
        /**
         * The size the page's CSS set it in, apart from the body's (PROBE_MARKS.textSize): its font
         * size as a share of the body's, its line height as a share of its own size, bold, italic.
         */
        font?: { scale: number; leading?: number; bold?: true; italic?: true };
      };
      /**
       * A label the original showed on one line with the pictures before it (issue 23: a button,
       * a drawing and "Games & cheatcodes" in one table row): it ends their row (`inline` images).
       */
      inline?: 'continue';
      /** A breadcrumb trail's line (an element named `breadcrumb…`), even a single crumb (issue 23). */
      breadcrumb?: true;
    }
  /**
   * `collapsed`: what follows it (to the next heading as high) was closed in the original (an FAQ's
   * answer). `drawnAs`: the level (1-3) the original drew it at, where the outline gave it another
   * (an h2 made the page's h1 keeps an h2's size; decision record 110).
   */
  | {
      kind: 'heading';
      level: number;
      inlines: InlineRun[];
      id?: string;
      collapsed?: true;
      align?: 'center';
      drawnAs?: number;
    }
  /** `inline`: the original showed its items side by side (a pager, page numbers, social icons). */
  | {
      kind: 'list';
      ordered: boolean;
      start?: number;
      items: InlineRun[][];
      breadcrumb?: boolean;
      inline?: true;
      /** An inline list the original centred. */
      align?: 'center';
      /**
       * A dated list (issue 23: posts, news): each item's first (`start`) or last (`end`) run is its
       * date, drawn in a column of its own so that the dates align.
       */
      dated?: 'start' | 'end';
      /** A price list: each item's last run is its price, drawn on the right of its name. */
      priced?: true;
      /** A long list of short links (a table of contents, an index): kept compact, in columns. */
      compact?: true;
    }
  /**
   * `cells`: the cells that are more than a plain data cell (issue 23: a timetable's session over
   * two hours, a row's time as its header): `row` counts the head's rows then the body's, `cell`
   * is the cell's place in that row's array; `rows`/`columns` its spans, `head` a row's header.
   */
  | {
      kind: 'table';
      caption?: string;
      head: InlineRun[][][];
      rows: InlineRun[][][];
      cells?: TableCell[];
    }
  /**
   * `inline`: the original showed it on one line with the images next to it (a logo beside its
   * rating's bullets, in one table row): `start` begins such a row, `continue` goes on with it; the
   * rebuild keeps each row side by side.
   */
  | {
      kind: 'image';
      image: ImageRef;
      caption?: string;
      inline?: 'start' | 'continue';
      align?: 'center';
      /** Floated beside the text that follows it, on that side (a 1998 page's `align="right"`). */
      float?: 'left' | 'right';
    }
  /** `plain`: lines of text the original set in its body type (not code): drawn in the body's type. */
  | { kind: 'pre'; text: string; plain?: true }
  | { kind: 'form'; form: FormModel }
  | { kind: 'rule' }
  /**
   * Tabbed content of the original (jQuery tabs, Bootstrap nav-tabs, ARIA tablists): every panel's
   * content is kept; only one panel shows at a time. `label` names the tab list (plan fills it in).
   */
  | { kind: 'tabs'; label?: string; tabs: Tab[] }
  /**
   * A carousel (slider) of the original: every slide's picture and words, in order. The rebuild
   * shows it as an accessible carousel whose slides all stay in the page (never "Caption N"),
   * as large as the original showed it (`band`, when the probe measured it).
   */
  | { kind: 'carousel'; slides: Panel[]; band?: SliderBand }
  /**
   * Items the original laid out side by side (a row of features, a menu's dishes, team members):
   * `columns` is how many it showed per row on a desktop screen; the rebuild keeps that count there.
   */
  | {
      kind: 'items';
      columns: number;
      items: Panel[];
      /**
       * A layout row of the original (a picture beside its text, a map beside the contact details):
       * each item is one column, this share (percent) of the row wide. Not cards: STYLE_MODERNIZATION
       * draws the columns side by side as they were; the other strategies one after the other.
       */
      widths?: number[];
      /**
       * A layout table's row the original drew narrower than its column (issue 23): its width in
       * CSS px, which STYLE_MODERNIZATION keeps as the row's widest, centred where it was centred.
       */
      rowWidth?: number;
      align?: 'center';
      /** The items were drawn as boxes: a border on every side, a fill of their own, a shadow. */
      boxed?: ItemBox[];
      /** The boxes' own colours, border and corners, as the original drew them (issue 23). */
      boxStyle?: BoxStyle;
    }
  /**
   * A dialog of the original, hidden until a trigger opened it (a Bootstrap modal, `role=dialog`, a
   * lightbox): every word kept, shown closed; runs and images with `opens: id` open it.
   */
  | { kind: 'dialog'; id: string; title: string; blocks: Block[] }
  /** Where the page's footer starts: extract ends the section there (never rendered). */
  | { kind: 'break' };

/**
 * A box the original drew around a section or an item (issue 23): its fill or linear gradient, its
 * border lines, its corners and its words' colour, all hex; the words pass AA on the fill.
 */
export interface BoxStyle {
  fill?: string;
  /** A CSS `linear-gradient(…)` of hex colours (its first colour is `fill`'s when that is absent). */
  gradient?: string;
  /** Border lines: on every side, only above, only below, or above and below (`block`). */
  border?: { width: number; color: string; sides: 'all' | 'top' | 'bottom' | 'block' };
  /** Corner radius in px. */
  radius?: number;
  /** The words', the headings' and the links' colours on the box's fill, when it has one. */
  text?: string;
  heading?: string;
  link?: string;
  /** The heading's own filled row at the top of the box (a panel's heading), its words readable. */
  head?: { fill: string; text: string };
  /** A band across the page's width, not a card in the column. */
  isFullWidth?: true;
  /** The room (px) between the box's edge and its words above and below, at a desktop width. */
  pad?: number;
}

/** How repeated items were drawn as boxes (PROBE_MARKS.itemBox). */
export type ItemBox = 'border' | 'fill' | 'shadow';

/**
 * A slider's box as the original showed it at the probe's desktop width (issue 23): its width and
 * height in CSS px, and whether it spanned the window (drawn full-bleed, edge to edge).
 */
export interface SliderBand {
  width: number;
  height: number;
  isFullBleed: boolean;
}

/** One slide of a `carousel` block or one item of an `items` block: its picture and its content. */
export interface Panel {
  image?: ImageRef;
  blocks: Block[];
}

/** One tab of a `tabs` block: the label of its tab and the content of its panel. */
export interface Tab {
  /** The panel's id: the original's (`tab-3`, so old links to `#tab-3` open it) when it has a usable one. */
  id: string;
  label: string;
  blocks: Block[];
}

/** A part of a page that starts at a heading (or at the top of the page). */
export interface Section {
  /** Unique within the page; used as the HTML id. */
  id: string;
  /**
   * `align: 'center'`: the original centred it (issue 12); the rebuild does too. `visuallyHidden`:
   * the original showed no heading there (the page's title made its h1): kept for screen readers and
   * search engines, never shown. `drawnAs`: the level (1-3) the original drew it at, where the
   * outline gave it another (decision record 110).
   */
  heading?: {
    level: number;
    inlines: InlineRun[];
    align?: 'center';
    visuallyHidden?: true;
    drawnAs?: number;
  };
  blocks: Block[];
  /**
   * The original showed only the heading; its content opened on a click (an FAQ's Bootstrap
   * collapse panel, closed at load): the rebuild shows it closed too, every word kept.
   */
  collapsed?: true;
  /** The box the original drew the section in (a card, a panel, a band, lines): kept (issue 23). */
  box?: BoxStyle;
  /**
   * The original drew this section after the box of the section above it (a higher heading's card)
   * had ended: it is a part of its own, never drawn inside that box.
   */
  afterBox?: true;
  /**
   * The band the original drew the section's heading in at the top of the page (a page title band:
   * the heading alone over a darkened photo or on a strip of colour), kept (issue 23).
   */
  titleBand?: TitleBand;
}

/**
 * A page's title band (issue 23): a box across the page near the top of its content holding the
 * page's heading and little else, drawn on a picture, a fill, or a translucent fill over a picture.
 */
export interface TitleBand {
  /** Its height in CSS px as the original drew it at the probe's desktop width. */
  height: number;
  /** Its fill (hex); over a picture, the layer laid on it with `opacity`. */
  fill?: string;
  /** The fill's opacity (0–1) when the band shows a picture under it; absent: opaque. */
  opacity?: number;
  /** The picture the band shows: its own, or the one its translucent fill lies on. */
  image?: ImageRef;
  /** The heading's size (CSS px) and colour (hex, readable on the band). */
  size?: number;
  color?: string;
  /** The heading is centred in the band. */
  align?: 'center';
}

/** Contact details found on a page or site. */
export interface ContactDetails {
  phones: string[];
  emails: string[];
  addresses: string[];
  hours: string[];
}

/** A link of the site's navigation. */
export interface NavLink {
  label: string;
  /** Absolute URL (a crawled page's URL when internal). */
  href: string;
}

/** A link to the site's profile on a social network. */
export interface SocialLink {
  network: string;
  href: string;
}

/**
 * A sidebar of the original (issue 12): a narrow column beside the page's content at 1440 px (a
 * layout table's cell, a floated block, a frameset's narrow frame), kept beside the content.
 */
export interface Aside {
  side: 'left' | 'right';
  /** Its width in the original at 1440 px, in CSS px. */
  width: number;
  /** The sidebar and the content beside it together at 1440 px (px), when measured: the layout's width. */
  span?: number;
  /** Mostly links (a menu tree): drawn as a labelled navigation. */
  isNavigation: boolean;
  /**
   * The id of the page's first section beside the sidebar, when the sections before it spanned the
   * full width above the sidebar's columns (a banner, a hero): they stay above them.
   */
  besideFrom?: string;
  /** Its own fill and the colour of its words, #rrggbb, when it had a fill (they pass AA together). */
  fill?: string;
  text?: string;
  blocks: Block[];
}

/** A language version of a page (issue 23): the page itself in another language of the same site. */
export interface LanguageVersion {
  /** ISO 639-1 code, e.g. `de`. */
  code: string;
  /** The switcher's words for it, as the original wrote them ("EN", "Deutsch"), else its own name. */
  label: string;
  /** Absolute URL of that version (the page's own URL for the current one). */
  href: string;
  /** The page's own language (its `<html lang>`). */
  current?: true;
}

/** One page of the original. */
export interface PageModel {
  url: string;
  /**
   * The address that was asked for, when it led elsewhere (a redirect to `url`): links to it are
   * links to this page, and it redirects to the page's route (issue 24).
   */
  requestedUrl?: string;
  title: string;
  description: string;
  language: string;
  kind: 'page' | 'frameset' | 'frame';
  sections: Section[];
  /** The page's sidebar, beside its sections. */
  aside?: Aside;
  /**
   * A frame shown as a frameset's narrow side column (its navigation frame): the URL of that
   * frameset, whose aside it is; such a frame is no page of its own in the rebuild.
   */
  asideOf?: string;
  /** Links of the page's own navigation (nav element, menu list, navigation frame). */
  navLinks: NavLink[];
  /**
   * The page's language versions that were read (its own marked current), when it has another:
   * the language switcher's links, never the menu's (issue 23).
   */
  languages?: LanguageVersion[];
  contact: ContactDetails;
  social: SocialLink[];
  copyright?: string;
  /** The visible text blocks of the original page, whitespace collapsed: the unit of text coverage. */
  textBlocks: string[];
  /**
   * Ids of the original's link targets (`#services`) -> the section that holds them, or the id of the
   * tab panel that holds them (opening that tab shows them).
   */
  anchors: Record<string, string>;
  /** Scripts, trackers and embeds of the page; listed, not carried. */
  dropped: {
    kind: 'script' | 'tracker' | 'embed' | 'form' | 'image' | 'other';
    what: string;
    reason: string;
  }[];
  /**
   * What the page's header showed besides its brand and menu (issue 23), where the identity probe
   * placed it (PROBE_MARKS.headerPart): kept in the rebuilt header, not as the page's first words.
   */
  header?: HeaderPart[];
}

/**
 * A part of the original's header (issue 23): `strip`, a thin full-width bar above the brand and
 * menu (contact details, social links, a language link); `start`/`end`, words beside the brand on
 * the side the line starts or ends (right and left in a right-to-left page); `under`, a line under
 * the brand (its caption, the name in words).
 */
export interface HeaderPart {
  place: 'strip' | 'start' | 'end' | 'under';
  blocks: Block[];
}

/** A downloaded asset the rebuild can self-host. */
export interface ModelAsset {
  url: string;
  contentType: string;
  body: Uint8Array;
  width?: number;
  height?: number;
}

/** Where the site's name was read from, best first (issue 12: never from a button or link label). */
export type SiteNameSource = 'og:site_name' | 'logo' | 'brand' | 'title' | 'copyright' | 'host';

/** The original's logo: an `<img>`, an inline `<svg>` (sanitised markup) or a CSS background image. */
export type LogoRef = ImageRef & {
  kind: 'img' | 'svg' | 'css-background';
  svg?: string;
  /** The height (CSS px) the original's page drew it at, as the probe measured it at 1440 px. */
  shownHeight?: number;
  /** Its width (CSS px) there: a logo half the screen wide or wider is a banner. */
  shownWidth?: number;
};

/** A font family of the original and where its files come from. */
export interface FontRef {
  family: string;
  /** `self-hosted`: the site's own @font-face files (downloaded assets); `google`: a Google Fonts family (an @fontsource package); `system`: a locally installed family, nothing to ship. */
  source: 'self-hosted' | 'google' | 'system';
  /** The @font-face files, for `self-hosted`: absolute URLs of downloaded assets. */
  files?: { url: string; weight: string; style: string; format?: string }[];
}

/** One item of the original's main menu; a dropdown has children (one level deep, or more). */
export interface MenuItem {
  label: string;
  /** Absolute URL; absent for a dropdown toggle that links nowhere (`#`). */
  href?: string;
  children: MenuItem[];
}

/** The first view's hero of a page: its picture, overlay and words. */
export interface HeroModel {
  /** The page it was found on. */
  pageUrl: string;
  /** A CSS background image or a large first picture. */
  image?: ImageRef;
  /** `full-bleed`: the picture spans the viewport's width; `contained`: it sits in the content column. */
  layout: 'full-bleed' | 'contained';
  /** The page's header was laid over the picture (a transparent bar at its top). */
  isUnderHeader?: true;
  /** The overlay's colour over the picture (CSS colour with alpha), when there was one. */
  overlay?: string;
  headline?: string;
  subline?: string;
  cta?: { label: string; href: string };
  /** How high (CSS px) the original's first view showed the picture's box at 1440 px, when measured. */
  shownHeight?: number;
}

/** Colours of the original with the role they play, as #rrggbb (computed styles of the rendered page when a browser ran, else CSS). */
export interface BrandColors {
  primary?: string;
  accent?: string;
  background?: string;
  text?: string;
  /** The colour most of its h1-h3 headings are written in, when it is not the body text's. */
  heading?: string;
  /** The colour most of its definition terms (`dt`) are written in, when it is not the body text's. */
  term?: string;
  /** The text colour the original puts on its primary colour (a button's label). */
  onPrimary?: string;
  headerBackground?: string;
  headerText?: string;
  footerBackground?: string;
  footerText?: string;
  link?: string;
  /** The menu's items drawn as boxes or pills: their fill and border (over the header), text. */
  menuItemBackground?: string;
  menuItemBorder?: string;
  menuItemText?: string;
}

/**
 * A background picture of the original as it drew it (issue 23): the picture, and how it was laid,
 * as CSS values a stylesheet can take (src/lib/picture-layout.ts checks them).
 */
export interface BackgroundPicture {
  image: ImageRef;
  /** `background-repeat`: `repeat` (a tiled texture), `no-repeat`, `repeat-x`… (one or two values). */
  repeat: string;
  /** `background-size`: `cover`, `contain`, or lengths (`auto` resolved to the picture's own pixels). */
  size: string;
  /** `background-position`: lengths, percentages or keywords. */
  position: string;
  /** `fixed`: the picture stood still while the page scrolled over it. */
  attachment: 'scroll' | 'fixed';
  /** The picture's mean colour (#rrggbb): what the words over it have to read on. */
  color?: string;
}

/** The original's background pictures and where its footer sat (issue 23). */
export interface SiteBackgrounds {
  /** The picture the whole page was drawn on (a tiled paper texture, a photo). */
  page?: BackgroundPicture;
  /** The header's own picture (a banner), not the page's. */
  header?: BackgroundPicture;
  /** The footer's own picture, not the page's. */
  footer?: BackgroundPicture;
  /** The original's header had no fill of its own (or it had no header): it showed the page's ground. */
  isHeaderOnPage?: boolean;
  /** The original's footer had no fill of its own (or it had no footer): its lines sat on the page. */
  isFooterOnPage?: boolean;
  /**
   * Pages drawn on a picture of their own, not `page` (a 1998 site's per-page `<body background>`),
   * by page URL.
   */
  pages?: { url: string; picture: BackgroundPicture }[];
}

/** The site's identity. */
export interface SiteIdentity {
  name: string;
  /** Where `name` came from; absent in models saved before issue 12. */
  nameSource?: SiteNameSource;
  /**
   * The original's header showed the name as text (its brand element's words): the rebuild's header
   * shows it then only, else it is the home link's accessible name (issue 12). Absent: shown.
   */
  nameShown?: boolean;
  title: string;
  description: string;
  language: string;
  /** Absolute URLs of assets, when found. */
  logo?: LogoRef | ImageRef;
  favicon?: string;
  colors: BrandColors;
  /** `dark` when the original's page background is dark: the rebuild is dark too. */
  scheme?: 'light' | 'dark';
  fonts: {
    heading?: string;
    body?: string;
    faces?: FontRef[];
    /** The named families the original's stacks fell back to after the first (issue 23). */
    fallbacks?: { body?: string[]; heading?: string[] };
  };
  /** The start page's hero, when it has one. */
  hero?: HeroModel;
  /** The main menu as the original shows it, dropdowns with their children. */
  menu?: MenuItem[];
  /** The start page's type scale, column and rhythm as the browser drew them (issue 12). */
  typography?: ProbedTypography;
  /** The corners the original drew, where the browser measured them (issue 23). */
  corners?: SiteCorners;
  /** The start page's background pictures and footer ground, when a browser saw them (issue 23). */
  backgrounds?: SiteBackgrounds;
}

/** A corner's size: square, slightly rounded (a few px) or rounded. */
export type CornerSize = 'none' | 'small' | 'large';

/** The corners of the original's boxes, pictures and buttons as drawn (SiteIdentity.corners). */
export interface SiteCorners {
  /** Boxed content's and pictures' corners (of whichever covers more of the page). */
  boxes?: CornerSize;
  /** Buttons' corners, or `pill`: their ends fully round. */
  buttons?: CornerSize | 'pill';
}

/** What extract knows about a site. */
export interface SiteModel {
  /** The final URL of the start page. */
  origin: string;
  startUrl: string;
  identity: SiteIdentity;
  navigation: NavLink[];
  /** The start page's language versions, when the site has more than one language (issue 23). */
  languages?: LanguageVersion[];
  pages: PageModel[];
  contact: ContactDetails;
  social: SocialLink[];
  copyright?: string;
  assets: ModelAsset[];
  diagnostics: Diagnostic[];
  /**
   * What a model labelled where the rules were unsure (issue 25, task `understand`; ai/understand.ts):
   * every label, taken or not, and the words it read that the model now carries (report `ai`).
   */
  aiUnderstood?: {
    labels: { route: string; selector: string; label: string; taken: boolean }[];
    written: AiWrittenString[];
  };
}

// ---------------------------------------------------------------------------------------------
// plan + design

/** Colours and fonts of the generated site, as CSS values. */
export interface DesignTokens {
  colors: {
    primary: string;
    /** Text on primary. */
    onPrimary: string;
    accent: string;
    onAccent: string;
    background: string;
    surface: string;
    text: string;
    /** The original's headings' own colour, readable on the page (absent: the text colour). */
    heading?: string;
    /** The original's definition terms' own colour, readable on the page (absent: inherited). */
    term?: string;
    muted: string;
    border: string;
    /** Link/primary text colour that passes AA on the background. */
    link: string;
  };
  fonts: { heading: string; body: string; mono: string };
  /** Corners of boxes, cards and pictures. */
  radius: CornerSize;
  /**
   * Buttons' corners as the original drew them (a rebuild keeping its look, issue 23); absent: pills.
   */
  buttonRadius?: CornerSize | 'pill';
  /** Header style. */
  header: 'light' | 'brand';
  /** `dark`: a dark page, as the original's was (issue 12). Absent in plans saved before: light. */
  scheme?: 'light' | 'dark';
  /** The original's own header and footer colours, text passing AA on them (issue 12). */
  chrome?: {
    headerBackground?: string;
    headerText?: string;
    /** The site's name in the header: the brand colour, readable there (absent: the header's text). */
    brandText?: string;
    /** The menu's items drawn as boxes or pills, as the original's were (absent: plain links). */
    menuItemBackground?: string;
    menuItemBorder?: string;
    menuItemText?: string;
    footerBackground?: string;
    footerText?: string;
  };
  /**
   * The original's type scale, content column and rhythm (STYLE_MODERNIZATION, decision record 029),
   * in CSS pixels at 1440 px, modern floors applied; absent: the template's own scale.
   */
  typography?: TypeScale;
  /**
   * The original's background pictures, drawn as it drew them (a profile that keeps the original's
   * layout, issue 23); absent: flat colours.
   */
  backgrounds?: {
    page?: PlannedBackground;
    header?: PlannedBackground;
    footer?: PlannedBackground;
  };
  /** Routes drawn on a picture of their own instead of `backgrounds.page` (issue 23). */
  pageGrounds?: { route: string; picture: PlannedBackground }[];
  /**
   * `page`: the footer sits on the page's own ground with its text colour and a thin top rule, as
   * the original's unfilled footer did (issue 23); absent or `band`: a band of its own colour.
   */
  footer?: 'band' | 'page';
}

/** A background picture of the rebuild: a hosted picture laid as the original laid it (issue 23). */
export interface PlannedBackground {
  /** The picture under public/, root-relative (`/images/paper-1a2b3c4d.webp`); optimize rewrites it. */
  src: string;
  /** The hosted picture's size in pixels (optimize sets it). */
  width?: number;
  height?: number;
  /** CSS `background-repeat`, `-size`, `-position` and `-attachment`, as BackgroundPicture's. */
  repeat: string;
  size: string;
  position: string;
  attachment: 'scroll' | 'fixed';
  /**
   * The opacity (0..1) of a plate of the page's colour laid over the picture (the page's: under the
   * content column; the header's: across the bar), when the words do not read on the picture's mean
   * colour (4.5:1); absent: the words sit on the picture.
   */
  plate?: number;
}

/** A measured type scale for the rebuild's CSS variables (DesignTokens.typography). */
export interface TypeScale {
  body: { size: number; lineHeight: number };
  /** Each level's size (px) and weight, and its letter case and spacing (em) where it had its own. */
  headings: Record<
    'h1' | 'h2' | 'h3',
    {
      size: number;
      weight: number;
      case?: HeadingCase;
      tracking?: number;
      /** The level's line height (a ratio of its size), where it had its own. */
      leading?: number;
      /** The level's own words' colour (hex, readable on the page), where it had one. */
      color?: string;
      /** The filled bar the level's headings were drawn on, and their words there (hex, AA). */
      fill?: { color: string; text: string };
      /** The line drawn above or under the level's headings: side, width (px), colour (hex), space to the words (px). */
      rule?: { side: 'top' | 'bottom'; width: number; color: string; gap: number };
    }
  >;
  /**
   * The header band at a desktop width (px): its height, where the menu's row starts when it lies
   * under the brand, and a centred brand (issue 23).
   */
  header?: {
    height: number;
    menuTop?: number;
    isBrandCentered?: true;
    /** The strip across its top (issue 23): height (px), fill and words (hex, AA, set by the designer). */
    strip?: { height: number; color: string; text: string };
    /**
     * The band's centred title above the menu (its words, size px, colour: hex, readable on the
     * band, set by the designer) and the band's height (px) where the menu's row begins.
     */
    title?: { text: string; size: number; color: string; height: number };
    /** The header's own gradient (CSS), drawn behind the band. */
    gradient?: string;
  };
  /**
   * A boxed page (issue 23): the centred column's width (px, capped) and fill (hex: the canvas the
   * words read on), the page's colour around it (`ground`, hex), and whether the header and the
   * footer lay inside it.
   */
  box?: { width: number; color: string; ground?: string; header?: true; footer?: true };
  /** The hero's headline size (px), when the original's hero had one. */
  hero?: number;
  /** The hero headline's letter case and spacing (em), where it had its own. */
  heroCase?: HeadingCase;
  heroTracking?: number;
  /** The main menu's letter case, where it had its own. */
  menuCase?: HeadingCase;
  /**
   * The band the main menu's row was drawn on (issue 23): its fill (a colour, a gradient's CSS),
   * its links' colour there (readable: hex, set by the designer), weight and size (px), its height (px), and
   * whether it ran across the header (else a box around the links), and links in its middle.
   */
  menuBar?: {
    color: string;
    gradient?: string;
    text: string;
    weight: number;
    size: number;
    height: number;
    isFullWidth: boolean;
    isCentered?: true;
    /** The bar filled the header's whole menu row (a row of wrapped links on it, issue 23). */
    fillsRow?: true;
    /** The bars stacked under it holding other menus (px; their links join the bar's row). */
    under?: number;
  };
  /**
   * The menu's row (issue 23): its links in the middle of the page, each label on one line, the
   * corner radius (px) of the boxes or pills they were drawn as, and each link's height (px).
   */
  menuRow?: { isCentered?: true; isOneLine?: true; radius?: number; linkHeight?: number };
  /**
   * The bar that opened the original at a phone's width (issue 23): its height (px), within a tap
   * target's and PHONE_HEADER's bounds; 0 when no bar opened it there (the rebuild's is then as
   * small as its menu button allows); `isOneRow`: the menu's button sat in the brand's rows (beside
   * it, or laid over a banner) rather than in a row of its own.
   */
  phoneHeader?: { height: number; isOneRow?: true };
  /** True: the original centred most of its text, and the rebuild does too. */
  isTextCentered?: true;
  /** The column text sits in: its width, its paragraphs' width, centred or flush left. */
  column?: {
    width: number;
    measure: number;
    align: 'center' | 'left';
    /** True: the original centred its measure inside the wider column (issue 23). */
    isMeasureCentered?: true;
  };
  /** Space between blocks of a section, and a section's padding above and below (px). */
  flowGap: number;
  /**
   * The space (px) before a section's heading inside a section's flow: the original's gap before
   * its h2s, where it is more than the flow's gap (issue 23: blocks stay where they were).
   */
  headingGap?: number;
  sectionPadding: number;
  /** False: the original drew no bands, so the rebuild's sections share the page's background. */
  hasBands: boolean;
}

/** How a section is shown. */
export type SectionVariant =
  'hero' | 'prose' | 'gallery' | 'table' | 'contact' | 'cards' | 'doc' | 'accordion';

/** A Designer's say over one section. */
export interface SectionOverride {
  variant: SectionVariant;
}

/** What a Designer returns. */
export interface DesignResult {
  tokens: DesignTokens;
  /** Keyed by `<route>#<section id>`. */
  sections: Record<string, SectionOverride>;
}

/** One image the rebuild self-hosts. */
export interface PlannedAsset {
  url: string;
  /** Path under public/, e.g. `images/logo-1a2b3c4d.png`. */
  path: string;
  contentType: string;
  body: Uint8Array;
  width?: number;
  height?: number;
}

/** One route of the rebuild. */
export interface PlannedPage {
  url: string;
  route: string;
  /** Name of the generated component / content module, e.g. `AboutPage`, `about`. */
  componentName: string;
  moduleName: string;
  title: string;
  description: string;
  language: string;
  sections: (Section & { variant: SectionVariant; backdrop?: HeroBackdrop })[];
  /** The original's sidebar, its links rewritten to routes: drawn beside the sections. */
  aside?: Aside;
  textBlocks: string[];
  /**
   * The page in each language of the site (its own marked current), when it has another (issue 23):
   * the header's language switcher and the head's `hreflang` links.
   */
  alternates?: PlannedAlternate[];
  /**
   * The kind of page it is (issue 24), when it is one of several pages siblings by address with one
   * shape (a blog's posts, a shop's products): the pages of a kind share one component.
   */
  kind?: PlannedPageKind;
}

/**
 * A page's kind (plan/page-kinds.ts): its names, and the page's own content module in the kind's
 * folder. Every page of a kind has the same frame: a title (the first section's h1), and a date
 * line under it when `dated`.
 */
export interface PlannedPageKind {
  /** Singular, kebab-case: `post`, `product`, `manual-page`; the report's `kind`. */
  name: string;
  /** Plural, kebab-case: `posts`; the folder of the kind's content (`src/content/posts/`). */
  plural: string;
  /** The kind's component: `Post` (`src/pages/Post.jsx`). */
  componentName: string;
  /** The page's content module in the kind's folder: `2019-hello` (`src/content/posts/2019-hello.js`). */
  slug: string;
  /** The first block of the title's section is a date line (`May 1, 2019`), shown under the title. */
  dated?: true;
}

/** A language version of a planned page: its ISO 639-1 code, the switcher's words, its route. */
export interface PlannedAlternate {
  code: string;
  label: string;
  route: string;
  current?: true;
}

/** A hero section's picture behind its words, as the original showed it (issue 12). */
export interface HeroBackdrop {
  image: ImageRef;
  /** The original's overlay colour over the picture (CSS colour); the rebuild darkens it enough to read. */
  overlay?: string;
  /**
   * A picture band with no words over it (issue 23): the picture shown whole, never cropped nor
   * darkened, at most this high (CSS px, the original's band at 1440 px); the section's words follow it.
   */
  shownHeight?: number;
  /**
   * How dark a black plate (alpha, 0..1) the rebuild lays over the picture under its white words:
   * the least that reads at 4.5:1 on the picture's brightest parts there (optimize measures it;
   * decision record 108). Absent: the darkest, 0.6.
   */
  plate?: number;
}

/** An item of the rebuilt header's menu: a link, or a dropdown (children) with or without one. */
export interface PlannedMenuItem {
  label: string;
  /** A route, a route with a hash, or an external http(s)/mailto: link; absent for a bare toggle. */
  route?: string;
  children: PlannedMenuItem[];
}

/** What generate builds. */
export interface SitePlan {
  strategy: Strategy;
  /** The original site's origin, e.g. `https://example.com`: the default SITE_URL. */
  origin: string;
  identity: SiteIdentity & { faviconPath?: string; logoPath?: string };
  navigation: { label: string; route: string }[];
  /** Navigation links that did not fit the header (shown in the footer). */
  footerLinks: { label: string; route: string }[];
  /**
   * The header's menu (issue 12): every top-level item of the original's menu, dropdowns with all
   * their children; absent in plans saved before, whose header is `navigation`.
   */
  menu?: PlannedMenuItem[];
  pages: PlannedPage[];
  /**
   * Old path (+ query) -> new route, for every address of a rebuilt page that is not its route
   * (issue 24: the address asked for and the one it ended at, with and without its index file).
   */
  redirects: Record<string, string>;
  /**
   * Links kept pointing at a page of the original that was not rebuilt (issue 24, `unbuiltLinks:
   * 'keep'`): the route whose page shows each (`/` for the header, menu and footer) and the page's
   * address, each pair once. Absent when there is none (and in plans saved before).
   */
  linksToOriginal?: { route: string; url: string }[];
  assets: PlannedAsset[];
  /**
   * Narrower copies of large pictures for responsive `srcset`s (issue 12 item 3, made by optimize):
   * by the path of the full-size asset, each copy's path and width, narrowest first.
   */
  imageVariants?: Record<string, { path: string; width: number }[]>;
  /** The site's own font files, self-hosted under public/fonts/ (issue 12): one @font-face each. */
  fontFaces?: { family: string; weight: string; style: string; path: string; format?: string }[];
  contact: ContactDetails;
  social: SocialLink[];
  copyright?: string;
  /**
   * The original's footer lines (issue 12): the footer most of its pages showed, its links rewritten;
   * the rebuilt footer shows them instead of lines of its own. Absent: the original had none.
   */
  footer?: Block[];
  designer: string;
  design: DesignResult;
  /**
   * Strings a model wrote where the original had none (issue 25: page descriptions, image alt
   * texts), each already in the plan's pages; the report lists them as model-written. Absent when
   * no model wrote any.
   */
  aiWritten?: AiWrittenString[];
  diagnostics: Diagnostic[];
  /**
   * The original's header parts besides brand and menu (issue 23): the start page's, their links
   * rewritten; the rebuilt header shows them where they stood. Absent: it showed none.
   */
  header?: HeaderPart[];
}

/** One string a model wrote into the plan (the report's `ai.written`). */
export interface AiWrittenString {
  route: string;
  field: 'description' | 'alt' | 'json_ld';
  /** The image's address (its original URL) for `alt`. */
  target?: string;
  text: string;
}
