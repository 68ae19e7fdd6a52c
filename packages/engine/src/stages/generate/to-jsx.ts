/**
 * STYLE_MODERNIZATION writes each page as literal JSX in the original's order, so the owner edits
 * markup directly. The page is built as a Babel syntax tree and printed by @babel/generator (issue
 * 11 item 3): text and attribute values from the original are string literals inside expression
 * containers ({"..."}), which the printer escapes, so nothing in them can break out of the markup.
 * Imports are written for the identifiers the tree actually uses, collected while it is built.
 * URL policy (which links survive, root-relative ones through `asset()`) stays with to-safe-plan.
 */
import { generate } from '@babel/generator';
import * as t from '@babel/types';
import type { Aside, Block, BoxStyle, InlineRun, Panel, PlannedPage, TitleBand } from '../../model';
import { escapeJsComment } from './escape';
import { itemSizes, SIZES, type SrcsetCandidate } from './responsive';

/** Identifiers a page can import, in the order their imports are written, with their modules. */
const IMPORTS = {
  Link: 'react-router',
  ContactForm: '../components/ContactForm',
  Seo: '../components/Seo',
  Tabs: '../components/Tabs',
  Carousel: '../components/Carousel',
  ItemGrid: '../components/Carousel',
  Icon: '../components/Icon',
  Dialog: '../components/Dialog',
  DialogButton: '../components/Dialog',
  Aside: '../components/Aside',
  asset: '../lib/asset',
} as const;

export type Imported = keyof typeof IMPORTS;

/**
 * State while a page is built: whether the next image is the page's first (eager, high priority)
 * and which importable identifiers the tree uses so far.
 */
export interface JsxState {
  firstImage: boolean;
  uses: Set<Imported>;
  /** The srcset candidates of a self-hosted picture, when optimize made narrower copies. */
  srcset?: (src: string) => SrcsetCandidate[] | undefined;
  /** The row of images side by side the last block opened, which the next `continue` image joins. */
  imageRow?: t.JSXElement;
  /** The profile keeps the original's layout (STYLE_MODERNIZATION): pictures stay where they were. */
  keepsLayout?: boolean;
}

export type JsxChild = t.JSXElement | t.JSXFragment | t.JSXExpressionContainer;

export function newJsxState(srcset?: JsxState['srcset']): JsxState {
  return srcset
    ? { firstImage: true, uses: new Set(), srcset }
    : { firstImage: true, uses: new Set() };
}

/** `{"text"}`: a text child the printer escapes. */
function text(value: string): t.JSXExpressionContainer {
  return t.jsxExpressionContainer(t.stringLiteral(value));
}

/** `name={"value"}`: an attribute whose value comes from the original. */
function attr(name: string, value: string): t.JSXAttribute {
  return t.jsxAttribute(t.jsxIdentifier(name), t.jsxExpressionContainer(t.stringLiteral(value)));
}

/**
 * `name="value"` for a constant of ours only: JSX attribute strings have no escapes, so a value
 * from the original never goes this way.
 */
function constAttr(name: string, value: string): t.JSXAttribute {
  return t.jsxAttribute(t.jsxIdentifier(name), t.stringLiteral(value));
}

/** `name={expression}`. */
function exprAttr(name: string, expression: t.Expression): t.JSXAttribute {
  return t.jsxAttribute(t.jsxIdentifier(name), t.jsxExpressionContainer(expression));
}

/** `<name ...>children</name>`. */
function el(name: string, attributes: t.JSXAttribute[], children: JsxChild[]): t.JSXElement {
  return t.jsxElement(
    t.jsxOpeningElement(t.jsxIdentifier(name), attributes),
    t.jsxClosingElement(t.jsxIdentifier(name)),
    children,
  );
}

/** `<name ... />`. */
function selfClosing(name: string, attributes: t.JSXAttribute[]): t.JSXElement {
  return t.jsxElement(t.jsxOpeningElement(t.jsxIdentifier(name), attributes, true), null, []);
}

function fragment(children: JsxChild[]): t.JSXFragment {
  return t.jsxFragment(t.jsxOpeningFragment(), t.jsxClosingFragment(), children);
}

/** True for links that stay inside the rebuilt site. */
export function isRouteHref(href: string): boolean {
  return (
    href.startsWith('/') &&
    !href.startsWith('//') &&
    !href.includes('#') &&
    !/\.[a-z0-9]{2,5}$/i.test(href)
  );
}

/**
 * A root-relative address ('/images/a.png', '/files/b.pdf', '/about#team') goes through `asset()`
 * (src/lib/asset), so it keeps working when the site is built for a base path.
 */
function urlAttr(name: string, value: string, state: JsxState): t.JSXAttribute {
  if (!value.startsWith('/') || value.startsWith('//')) return attr(name, value);
  state.uses.add('asset');
  return exprAttr(name, t.callExpression(t.identifier('asset'), [t.stringLiteral(value)]));
}

function link(href: string, inner: JsxChild[], state: JsxState, className?: string): t.JSXElement {
  const classAttr = className ? [constAttr('className', className)] : [];
  if (isRouteHref(href)) {
    state.uses.add('Link');
    return el('Link', [attr('to', href), ...classAttr], inner);
  }
  return el('a', [urlAttr('href', href, state), ...classAttr], inner);
}

/** Consecutive runs of one link ("<icon> Email us") or of one button as one group, so they become one. */
function groupRuns(runs: InlineRun[]): InlineRun[][] {
  const groups: InlineRun[][] = [];
  for (const run of runs) {
    const last = groups[groups.length - 1];
    const head = last?.[0];
    const sameLink = !!run.href && head?.href === run.href;
    const sameDialog = !!run.opens && head?.opens === run.opens;
    const sameButton =
      !run.href &&
      !head?.href &&
      !run.opens &&
      !head?.opens &&
      !!run.button &&
      head?.button === run.button;
    if (last && !run.br && !head?.br && (sameLink || sameDialog || sameButton)) last.push(run);
    else groups.push([run]);
  }
  return groups;
}

