/**
 * The state one walk of a page body carries from node to node: what it has emitted so far, the
 * inline run being built, and the stacks of what the current node sits inside (containers, links,
 * marks, lists, a form, navigation).
 */
import type { Aside, Block, FormModel, InlineRun, NavLink, PageModel } from '../../../model';
import type { Dialogs } from '../dialogs';
import type { Element, Node } from '../dom';
import type { TabGroup, TabGroups } from '../tab-groups';
import type { Line } from './line-of';

/**
 * Asset sizes by URL, to size images and know whether they were downloaded; `picture` names the
 * bytes (two URLs of one picture share it, ../picture-key.ts).
 */
export type AssetIndex = Map<string, { width?: number; height?: number; picture?: string }>;

/** What the walk found in one page body. */
export interface WalkResult {
  blocks: Block[];
  textBlocks: string[];
  navLinks: NavLink[];
  dropped: PageModel['dropped'];
  /** Element ids (link targets) -> index of the first block at or after them. */
  anchors: Map<string, number>;
  /** Element ids inside tab panels (the panels' own included) -> the id of the tab that shows them. */
  tabAnchors: Map<string, string>;
  /** The page's sidebar, when the identity probe marked one (./aside.ts). */
  aside?: Aside;
  /**
   * The index of the first block beside the sidebar, when blocks before it span the full width above
   * the sidebar's columns (a banner, a hero: PROBE_MARKS.asideStart).
   */
  asideFrom?: number;
}

/** A `<font>` or `<big>` tone (./tone.ts): the size step above the body (0-3) and the colour as written. */
export interface Tone {
  step: number;
  color?: string;
  /** The fill of the coloured one-cell box the words are in (./tone.ts enterCellFill). */
  fill?: string;
  /** The size the page's CSS set the text in, apart from the body's (PROBE_MARKS.textSize). */
  font?: BlockFont;
}

/**
 * A block's own size (issue 23): its font size as a share of the body's, its line height as a
 * share of its own size, and bold or italic where the body is neither.
 */
export interface BlockFont {
  scale: number;
  leading?: number;
  bold?: true;
  italic?: true;
}

/** A block element the walk is inside, and the list its items belong to. */
export interface Container {
  tag: string;
  listId?: number;
  /** The original centred the text in it (../heading-align.ts). */
  centred?: boolean;
  /** A breadcrumb trail's element (its id or class names one). */
  breadcrumb?: true;
}

/** The form the walk is inside. */
export interface FormState {
  element: Element;
  model: FormModel;
  labelsByControl: Map<Element, string>;
  /** Labels of the form that name a control, so their own text is not repeated as intro. */
  labelElements: Set<Element>;
  pending: string[];
  hasSubmitLabel: boolean;
}

/** A list element met by the walk. */
export interface ListState {
  id: number;
  ordered: boolean;
  counter: number;
  breadcrumb: boolean;
  /** The original showed its items side by side (a pager, page numbers, social icons). */
  inline: boolean;
}

/** What the walks of one page (its body's and its subtrees') share about its pictures. */
export interface PagePictures {
  /**
   * Copies the original did not show at rest of a picture shown elsewhere (a hidden copy, a slider's
   * clone, a hover twin): no block of their own (./repeated-pictures.ts).
   */
  readonly repeated: ReadonlySet<Element>;
  /**
   * Items listed again among their siblings (a filterable gallery's photo under each of its
   * categories): walked once, at the first (./item-copies.ts).
   */
  readonly copies: ReadonlySet<Element>;
  /** Links of a menu the walk named from its pictures' alt text (./image.ts, ./picture-menu.ts). */
  readonly navLinks: Set<NavLink>;
}

/** Walks a subtree (a tab panel, a table cell) on its own. */
export type WalkSubtree = (root: Node, assets: AssetIndex, tabGroups: TabGroups) => WalkResult;

/** The walk's state, shared by every handler. */
export interface WalkContext {
  readonly root: Node;
  readonly pageUrl: string;
  readonly assets: AssetIndex;
  readonly tabGroups: TabGroups;
  /** The page's dialogs (shared with the walks of subtrees: each is placed once). */
  readonly dialogs: Dialogs;
  /** Walks a subtree on its own (given, so that handlers need not import the walker). */
  readonly walkSubtree: WalkSubtree;
  /** What the walks of one page share about its pictures (./repeated-pictures.ts, ./picture-menu.ts). */
  readonly pictures: PagePictures;

  readonly blocks: Block[];
  readonly textBlocks: string[];
  readonly navLinks: NavLink[];
  readonly dropped: PageModel['dropped'];
  readonly anchors: Map<string, number>;
  readonly tabAnchors: Map<string, string>;

