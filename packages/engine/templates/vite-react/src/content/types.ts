/** A table cell spanning rows or columns, or heading its row (see the table block's `cells`). */
export interface TableCell {
  row: number;
  cell: number;
  rows?: number;
  columns?: number;
  head?: true;
}

export interface InlineRun {
  text: string;
  href?: string;
  /** Where a link whose text says nothing ('here') leads: read out, not shown. */
  context?: string;
  strong?: boolean;
  em?: boolean;
  code?: boolean;
  br?: boolean;
  /** A link the original showed as a button: it stays one. */
  button?: 'primary' | 'secondary';
  /** An icon of the original, e.g. `fas:envelope` (drawn as inline SVG); `text` is then empty. */
  icon?: string;
  /** The run opens the dialog with this id (a modal's trigger in the original): drawn as a button. */
  opens?: string;
}

export interface ImageData {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  href?: string;
  /** The picture opens the dialog with this id (a portfolio piece's modal). */
  opens?: string;
  /** The original drew the picture round (a portrait in a circle): drawn round here too. */
  shape?: 'round';
  /** The width the original showed it at, narrower than its file: it is shown as wide. */
  shownWidth?: number;
  /** The width the original drew it at (200 px or more): wider than the text column, kept so. */
  drawnWidth?: number;
  /** The page's first image: loaded eagerly with high priority (it is usually the largest paint). */
  priority?: boolean;
  /** Narrower copies for `srcset` (with the image itself, widest), and the width it is shown at. */
  srcset?: { src: string; width: number }[];
  sizes?: string;
}

export interface FormFieldData {
  type: string;
  name: string;
  label: string;
  required: boolean;
  placeholder?: string;
  value?: string;
  options?: { value: string; label: string }[];
}

export interface FormContent {
  method: 'get' | 'post';
  intro: string[];
  fields: FormFieldData[];
  submitLabel: string;
  /** The original's own words after a successful submit, shown only then. */
  sentMessage?: string;
}

export type Block =
  | {
      kind: 'paragraph';
      inlines: InlineRun[];
      role?: 'quote' | 'caption' | 'term' | 'definition' | 'address';
      /** The original centred it (issue 12); STYLE_MODERNIZATION does too. */
      align?: 'center';
      /** The original's own size step above the body (1-3) and colour (an old page's `<font>`). */
      tone?: {
        step?: number;
        color?: string;
        /** The size the original's CSS set it in: a share of the body's size, leading, bold, italic. */
        /** The fill of the coloured one-cell box the original set it in (a boxed title). */
        fill?: string;
        font?: { scale: number; leading?: number; bold?: true; italic?: true };
      };
      /** A label shown on one line with the pictures before it: it ends their row. */
      inline?: 'continue';
      /** A breadcrumb trail's line, even a single crumb. */
      breadcrumb?: true;
    }
  /**
   * `collapsed`: the original showed what follows it closed (an FAQ's answer). `drawnAs`: the level
   * the original drew it at where the outline gave it another (its size is that level's).
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
      /** A dated list: each item's first (`start`) or last (`end`) run is its date. */
      dated?: 'start' | 'end';
      /** A price list: each item's last run is its price. */
      priced?: true;
      /** A long list of short links (a table of contents): kept compact, in columns. */
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
  /** `inline`: shown on one line with the images next to it (`start` begins such a row). */
  | {
      kind: 'image';
      image: ImageData;
      caption?: string;
      inline?: 'start' | 'continue';
      align?: 'center';
      /** Floated beside the text that follows it on a desktop screen. */
      float?: 'left' | 'right';
    }
  | { kind: 'pre'; text: string; plain?: true }
  | { kind: 'form'; form: FormContent }
  | { kind: 'rule' }
  | { kind: 'tabs'; label: string; tabs: TabData[] }
  /** A carousel of the original: every slide stays in the page (a scroll-snap track). */
  /** `band`: the original's slider box at a desktop width (px), and whether it spanned the window. */
  | { kind: 'carousel'; slides: PanelData[]; band?: SliderBand }
  /** Items side by side: `columns` per row on a desktop screen, one on a phone. */
  /** `widths`: a layout row of the original; generate writes its columns as blocks one after the other. */
  /** `boxed`: the items were drawn as boxes (a border, a fill of their own, a shadow), and are. */
  | {
      kind: 'items';
      columns: number;
      items: PanelData[];
      widths?: number[];
      /** A layout table's narrower row (px), centred where it was (issue 23). */
      rowWidth?: number;
      align?: 'center';
      boxed?: ItemBox[];
      boxStyle?: BoxStyle;
    }
  /** A dialog of the original: closed until a run or picture with `opens: id` opens it; its content stays in the page. */
  | { kind: 'dialog'; id: string; title: string; blocks: Block[] };

/** A slider's box as the original showed it on a desktop screen (CSS px). */
export interface SliderBand {
  width: number;
  height: number;
  isFullBleed: boolean;
}