/** `fab:twitter` -> `Twitter`: the name of an icon that is all its link says. */
function iconLabel(name: string): string {
  const words = (name.split(':')[1] ?? name).replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** JSX children for inline runs: marks, icons (`<Icon>`), links, and links that were buttons. */
export function toInlineJsx(runs: InlineRun[], state: JsxState): JsxChild[] {
  return groupRuns(runs).flatMap((group): JsxChild[] => {
    const first = group[0]!;
    if (first.br) return [text(' '), selfClosing('br', [])];
    const iconOnly =
      !!(first.href || first.opens) && group.every((run) => run.icon || !run.text.trim());
    const nodes = group.map((run): JsxChild => {
      if (run.icon) {
        state.uses.add('Icon');
        return selfClosing('Icon', [
          attr('name', run.icon),
          ...(iconOnly ? [attr('label', iconLabel(run.icon))] : []),
        ]);
      }
      let node: JsxChild = text(run.text);
      if (run.code) node = el('code', [], [node]);
      if (run.em) node = el('em', [], [node]);
      if (run.strong) node = el('strong', [], [node]);
      return node;
    });
    const button = group.find((run) => run.button)?.button;
    const className =
      button === 'primary' ? 'btn' : button === 'secondary' ? 'btn btn-secondary' : undefined;
    // A dialog's trigger in the original: a button that opens it.
    if (first.opens) {
      state.uses.add('DialogButton');
      return [
        el(
          'DialogButton',
          [attr('opens', first.opens), ...(className ? [constAttr('className', className)] : [])],
          nodes,
        ),
      ];
    }
    // A button of the original that led nowhere (`href="#"`) still looks like one.
    if (!first.href)
      return className ? [el('span', [constAttr('className', className)], nodes)] : nodes;
    const context = group.find((run) => run.context)?.context;
    const inner = context
      ? [...nodes, el('span', [constAttr('className', 'sr-only')], [text(` (${context})`)])]
      : nodes;
    return [link(first.href, inner, state, className)];
  });
}

/** A picture this much wider than high, and at least this wide, is a wide one (a banner, a panorama). */
const WIDE_PICTURE_RATIO = 1.7;
const WIDE_PICTURE_MIN_PX = 640;

/** A picture this much wider than high is a strip (a line of words drawn as a picture, a rule). */
const STRIP_PICTURE_RATIO = 4;

/**
 * A strip: no picture to stand beside a hero's words or span it (a "live stream ended" notice of
 * 552 × 57 px); it stays among the blocks where the original showed it.
 */
export function isStripPicture(image: { width?: number; height?: number }): boolean {
  const { width, height } = image;
  return (
    width !== undefined &&
    height !== undefined &&
    height > 0 &&
    width / height >= STRIP_PICTURE_RATIO
  );
}

/** A wide picture: beside a hero's words it would shrink to under half its width. */
export function isWidePicture(image: { width?: number; height?: number }): boolean {
  const { width, height } = image;
  if (width === undefined || height === undefined || height <= 0) return false;
  return width >= WIDE_PICTURE_MIN_PX && width / height >= WIDE_PICTURE_RATIO;
}

/** A figure's widest: the text column's, or the width the original drew its picture at. */
export const pictureMaxWidth = (drawnWidth: number): string =>
  `max(var(--measure, 46rem), ${drawnWidth}px)`;

/**
 * An `<img>` (the page's first is eager and high priority), inside its link when it has one; round
 * where the original drew it round (base.css `.picture-round`), else with the theme's corners.
 */
export function toImageJsx(
  image: {
    src: string;
    alt: string;
    width?: number;
    height?: number;
    href?: string;
    opens?: string;
    shape?: 'round';
    shownWidth?: number;
  },
  priority: boolean,
  state: JsxState,
  className = '',
  sizes: string = SIZES.content,
  drawnWidth?: number,
): t.JSXElement {
  const attributes = [urlAttr('src', image.src, state)];
  const candidates = state.srcset?.(image.src);
  if (candidates) {
    // `srcSet={[asset("/images/a-480w.webp") + " 480w", ...].join(", ")}`: each path through asset().
    state.uses.add('asset');
    const list = t.arrayExpression(
      candidates.map((candidate) =>
        t.binaryExpression(
          '+',
          t.callExpression(t.identifier('asset'), [t.stringLiteral(candidate.src)]),
          t.stringLiteral(` ${candidate.width}w`),
        ),
      ),
    );
    attributes.push(
      exprAttr(
        'srcSet',
        t.callExpression(t.memberExpression(list, t.identifier('join')), [t.stringLiteral(', ')]),
      ),
      constAttr('sizes', sizes),
    );
  }
  attributes.push(attr('alt', image.alt));
  // A picture the original showed narrower than its file keeps that width (its height in step).
  const shown =
    image.shownWidth !== undefined && image.width !== undefined && image.height !== undefined
      ? {
          width: image.shownWidth,
          height: Math.round((image.height * image.shownWidth) / image.width),
        }
      : { width: image.width, height: image.height };
  if (shown.width !== undefined) attributes.push(exprAttr('width', t.valueToNode(shown.width)));
  if (shown.height !== undefined) attributes.push(exprAttr('height', t.valueToNode(shown.height)));
  attributes.push(
    ...(priority
      ? [constAttr('loading', 'eager'), constAttr('fetchPriority', 'high')]
      : [constAttr('loading', 'lazy')]),
    constAttr('decoding', 'async'),
    attr(
      'className',
      `h-auto max-w-full ${image.shape === 'round' ? 'picture-round' : 'rounded-theme'}${className ? ` ${className}` : ''}`,
    ),
  );
  // Drawn at its width in the original's layout (a fixed-width page's banner), centred, no wider
  // than the column.
  if (drawnWidth !== undefined)
    attributes.push(
      exprAttr(
        'style',
        t.objectExpression([
          t.objectProperty(t.identifier('width'), t.stringLiteral(`${drawnWidth}px`)),
          t.objectProperty(t.identifier('marginInline'), t.stringLiteral('auto')),
        ]),
      ),
    );
  const img = selfClosing('img', attributes);
  if (image.opens) {
    state.uses.add('DialogButton');
    // A picture without alt text is named by the title of the dialog it opens.
    const label = image.alt
      ? [attr('label', image.alt)]
      : [attr('labelledBy', `${image.opens}-title`)];
    return el('DialogButton', [attr('opens', image.opens), ...label], [img]);
  }
  return image.href ? link(image.href, [img], state) : img;
}

function heading(
  level: number,
  id: string | undefined,
  inner: JsxChild[],
  className?: string,
): t.JSXElement {
  const attrs = [
    ...(id !== undefined ? [attr('id', id)] : []),
    ...(className !== undefined ? [constAttr('className', className)] : []),
  ];
  return el(`h${Math.min(6, Math.max(1, level))}`, attrs, inner);
}

/**
 * A shown heading's classes: centred where the original centred it, and drawn at the size of the
 * level the original drew it at where the outline gave it another (`drawn-h2`: the page's h1 that
 * was an h2; decision record 110).
 */
function headingClass(
  align: 'center' | undefined,
  drawnAs: number | undefined,
): string | undefined {
  const classes = [
    ...(align === 'center' ? ['heading-center'] : []),
    ...(drawnAs !== undefined ? [`drawn-h${drawnAs}`] : []),
  ];
  return classes.length > 0 ? classes.join(' ') : undefined;
}

/** JSX for one block (none for a break); `state.firstImage` is cleared by the first image. */
export function toBlockJsx(block: Block, state: JsxState): JsxChild[] {
  if (block.kind === 'image' && block.inline) return toImageRowJsx(block, state);
  if (block.kind === 'paragraph' && block.inline && state.imageRow) {
    state.imageRow.children.push(toRowLabelJsx(block, state));
    state.imageRow = undefined;
    return [];
  }
  state.imageRow = undefined;
  switch (block.kind) {
    case 'paragraph': {
      const inner = toInlineJsx(block.inlines, state);
      const centre = block.align === 'center' ? ['center'] : [];
      // The original's own size step and colour (an old page's <font>; plan kept a readable one).
      // The size the page's CSS set it in (issue 23): base.css's `sized`, from its variables.
      const font = block.tone?.font;
      const tone = [
        ...(block.tone?.step ? [`tone-${block.tone.step}`] : []),
        ...(font ? ['sized'] : []),
        // A boxed title cell's fill (base.css's `filled`).
        ...(block.tone?.fill ? ['filled'] : []),
      ];
      const properties = [
        ...(block.tone?.color
          ? [t.objectProperty(t.identifier('color'), t.stringLiteral(block.tone.color))]
          : []),
        ...(block.tone?.fill
          ? [t.objectProperty(t.stringLiteral('--p-fill'), t.stringLiteral(block.tone.fill))]
          : []),
        ...(font
          ? [
              t.objectProperty(t.stringLiteral('--p-size'), t.stringLiteral(String(font.scale))),
              ...(font.leading
                ? [
                    t.objectProperty(
                      t.stringLiteral('--p-leading'),
                      t.stringLiteral(String(font.leading)),
                    ),
                  ]
                : []),
              ...(font.bold
                ? [t.objectProperty(t.identifier('fontWeight'), t.numericLiteral(700))]
                : []),
              ...(font.italic
                ? [t.objectProperty(t.identifier('fontStyle'), t.stringLiteral('italic'))]
                : []),
            ]
          : []),
      ];
      const ink = properties.length > 0 ? [exprAttr('style', t.objectExpression(properties))] : [];
      const p = (...names: string[]) => {
        const className = [...names, ...tone, ...centre].join(' ');
        return [
          el('p', [...(className ? [constAttr('className', className)] : []), ...ink], inner),
        ];
      };
      if (block.role === 'quote')
        return [el('blockquote', centre.length ? [constAttr('className', 'center')] : [], inner)];
      if (block.role === 'address')
        return [el('address', centre.length ? [constAttr('className', 'center')] : [], inner)];
      if (block.role === 'caption') return p('caption');
      if (block.role === 'term') return p('term');
      const only = block.inlines.length === 1 ? block.inlines[0] : undefined;
      if (only?.href && only.text.length <= 40) return p('cta');
      // An icon standing alone above a feature (Font Awesome's big circled glyphs) stays a big one.
      if (block.inlines.length > 0 && block.inlines.every((run) => run.icon && !run.href))
        return p('icon-lead');
      return p();
    }
    case 'heading':
      return [
        heading(
          block.level,
          block.id || undefined,
          toInlineJsx(block.inlines, state),
          headingClass(block.align, block.drawnAs),
        ),
      ];
    case 'list': {
      const shaped = toShapedList(block);
      const items = block.items.map((item) =>
        el(
          'li',
          [],
          shaped
            ? shaped
                .split(item)
                .map(([className, runs]) =>
                  el('span', [constAttr('className', className)], toInlineJsx(runs, state)),
                )
            : toInlineJsx(item, state),
        ),
      );
      if (shaped) return [el('ul', [constAttr('className', shaped.className)], items)];
      if (block.breadcrumb) {
        return [
          el(
            'nav',
            [constAttr('aria-label', 'Breadcrumb')],
            [el('ol', [constAttr('className', 'breadcrumb')], items)],
          ),
        ];
      }
      const start =
        block.ordered && block.start !== undefined
          ? [exprAttr('start', t.valueToNode(block.start))]
          : [];
      const inline =
        block.inline === true
          ? [
              constAttr(
                'className',
                block.align === 'center' ? 'list-inline center' : 'list-inline',
              ),
            ]
          : [];
      return [el(block.ordered ? 'ol' : 'ul', [...start, ...inline], items)];
    }
    case 'table': {
      const parts: JsxChild[] = [];
      if (block.caption) parts.push(el('caption', [], [text(block.caption)]));
      const marks = new Map((block.cells ?? []).map((mark) => [`${mark.row}:${mark.cell}`, mark]));
      const spans = (row: number, cell: number): t.JSXAttribute[] => {
        const mark = marks.get(`${row}:${cell}`);
        return [
          ...(mark?.rows ? [exprAttr('rowSpan', t.numericLiteral(mark.rows))] : []),
          ...(mark?.columns ? [exprAttr('colSpan', t.numericLiteral(mark.columns))] : []),
        ];
      };
      if (block.head.length > 0) {
        const rows = block.head.map((row, r) =>
          el(
            'tr',
            [],
            row.map((cell, c) =>
              el('th', [constAttr('scope', 'col'), ...spans(r, c)], toInlineJsx(cell, state)),
            ),
          ),
        );
        parts.push(el('thead', [], rows));
      }
      const rows = block.rows.map((row, index) => {
        const r = block.head.length + index;
        return el(
          'tr',
          [],
          row.map((cell, c) =>
            marks.get(`${r}:${c}`)?.head
              ? el('th', [constAttr('scope', 'row'), ...spans(r, c)], toInlineJsx(cell, state))
              : el('td', spans(r, c), toInlineJsx(cell, state)),
          ),
        );
      });
      parts.push(el('tbody', [], rows));
      const grid = block.cells?.some((mark) => mark.rows || mark.columns);
      return [
        el(
          'div',
          [constAttr('className', 'table-wrap')],
          [el('table', grid ? [constAttr('className', 'spanning')] : [], parts)],
        ),
      ];
    }
    case 'image': {
      const priority = state.firstImage;
      state.firstImage = false;
      const children: JsxChild[] = [toImageJsx(block.image, priority, state)];
      if (block.caption) children.push(el('figcaption', [], [text(block.caption)]));
      const className = block.float ? `beside-${block.float}` : block.align;
      const attributes = className ? [constAttr('className', className)] : [];
      // Drawn wider than the text column by the original: as wide again, up to the content's width.
      if (!block.float && block.image.drawnWidth !== undefined)
        attributes.push(
          exprAttr(
            'style',
            t.objectExpression([
              t.objectProperty(
                t.identifier('maxWidth'),
                t.stringLiteral(pictureMaxWidth(block.image.drawnWidth)),
              ),
            ]),
          ),
        );
      return [el('figure', attributes, children)];
    }
    case 'pre':
      return [
        el('pre', block.plain ? [constAttr('className', 'pre-plain')] : [], [text(block.text)]),
      ];
    case 'form': {
      const { action: _action, ...form } = block.form;
      state.uses.add('ContactForm');
      return [selfClosing('ContactForm', [exprAttr('form', t.valueToNode(form))])];
    }
    case 'break':
      return [];
    case 'rule':
      return [selfClosing('hr', [])];
    case 'tabs': {
      // Only the first panel shows at first: images of the others never take the first image's priority.
      const tabs = block.tabs.map((tab, index) => {
        const panelState = index === 0 ? state : { ...state, firstImage: false };
        const content = tab.blocks.flatMap((b) => toBlockJsx(b, panelState));
        return t.objectExpression([
          t.objectProperty(t.identifier('id'), t.stringLiteral(tab.id)),
          t.objectProperty(t.identifier('label'), t.stringLiteral(tab.label)),
          t.objectProperty(t.identifier('content'), fragment(content)),
        ]);
      });
      state.uses.add('Tabs');
      return [
        selfClosing('Tabs', [
          attr('label', block.label ?? ''),
          exprAttr('tabs', t.arrayExpression(tabs)),
        ]),
      ];
    }
    case 'carousel': {
      // The first slide shows at first: only its picture may take the first image's priority.
      const slides = block.slides.map((slide, index) =>
        toPanelJsx(
          slide,
          index === 0 ? state : { ...state, firstImage: false },
          'carousel-image',
          SIZES.full,
        ),
      );
      state.uses.add('Carousel');
      // As large as the original showed it (issue 23): its height, full-bleed or at its width.
      const band = block.band
        ? [
            exprAttr(
              'band',
              t.valueToNode({
                width: block.band.width,
                height: block.band.height,
                isFullBleed: block.band.isFullBleed,
              }),
            ),
          ]
        : [];
      return [selfClosing('Carousel', [exprAttr('slides', t.arrayExpression(slides)), ...band])];
    }
    case 'items': {
      if (block.widths !== undefined) return [toLayoutRowJsx(block, block.widths, state)];
      const sizes = itemSizes(block.columns);
      const items = block.items.map((item) => toPanelJsx(item, state, 'item-image', sizes));
      state.uses.add('ItemGrid');
      return [
        selfClosing('ItemGrid', [
          exprAttr('columns', t.valueToNode(block.columns)),
          exprAttr('items', t.arrayExpression(items)),
          ...(block.boxed ? [exprAttr('boxed', t.valueToNode(block.boxed))] : []),
          // The items' own colours, border and corners (issue 23), as a section box's.
          ...(block.boxed && block.boxStyle ? [toBoxStyleAttr(block.boxStyle)] : []),
        ]),
      ];
    }
    case 'dialog': {
      // Closed at first: its pictures never take the first image's priority.
      const inner = { ...state, firstImage: false };
      const content = block.blocks.flatMap((b) => toBlockJsx(b, inner));
      state.uses.add('Dialog');
      return [el('Dialog', [attr('id', block.id), attr('title', block.title)], content)];
    }
  }
}

/**
 * An image the original showed side by side with its neighbours (`inline`: a logo and its rating's
 * bullets in one table row): a `start` opens a `<p className="image-row">`, the next `continue`
 * images join it (and add no element of their own).
 */
function toImageRowJsx(block: Extract<Block, { kind: 'image' }>, state: JsxState): JsxChild[] {
  const priority = state.firstImage;
  state.firstImage = false;
  const image = toImageJsx(block.image, priority, state, 'image-row-item');
  if (block.inline === 'continue' && state.imageRow) {
    state.imageRow.children.push(image);
    return [];
  }
  state.imageRow = el('p', [constAttr('className', 'image-row')], [image]);
  return [state.imageRow];
}

/** The label that ends a row of pictures, in its own size and colour (Blocks.tsx `RowItem`). */
function toRowLabelJsx(
  block: Extract<Block, { kind: 'paragraph' }>,
  state: JsxState,
): t.JSXElement {
  const className = ['image-row-label', ...(block.tone?.step ? [`tone-${block.tone.step}`] : [])];
  const ink = block.tone?.color
    ? [
        exprAttr(
          'style',
          t.objectExpression([
            t.objectProperty(t.identifier('color'), t.stringLiteral(block.tone.color)),
          ]),
        ),
      ]
    : [];
  return el(
    'span',
    [constAttr('className', className.join(' ')), ...ink],
    toInlineJsx(block.inlines, state),
  );
}

/** A layout table's row at most this wide (px) stays a row on a phone: it fits there as it was. */
const PHONE_ROW_PX = 340;

/**
 * A layout row of the original: its columns side by side at their shares of the row (CSS grid
 * fractions), one under the other on a phone (base.css `.layout-row`); a layout table's narrower
 * row no wider than the original drew it, centred where it was (issue 23).
 */
function toLayoutRowJsx(
  block: Extract<Block, { kind: 'items' }>,
  widths: number[],
  state: JsxState,
): t.JSXElement {
  const columns = block.items.map((item) => {
    const picture = item.image
      ? [toBlockJsx({ kind: 'image', image: item.image }, state)].flat()
      : [];
    return el('div', [], [...picture, ...item.blocks.flatMap((b) => toBlockJsx(b, state))]);
  });
  const template = widths.map((width) => `${Number(width.toFixed(1))}fr`).join(' ');
  const style = t.jsxAttribute(
    t.jsxIdentifier('style'),
    t.jsxExpressionContainer(
      t.objectExpression([
        t.objectProperty(t.identifier('gridTemplateColumns'), t.stringLiteral(template)),
        ...(block.rowWidth !== undefined
          ? [t.objectProperty(t.identifier('maxWidth'), t.numericLiteral(block.rowWidth))]
          : []),
      ]),
    ),
  );
  const className = [
    'layout-row',
    ...(block.align === 'center' ? ['center'] : []),
    ...(block.rowWidth !== undefined && block.rowWidth <= PHONE_ROW_PX ? ['fits-phone'] : []),
  ].join(' ');
  return el('div', [constAttr('className', className), style], columns);
}

/** `{ picture: <img ...>, content: <>...</> }`: a slide of a carousel or an item of a grid. */
function toPanelJsx(
  panel: Panel,
  state: JsxState,
  className: string,
  sizes: string,
): t.ObjectExpression {
  const properties: t.ObjectProperty[] = [];
  if (panel.image) {
    const priority = state.firstImage;
    state.firstImage = false;
    properties.push(
      t.objectProperty(
        t.identifier('picture'),
        toImageJsx(panel.image, priority, state, className, sizes),
      ),
    );
  }
  const content = panel.blocks.flatMap((b) => toBlockJsx(b, state));
  properties.push(t.objectProperty(t.identifier('content'), fragment(content)));
  return t.objectExpression(properties);
}

/**
 * `style={{ "--band-height": …, … }}`: a title band's height, fill, the fill's opacity over its
 * picture, and its heading's size and colour as the custom properties base.css draws `.page-band`
 * with (every value hex, px or a number, from TitleBand, never the page's own strings).
 */
export function toTitleBandStyleAttr(band: TitleBand): t.JSXAttribute {
  const values: [string, string | undefined][] = [
    ['--band-height', `${band.height}px`],
    ['--band-fill', band.fill],
    ['--band-opacity', band.opacity !== undefined ? String(band.opacity) : undefined],
    ['--band-size', band.size !== undefined ? `${band.size}px` : undefined],
    ['--band-text', band.color],
  ];
  return exprAttr(
    'style',
    t.objectExpression(
      values.flatMap(([name, value]) =>
        value === undefined
          ? []
          : [t.objectProperty(t.stringLiteral(name), t.stringLiteral(value))],
      ),
    ),
  );
}

/**
 * `style={{ "--box-bg": …, … }}`: a box's colours, border lines and corners as the custom
 * properties base.css draws `.section-boxed` and boxed items with (every value hex or px, from
 * BoxStyle, never the page's own strings).
 */
export function toBoxStyleAttr(box: BoxStyle): t.JSXAttribute {
  const line = box.border ? `${box.border.width}px solid ${box.border.color}` : undefined;
  const sides = box.border?.sides;
  const values: [string, string | undefined][] = [
    ['--box-bg', box.gradient ?? box.fill],
    ['--box-bt', sides === 'all' || sides === 'top' || sides === 'block' ? line : undefined],
    ['--box-bb', sides === 'all' || sides === 'bottom' || sides === 'block' ? line : undefined],
    ['--box-bx', sides === 'all' ? line : undefined],
    ['--box-radius', box.radius !== undefined ? `${box.radius}px` : undefined],
    ['--box-pad', box.pad !== undefined ? `${box.pad}px` : undefined],
    ['--box-text', box.text],
    // The words' colours on the box: the theme's own, readable on the page, may not be there.
    ['--color-ink', box.text],
    ...(['--color-heading', '--type-h1-color', '--type-h2-color', '--type-h3-color'] as const).map(
      (name): [string, string | undefined] => [name, box.heading ?? box.text],
    ),
    ['--color-link', box.link ?? box.text],
    ['--box-head-fill', box.head?.fill],
    ['--box-head-text', box.head?.text],
  ];
  return exprAttr(
    'style',
    t.objectExpression(
      values.flatMap(([name, value]) =>
        value === undefined
          ? []
          : [t.objectProperty(t.stringLiteral(name), t.stringLiteral(value))],
      ),
    ),
  );
}

/** The `<section>` elements of a page. */
function toSectionsJsx(page: PlannedPage, state: JsxState): t.JSXElement[] {
  return page.sections.map((section, index) => {
    const headingId = section.heading ? `${section.id}-title` : undefined;
    const title = section.heading
      ? [
          heading(
            section.heading.level,
            headingId,
            toInlineJsx(section.heading.inlines, state),
            // A heading the original centred stays centred (Section.tsx does the same); a title the
            // original did not show is there for screen readers and search engines only (issue 12).
            section.heading.visuallyHidden
              ? 'sr-only'
              : headingClass(section.heading.align, section.heading.drawnAs),
          ),
        ]
      : [];
    // Only a hidden title: no empty band of the page, just the h1 screen readers start from.
    if (section.heading?.visuallyHidden && section.blocks.length === 0) return title[0]!;
    const sectionAttrs = (className: t.JSXAttribute) => [
      attr('id', section.id),
      ...(headingId ? [attr('aria-labelledby', headingId)] : []),
      className,
    ];
    // A picture band (issue 23) takes no turn in the alternating tones.
    const bands = page.sections
      .slice(0, index)
      .filter((s) => s.backdrop?.shownHeight !== undefined).length;
    const tone = (index - bands) % 2 === 1 ? ' section-alt' : '';
    if (
      section.titleBand &&
      title.length > 0 &&
      !section.backdrop &&
      !section.heading?.visuallyHidden
    ) {
      // The page's title band (issue 23): its heading alone across the page on the original's
      // picture (darkened by its fill) or fill, as tall, the rest of the section under it.
      const band = section.titleBand;
      const picture = band.image
        ? [
            toImageJsx(
              { ...band.image, alt: '' },
              state.firstImage,
              state,
              'page-band-image',
              SIZES.full,
            ),
          ]
        : [];
      if (band.image) state.firstImage = false;
      const content = toFlowJsx(section.blocks, state);
      const wide = section.variant === 'doc' || section.variant === 'table' ? ' wide' : '';
      const classes = `page-band${band.image ? ' has-image' : ''}${band.align === 'center' ? ' page-band-center' : ''}`;
      return el('section', sectionAttrs(constAttr('className', 'section section-page-band')), [
        el(
          'div',
          [constAttr('className', classes), toTitleBandStyleAttr(band)],
          [...picture, el('div', [constAttr('className', 'wrap page-band-text')], title)],
        ),
        ...(content.length > 0
          ? [el('div', [attr('className', `wrap content${wide}`)], content)]
          : []),
      ]);
    }
    if (section.variant === 'hero' && section.backdrop?.shownHeight !== undefined) {
      // A picture band with no words over it (issue 23): the whole picture, as high as the
      // original's band at most, edge to edge on the page's ground.
      const picture = toImageJsx(
        section.backdrop.image,
        state.firstImage,
        state,
        'hero-picture-image',
        SIZES.full,
      );
      state.firstImage = false;
      const content = section.blocks.flatMap((b) => toBlockJsx(b, state));
      return el(
        'section',
        [
          ...sectionAttrs(constAttr('className', 'section hero-picture')),
          exprAttr(
            'style',
            t.objectExpression([
              t.objectProperty(
                t.identifier('maxHeight'),
                t.numericLiteral(section.backdrop.shownHeight),
              ),
            ]),
          ),
        ],
        [
          picture,
          ...(title.length + content.length > 0
            ? [el('div', [constAttr('className', 'wrap content')], [...title, ...content])]
            : []),
        ],
      );
    }
    if (section.variant === 'hero' && section.backdrop) {
      // The original's full-bleed picture behind the words, under a scrim dark enough for white text.
      const { image, overlay, plate } = section.backdrop;
      const picture = toImageJsx(image, state.firstImage, state, 'hero-backdrop-image', SIZES.full);
      state.firstImage = false;
      // The plate as dark as the picture needs under the words (decision record 108).
      const scrimStyle = [
        ...(overlay
          ? [t.objectProperty(t.identifier('backgroundColor'), t.stringLiteral(overlay))]
          : []),
        ...(plate !== undefined
          ? [t.objectProperty(t.stringLiteral('--hero-plate'), t.stringLiteral(String(plate)))]
          : []),
      ];
      const scrim = [
        constAttr('className', 'hero-scrim'),
        ...(scrimStyle.length > 0 ? [exprAttr('style', t.objectExpression(scrimStyle))] : []),
      ];
      const content = section.blocks.flatMap((b) => toBlockJsx(b, state));
      return el('section', sectionAttrs(constAttr('className', 'section hero hero-backdrop')), [
        picture,
        el('div', scrim, []),
        el('div', [constAttr('className', 'wrap hero-text content')], [...title, ...content]),
      ]);
    }
    if (section.variant === 'hero') {
      const imageIndex = section.blocks.findIndex(
        (b) => b.kind === 'image' && (b.image.width ?? 400) >= 240 && !isStripPicture(b.image),
      );
      const found = imageIndex >= 0 ? section.blocks[imageIndex] : undefined;
      // A picture the original centred on a line of its own (above or among the hero's words, an
      // old home page's photo under its menu) stays there where the layout is kept (issue 23).
      const image =
        state.keepsLayout && found?.kind === 'image' && found.align === 'center'
          ? undefined
          : found;
      if (image?.kind === 'image' && isWidePicture(image.image)) {
        // A wide picture beside the words would shrink to under half its width: it spans the
        // hero, under its headline when it opened the section (the hero's own picture, in the
        // first screen as the original showed it), else where the original showed it among the
        // words (a photo collage under an introduction).
        const blocks = section.blocks.filter((_, i) => i !== imageIndex);
        const headline =
          imageIndex > 0
            ? imageIndex
            : title.length > 0
              ? 0
              : blocks.findIndex((b) => b.kind === 'heading') + 1;
        const toJsx = (list: Block[]) => list.flatMap((b) => toBlockJsx(b, state));
        const before = toJsx(blocks.slice(0, headline));
        const picture = toImageJsx(
          image.image,
          state.firstImage,
          state,
          'hero-image hero-image-wide',
          SIZES.content,
          // Where the layout is kept, as wide as the original drew it (not across the column).
          state.keepsLayout ? image.image.drawnWidth : undefined,
        );
        state.firstImage = false;
        const after = toJsx(blocks.slice(headline));
        return el('section', sectionAttrs(constAttr('className', 'section hero')), [
          el(
            'div',
            [constAttr('className', 'wrap hero-grid')],
            [
              el(
                'div',
                [constAttr('className', 'hero-text content')],
                [...title, ...before, picture, ...after],
              ),
            ],
          ),
        ]);
      }
      const picture: JsxChild[] = [];
      if (image && image.kind === 'image') {
        picture.push(toImageJsx(image.image, state.firstImage, state, 'hero-image', SIZES.hero));
        state.firstImage = false;
      }
      const rest = section.blocks.filter((b) => b !== image).flatMap((b) => toBlockJsx(b, state));
      return el('section', sectionAttrs(constAttr('className', 'section hero')), [
        el(
          'div',
          [attr('className', `wrap hero-grid${image ? ' has-image' : ''}`)],
          [
            el('div', [constAttr('className', 'hero-text content')], [...title, ...rest]),
            ...picture,
          ],
        ),
      ]);
    }
    if (section.variant === 'gallery') {
      const others = section.blocks
        .filter((b) => b.kind !== 'image')
        .flatMap((b) => toBlockJsx(b, state));
      const items = section.blocks.flatMap((b) => {
        if (b.kind !== 'image') return [];
        const priority = state.firstImage;
        state.firstImage = false;
        return [el('li', [], [toImageJsx(b.image, priority, state, '', SIZES.gallery)])];
      });
      const grid = el('ul', [constAttr('className', 'gallery')], items);
      return el('section', sectionAttrs(attr('className', `section${tone}`)), [
        el('div', [constAttr('className', 'wrap content')], [...title, ...others, grid]),
      ]);
    }
    if (section.collapsed && title.length > 0) {
      // Closed as the original's panel was (an FAQ's answer): the question opens it, every word kept.
      const inner = { ...state, firstImage: false };
      const content = section.blocks.flatMap((b) => toBlockJsx(b, inner));
      return el('section', sectionAttrs(constAttr('className', 'section section-collapsed')), [
        el(
          'div',
          [constAttr('className', 'wrap content')],
          [
            el(
              'details',
              [constAttr('className', 'disclosure')],
              [el('summary', [], title), ...content],
            ),
          ],
        ),
      ]);
    }
    const wide = section.variant === 'doc' || section.variant === 'table' ? ' wide' : '';
    // A slider that spanned the window opening an untitled section stays edge to edge (issue 23):
    // it stands before the section's measure, the rest of the section in it.
    const lead = section.blocks[0];
    if (title.length === 0 && lead?.kind === 'carousel' && lead.band?.isFullBleed) {
      const band = toBlockJsx(lead, state);
      const rest = toFlowJsx(section.blocks.slice(1), state);
      return el('section', sectionAttrs(attr('className', `section section-bleed${tone}`)), [
        ...band,
        ...(rest.length > 0 ? [el('div', [attr('className', `wrap content${wide}`)], rest)] : []),
      ]);
    }
    const content = toFlowJsx(section.blocks, state);
    if (section.box) {
      // The box the original drew the section in (issue 23): a band across the page, or a card
      // (or lines) around the column, in the original's colours, border and corners.
      const box = section.box;
      const band = box.isFullWidth === true;
      const classes = `section section-boxed${band ? ' section-band' : ''}`;
      const card = `wrap content${wide}${band ? '' : ' box-card'}${box.head ? ' has-box-head' : ''}`;
      const style = toBoxStyleAttr(box);
      return el(
        'section',
        [...sectionAttrs(constAttr('className', classes)), ...(band ? [style] : [])],
        [
          el(
            'div',
            [constAttr('className', card), ...(band ? [] : [style])],
            [...title, ...content],
          ),
        ],
      );
    }
    return el('section', sectionAttrs(attr('className', `section${tone}`)), [
      el('div', [attr('className', `wrap content${wide}`)], [...title, ...content]),
    ]);
  });
}

/**
 * A section's blocks; a heading whose content the original showed closed (an FAQ's question) opens
 * a closed disclosure holding what follows it up to the next heading as high.
 */
function toFlowJsx(blocks: Block[], state: JsxState): JsxChild[] {
  const out: JsxChild[] = [];
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index]!;
    if (block.kind !== 'heading' || !block.collapsed) {
      out.push(...toBlockJsx(block, state));
      continue;
    }
    let end = index + 1;
    while (end < blocks.length) {
      const next = blocks[end]!;
      if (next.kind === 'heading' && next.level <= block.level) break;
      end++;
    }
    // Closed at first: its pictures never take the first image's priority.
    const inner = { ...state, firstImage: false };
    const content = blocks.slice(index + 1, end).flatMap((b) => toBlockJsx(b, inner));
    out.push(
      el(
        'details',
        [constAttr('className', 'disclosure')],
        [el('summary', [], toBlockJsx(block, state)), ...content],
      ),
    );
    index = end - 1;
  }
  return out;
}