  /** Inline runs not yet turned into a block. */
  buffer: InlineRun[];
  /** The letters of the buffered runs by the tone they were set in (./tone.ts). */
  bufferTones: { letters: number; tone: Tone; linked: boolean }[];
  /** The `<font>` and `<big>` tones the walk is inside, innermost last (./tone.ts). */
  readonly tones: Tone[];
  readonly containers: Container[];
  /** The href of each link the walk is inside (undefined for links that go nowhere). */
  readonly hrefs: (string | undefined)[];
  /** Per link the walk is inside: the kind of button it was drawn as, if it was one. */
  readonly buttons: ('primary' | 'secondary' | undefined)[];
  strong: number;
  em: number;
  code: number;
  /** How many navigation elements the walk is inside. */
  nav: number;
  /** How many form labels (whose text names a field) the walk is inside. */
  labelDepth: number;
  buttonText: string[] | undefined;
  /** A control's box just ended: the next words, when they start with a letter or digit, are apart. */
  afterControl: boolean;
  form: FormState | undefined;
  /** The last form this walk emitted: a sent message met after it is its own (./form-state.ts). */
  lastForm: FormModel | undefined;
  /** A sent message met before any form, for the next form (./form-state.ts). */
  pendingSentMessage: string | undefined;
  nextListId: number;
  readonly lists: ListState[];
  /** The list block the next item of the same list joins. */
  openList: { id: number; block: Extract<Block, { kind: 'list' }> } | undefined;
  /** Elements whose exit must undo something done at their enter. */
  readonly exits: Map<Node, () => void>;
  /** Tab groups met so far: true when they became a tabs block, false when walked as plain content. */
  readonly tabGroupsMet: Map<TabGroup, boolean>;
  /** Lists whose items carry headings: they are item containers, not bullet lists. */
  readonly titledLists: Set<Node>;
  /** Titled items the walk is inside, with the blocks held until the item's heading. */
  readonly items: { held: Block[]; headed: boolean }[];
  /** Per dialog trigger the walk is inside: the id of the dialog it opens. */
  readonly opens: string[];
  /** Dialogs whose trigger the walk has passed: placed after the block that holds the trigger. */
  readonly pendingDialogs: string[];
  /** The sidebar met (./aside.ts): kept beside the content, not in it. */
  aside: Aside | undefined;
  /** The index of the first block beside the sidebar (./aside.ts, PROBE_MARKS.asideStart). */
  asideFrom: number | undefined;
  /** The last image emitted and the line it sits in, to keep images side by side (./image.ts). */
  lastImage: { block: Extract<Block, { kind: 'image' }>; line: Line } | undefined;
  /** The element holding the first words of `buffer`: the line a label beside a picture sits in. */
  bufferFrom: Element | undefined;
}

/** A fresh context for walking `root`. */
export function createWalkContext(
  root: Node,
  pageUrl: string,
  assets: AssetIndex,
  tabGroups: TabGroups,
  walkSubtree: WalkSubtree,
  dialogs: Dialogs = { byElement: new Map(), byId: new Map(), emitted: new Set() },
  pictures: PagePictures = { repeated: new Set(), copies: new Set(), navLinks: new Set() },
): WalkContext {
  return {
    root,
    pageUrl,
    assets,
    tabGroups,
    dialogs,
    walkSubtree,
    pictures,
    blocks: [],
    textBlocks: [],
    navLinks: [],

    dropped: [],
    anchors: new Map(),
    tabAnchors: new Map(),
    buffer: [],
    bufferTones: [],
    tones: [],
    containers: [],
    hrefs: [],
    buttons: [],
    strong: 0,
    em: 0,
    code: 0,
    nav: 0,
    labelDepth: 0,
    buttonText: undefined,
    afterControl: false,
    form: undefined,
    lastForm: undefined,
    pendingSentMessage: undefined,
    nextListId: 1,
    lists: [],
    openList: undefined,
    exits: new Map(),
    tabGroupsMet: new Map(),
    titledLists: new Set(),
    items: [],
    opens: [],
    pendingDialogs: [],
    aside: undefined,
    asideFrom: undefined,
    lastImage: undefined,
    bufferFrom: undefined,
  };
}

/** The href of the innermost link the walk is inside. */
export function currentHref(context: WalkContext): string | undefined {
  return context.hrefs.length > 0 ? context.hrefs[context.hrefs.length - 1] : undefined;
}

/** The button kind of the innermost link the walk is inside, when that link was drawn as a button. */
export function currentButton(context: WalkContext): 'primary' | 'secondary' | undefined {
  return context.buttons.length > 0 ? context.buttons[context.buttons.length - 1] : undefined;
}

/**
 * Handles one element the walk enters: returns true to walk into its children, false to skip them,
 * or undefined when the element is not its kind after all (the walk goes on to the next step).
 */
export type Handler = (context: WalkContext, element: Element) => boolean | undefined;