/**
 * The box the original drew a section or items in (colours hex, lengths px): drawn where a page
 * keeps the original's look (STYLE_MODERNIZATION's page components); the other layouts may leave it.
 */
export interface BoxStyle {
  fill?: string;
  gradient?: string;
  border?: { width: number; color: string; sides: 'all' | 'top' | 'bottom' | 'block' };
  radius?: number;
  text?: string;
  heading?: string;
  link?: string;
  head?: { fill: string; text: string };
  isFullWidth?: true;
  /** The room (px) between the box's edge and its words above and below, at a desktop width. */
  pad?: number;
}

/** How an item was drawn as a box: a border on every side, a fill of its own, a shadow. */
export type ItemBox = 'border' | 'fill' | 'shadow';

/** One slide of a carousel or one item of an items grid. */
export interface PanelData {
  image?: ImageData;
  blocks: Block[];
}

/** One tab: its label and its panel's content; its id is the panel's id (the original's, so old links to it open it). */
export interface TabData {
  id: string;
  label: string;
  blocks: Block[];
}

export type SectionVariant =
  'hero' | 'prose' | 'gallery' | 'table' | 'contact' | 'cards' | 'doc' | 'accordion';

/** A hero's picture behind its words (full-bleed on the original), under a readable overlay. */
export interface BackdropData {
  image: ImageData;
  /** The original's overlay colour (CSS, see-through); a dark scrim under it keeps text readable. */
  overlay?: string;
  /** A picture band with no words over it: the picture shown whole, at most this high (px). */
  shownHeight?: number;
  /** The black plate's alpha (0..1) under the words, as the picture needs it; absent: 0.6. */
  plate?: number;
}

/**
 * A page's title band: its heading alone across the page, as tall as the original's (px), on its
 * picture under its fill (hex) at its opacity, or on its fill; the heading's size (px), colour and
 * alignment. Drawn by STYLE_MODERNIZATION's page components; the other layouts may leave it.
 */
export interface TitleBandData {
  height: number;
  fill?: string;
  opacity?: number;
  image?: ImageData;
  size?: number;
  color?: string;
  align?: 'center';
}

export interface SectionData {
  id: string;
  variant: SectionVariant;
  backdrop?: BackdropData;
  /**
   * `align: 'center'`: the original centred it; `visuallyHidden`: the original showed no heading
   * (screen readers only); `drawnAs`: the level the original drew it at (its size is that level's).
   */
  heading?: {
    level: number;
    inlines: InlineRun[];
    align?: 'center';
    visuallyHidden?: true;
    drawnAs?: number;
  };
  blocks: Block[];
  /** The original showed only the heading (an FAQ's closed answer): shown closed, opened by it. */
  collapsed?: true;
  /** The box the original drew the section in (a card, a panel, a band, lines). */
  box?: BoxStyle;
  /** The original drew it after the box of the section above had ended (a part of its own). */
  afterBox?: true;
  /** The band the original drew the page's heading in at the top of the page. */
  titleBand?: TitleBandData;
  /** On a page's first section: the page's sidebar, drawn beside all of its sections. */
  aside?: AsideData;
}

/** A page's sidebar: its side and width (px at 1440) in the original; a `<nav>` when it is navigation. */
export interface AsideData {
  side: 'left' | 'right';
  width: number;
  /** The sidebar and its content together in the original (px at 1440): the layout's width. */
  span?: number;
  isNavigation: boolean;
  /** The id of the first section beside it: the sections before it span the page above it. */
  besideFrom?: string;
  /** Its own fill and words' colour in the original (they pass AA together). */
  fill?: string;
  text?: string;
  blocks: Block[];
}

/** A page: its route and head tags, and its sections, either bundled or loaded on first view. */
export type PageEntry = {
  route: string;
  title: string;
  description: string;
  language: string;
} & ({ sections: SectionData[] } | { load: () => Promise<{ sections: SectionData[] }> });

/**
 * A page of a kind (a blog's post, a shop's product): its head tags, and its content under the
 * kind's frame. `heading` is the page's h1 and `date` the line under it; the first of `sections` is
 * the title's own and holds what follows them, the rest follow it.
 */
export interface KindPageContent {
  route: string;
  title: string;
  description: string;
  language: string;
  /** Lines the original showed above the title (a breadcrumb, a bar of links). */
  lead?: Block[];
  heading: string;
  /** The title's id, when the original's heading had one of its own (a link's target). */
  headingId?: string;
  /** The original centred the title. */
  headingCentered?: true;
  /** The route the title links to (a post's own address, the start page). */
  headingHref?: string;
  date?: string;
  sections: [SectionData, ...SectionData[]];
  /** The page's sidebar and the words it is named by, drawn beside all of its sections. */
  aside?: AsideData & { label?: string };
}