/** JSX for a run of blocks. */
function toBlocksJsx(blocks: Block[], state: JsxState): JsxChild[] {
  return blocks.flatMap((block) => toBlockJsx(block, state));
}

/** The words an aside is named by: its first heading's, else its first line's (at most 60 characters). */
export function toAsideLabel(aside: Aside): string {
  const first =
    aside.blocks.find((block) => block.kind === 'heading') ??
    aside.blocks.find((block) => block.kind === 'paragraph' || block.kind === 'list');
  const runs =
    first?.kind === 'list'
      ? (first.items[0] ?? [])
      : first?.kind === 'heading' || first?.kind === 'paragraph'
        ? first.inlines
        : [];
  const label = runs
    .map((run) => run.text)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return label.length > 60 ? `${label.slice(0, 59).trimEnd()}…` : label;
}

/**
 * The page's sections beside its sidebar (components/Aside.tsx): the content first in the markup
 * (on a phone the sidebar follows it, a menu column opens from above it), the sidebar on its side on
 * a desktop, as wide as the original's; sections the original showed above the columns stay above.
 */
function withAside(
  sections: t.JSXElement[],
  aside: Aside | undefined,
  state: JsxState,
  ids: readonly string[] = [],
): t.JSXElement[] {
  if (!aside) return sections;
  // The sections above the sidebar's columns (a banner spanning the page) stay above them.
  const at = aside.besideFrom ? ids.indexOf(aside.besideFrom) : -1;
  const above = at > 0 ? sections.slice(0, at) : [];
  const beside = at > 0 ? sections.slice(at) : sections;
  const content = toBlocksJsx(aside.blocks, { ...state, firstImage: false });
  const label = toAsideLabel(aside);
  state.uses.add('Aside');
  return [
    ...above,
    el(
      'Aside',
      [
        attr('side', aside.side),
        exprAttr('width', t.valueToNode(Math.round(aside.width))),
        ...(aside.span ? [exprAttr('span', t.valueToNode(Math.round(aside.span)))] : []),
        ...(label ? [attr('label', label)] : []),
        ...(aside.isNavigation ? [t.jsxAttribute(t.jsxIdentifier('navigation'))] : []),
        ...(aside.fill && aside.text ? [attr('fill', aside.fill), attr('text', aside.text)] : []),
        exprAttr('content', fragment(content)),
      ],
      beside,
    ),
  ];
}

/** One named import per identifier used, in IMPORTS order. */
function importsFor(uses: Set<Imported>): t.ImportDeclaration[] {
  return (Object.keys(IMPORTS) as Imported[])
    .filter((name) => uses.has(name))
    .map((name) =>
      t.importDeclaration(
        [t.importSpecifier(t.identifier(name), t.identifier(name))],
        t.stringLiteral(IMPORTS[name]),
      ),
    );
}

/** The syntax tree of a whole page module. */
export function toPageAst(
  page: PlannedPage,
  srcset?: JsxState['srcset'],
  keepsLayout = false,
): t.Program {
  const state = newJsxState(srcset);
  if (keepsLayout) state.keepsLayout = true;
  state.uses.add('Seo');
  const seo = selfClosing('Seo', [
    attr('title', page.title),
    attr('description', page.description),
    attr('route', page.route),
    attr('language', page.language),
  ]);
  const sections = withAside(
    toSectionsJsx(page, state),
    page.aside,
    state,
    page.sections.map((section) => section.id),
  );
  const component = t.exportDefaultDeclaration(
    t.functionDeclaration(
      t.identifier(page.componentName),
      [],
      t.blockStatement([t.returnStatement(fragment([seo, ...sections]))]),
    ),
  );
  // The printer does not escape comments: a `*/` in the title or address would end this one.
  t.addComment(
    component,
    'leading',
    `* ${escapeJsComment(page.title)} (${escapeJsComment(page.url)}) `,
  );
  return t.program([...importsFor(state.uses), component]);
}

/**
 * Prints a syntax tree. `minimal` keeps non-ASCII text as it is (not \u escapes); the printer
 * still escapes what a string literal cannot hold (quotes, backslashes, line ends, U+2028/U+2029,
 * lone surrogates).
 */
export function printJsx(node: t.Node): string {
  return generate(node, { jsescOption: { minimal: true } }).code;
}

/** A whole page component in JSX. */
export function toPageJsx(
  page: PlannedPage,
  srcset?: JsxState['srcset'],
  keepsLayout = false,
): string {
  return `${printJsx(toPageAst(page, srcset, keepsLayout))}\n`;
}

/**
 * A dated, priced or compact list (issue 23): its class, and how each item splits into the cells
 * drawn side by side (the date or price one run of its own, see plan/list-kinds.ts).
 */
function toShapedList(
  block: Extract<Block, { kind: 'list' }>,
): { className: string; split: (item: InlineRun[]) => [string, InlineRun[]][] } | undefined {
  if (block.dated === 'start')
    return {
      className: 'list-dated',
      split: (item) => [
        ['list-date', item.slice(0, 1)],
        ['list-entry', item.slice(1)],
      ],
    };
  if (block.dated === 'end')
    return {
      className: 'list-dated date-end',
      split: (item) => [
        ['list-entry', item.slice(0, -1)],
        ['list-date', item.slice(-1)],
      ],
    };
  if (block.priced)
    return {
      className: 'list-priced',
      split: (item) => [
        ['price-name', item.slice(0, -1)],
        ['price', item.slice(-1)],
      ],
    };
  if (block.compact) return { className: 'list-compact', split: (item) => [['list-entry', item]] };
  return undefined;
}
