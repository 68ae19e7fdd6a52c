/**
 * Turns a page's body into content blocks, in document order, with one iterative walk. The walk
 * knows the quirks of old markup: layout tables (walked into) versus data tables (kept as tables),
 * <font>/<center> soup, navigation lists, forms laid out in tables, hidden templates and spacer GIFs.
 */
import type {
  Block,
  FormField,
  FormModel,
  ImageRef,
  InlineRun,
  NavLink,
  PageModel,
  Tab,
} from '../../model';
import type { Element, Node } from './dom';
import {
  childrenOf,
  collapse,
  findElement,
  findElements,
  getAttr,
  isElement,
  isHidden,
  resolveUrl,
  textContent,
  walk,
} from './dom';
import { listParamLinks } from '../fetch/param-links';
import type { TabGroup, TabGroups } from './tab-groups';
import { NO_TAB_GROUPS, findTabGroups, holdsOnlyTabs } from './tab-groups';

/** Asset sizes by URL, to size images and know whether they were downloaded. */
export type AssetIndex = Map<string, { width?: number; height?: number }>;

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
}

const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'title',
  'meta',
  'link',
  'base',
  'svg',
  'math',
  'canvas',
  'datalist',
  'option',
  'optgroup',
  'frameset',
  'frame',
  'noframes',
  'area',
  'map',
  'param',
  'source',
  'track',
  'dialog',
]);
const EMBEDS = new Set(['iframe', 'object', 'embed', 'applet', 'bgsound', 'video', 'audio']);
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'dir',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'legend',
  'li',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'marquee',
  'multicol',
]);
const CONTROLS = new Set(['input', 'select', 'textarea', 'button']);
const NAV_TOKEN =
  /(?:^|[\s_-])(?:nav|navbar|navigation|topnav|mainnav|main-nav|menubar|main-menu|menu-main|site-menu|primary-menu)(?:$|[\s_-])/i;
const HIDDEN_CLASS =
  /(?:^|\s)(?:sr-only|visually-hidden|screen-reader-text|skip-link|skip-to-content|skiplink)(?:\s|$)/;
const TRACKER_URL =
  /google-analytics|googletagmanager|gtag\/js|doubleclick|facebook\.net|connect\.facebook|hotjar|statcounter|quantserve|scorecardresearch|clarity\.ms|segment\.(?:com|io)|mixpanel|plausible|matomo|piwik|counter|hitcount|webstats|nedstat/i;

interface Container {
  tag: string;
  listId?: number;
}

interface FormState {
  element: Element;
  model: FormModel;
  labelsByControl: Map<Element, string>;
  /** Labels of the form that name a control, so their own text is not repeated as intro. */
  labelElements: Set<Element>;
  pending: string[];
  hasSubmitLabel: boolean;
}

/**
 * Walks a page body (or any subtree) into blocks. Tab groups (found on the whole subtree unless
 * given) become `tabs` blocks, each panel walked on its own.
 */
export function walkContent(
  root: Node,
  pageUrl: string,
  assets: AssetIndex,
  tabGroups: TabGroups = findTabGroups(root),
): WalkResult {
  const blocks: Block[] = [];
  const textBlocks: string[] = [];
  const navLinks: NavLink[] = [];
  const dropped: PageModel['dropped'] = [];

  let buffer: InlineRun[] = [];
  const containers: Container[] = [];
  const hrefs: (string | undefined)[] = [];
  let strong = 0;
  let em = 0;
  let code = 0;
  let nav = 0;
  let labelDepth = 0;
  let buttonText: string[] | undefined;
  let form: FormState | undefined;
  let nextListId = 1;
  const lists: { id: number; ordered: boolean; counter: number; breadcrumb: boolean }[] = [];
  let openList: { id: number; block: Extract<Block, { kind: 'list' }> } | undefined;
  /** Elements whose exit must undo something done at their enter. */
  const exits = new Map<Node, () => void>();
  const anchors = new Map<string, number>();
  const tabAnchors = new Map<string, string>();
  /** Tab groups met so far: true when they became a tabs block, false when walked as plain content. */
  const tabGroupsMet = new Map<TabGroup, boolean>();
  /** Lists whose items carry headings: they are item containers, not bullet lists. */
  const titledLists = new Set<Node>();
  const items: { held: Block[]; headed: boolean }[] = [];

  function pushText(text: string): void {
    if (labelDepth > 0) return;
    if (buttonText) {
      buttonText.push(text);
      return;
    }
    const href = hrefs.length > 0 ? hrefs[hrefs.length - 1] : undefined;
    const run: InlineRun = { text };
    if (href) run.href = href;
    if (strong > 0) run.strong = true;
    if (em > 0) run.em = true;
    if (code > 0) run.code = true;
    buffer.push(run);
  }

  function emit(block: Block): void {
    if (block.kind !== 'list') openList = undefined;
    // In a list of titled items (a blog's post list), what comes before an item's title (its date,
    // its thumbnail) follows the title, so that each item stays one unit under its heading.
    const item = items[items.length - 1];
    if (item && !item.headed) {
      if (block.kind !== 'heading') {
        item.held.push(block);
        return;
      }
      item.headed = true;
      blocks.push(block, ...item.held);
      item.held = [];
      return;
    }
    blocks.push(block);
  }

  function releaseItem(): void {
    const item = items.pop();
    if (item) blocks.push(...item.held);
  }

  function flush(): void {
    const runs = normalizeRuns(buffer);
    buffer = [];
    if (runs.length === 0) return;
    const text = plainText(runs);
    if (!text) return;
    if (nav > 0) {
      // Navigation is rebuilt as the site header; its labels still count as visible text.
      for (const run of runs) {
        const label = collapse(run.text);
        if (run.href && label) {
          navLinks.push({ label, href: run.href });
          textBlocks.push(label);
        }
      }
      return;
    }
    if (form) {
      form.pending.push(text);
      return;
    }
    textBlocks.push(text);
    let role: Container | undefined;
    for (let i = containers.length - 1; i >= 0; i--) {
      const tag = containers[i]!.tag;
      if (
        /^h[1-6]$/.test(tag) ||
        [
          'li',
          'blockquote',
          'dt',
          'dd',
          'figcaption',
          'caption',
          'address',
          'legend',
          'summary',
        ].includes(tag)
      ) {
        role = containers[i];
        break;
      }
    }
    const tag = role?.tag;
    if (tag && /^h[1-6]$/.test(tag)) {
      emit({ kind: 'heading', level: Number(tag.slice(1)), inlines: runs });
    } else if (tag === 'li' && role?.listId !== undefined) {
      const list = lists.find((l) => l.id === role.listId);
      if (openList && openList.id === role.listId && blocks[blocks.length - 1] === openList.block) {
        openList.block.items.push(runs);
      } else {
        const block: Extract<Block, { kind: 'list' }> = {
          kind: 'list',
          ordered: list?.ordered ?? false,
          items: [runs],
        };
        if (list?.ordered && list.counter !== 1) block.start = list.counter;
        if (list?.breadcrumb) block.breadcrumb = true;
        emit(block);
        openList = { id: role.listId, block };
      }
      if (list) list.counter++;
    } else {
      const block: Block = { kind: 'paragraph', inlines: runs };
      if (tag === 'blockquote') block.role = 'quote';
      else if (tag === 'dt' || tag === 'summary' || tag === 'legend') block.role = 'term';
      else if (tag === 'dd') block.role = 'definition';
      else if (tag === 'figcaption' || tag === 'caption') block.role = 'caption';
      else if (tag === 'address') block.role = 'address';
      emit(block);
    }
  }

  function imageOf(element: Element): ImageRef | undefined {
    const raw = getAttr(element, 'src') ?? getAttr(element, 'data-src');
    if (!raw) return undefined;
    if (raw.startsWith('data:') && raw.length > 200_000) {
      dropped.push({
        kind: 'image',
        what: `inline image (${Math.round(raw.length / 1024)} KB of data: URI)`,
        reason: 'Inline images over 200 KB are not carried; upload the picture as a file instead',
      });
      return undefined;
    }
    const src = resolveUrl(raw, pageUrl);
    if (!src) return undefined;
    const attrWidth = Number.parseInt(getAttr(element, 'width') ?? '', 10);
    const attrHeight = Number.parseInt(getAttr(element, 'height') ?? '', 10);
    const asset = assets.get(src);
    const width = asset?.width ?? (Number.isFinite(attrWidth) ? attrWidth : undefined);
    const height = asset?.height ?? (Number.isFinite(attrHeight) ? attrHeight : undefined);
    const alt = collapse(getAttr(element, 'alt') ?? '');
    // Spacer GIFs and tracking pixels carry no content.
    if ((width !== undefined && width <= 2) || (height !== undefined && height <= 2))
      return undefined;
    if (!alt && /(?:spacer|pixel|blank|clear|dot|trans(?:parent)?)\.gif$/i.test(src))
      return undefined;
    if (TRACKER_URL.test(src) && !sameOrigin(src, pageUrl)) {
      dropped.push({ kind: 'tracker', what: src, reason: 'Tracking or hit-counter image' });
      return undefined;
    }
    const image: ImageRef = { src, alt };
    if (width !== undefined) image.width = width;
    if (height !== undefined) image.height = height;
    if (asset) image.asset = src;
    const href = hrefs.length > 0 ? hrefs[hrefs.length - 1] : undefined;
    if (href) image.href = href;
    return image;
  }

  function startForm(element: Element): void {
    const action = resolveUrl(getAttr(element, 'action') ?? '', pageUrl) ?? pageUrl;
    const method = (getAttr(element, 'method') ?? 'get').toLowerCase() === 'post' ? 'post' : 'get';
    const labelsByControl = new Map<Element, string>();
    const labelElements = new Set<Element>();
    const byId = new Map<string, Element>();
    for (const control of findElements(element, (e) => CONTROLS.has(e.tagName))) {
      const id = getAttr(control, 'id');
      if (id) byId.set(id, control);
    }
    for (const label of findElements(element, (e) => e.tagName === 'label')) {
      const text = collapse(labelText(label));
      if (!text) continue;
      const forId = getAttr(label, 'for');
      const target = forId
        ? byId.get(forId)
        : findElements(label, (e) => CONTROLS.has(e.tagName))[0];
      if (target) {
        labelsByControl.set(target, text);
        labelElements.add(label);
      }
    }
    form = {
      element,
      model: { action, method, intro: [], fields: [], submitLabel: '' },
      labelsByControl,
      labelElements,
      pending: [],
      hasSubmitLabel: false,
    };
  }

  function endForm(): void {
    if (!form) return;
    const state = form;
    form = undefined;
    const { model } = state;
    model.intro = state.pending;
    const isSearch =
      model.fields.length === 1 &&
      /^(?:q|s|query|search|keywords?|zoek\w*)$/i.test(model.fields[0]!.name);
    if (model.fields.length === 0 || isSearch) {
      dropped.push({
        kind: 'form',
        what: `${model.method.toUpperCase()} ${model.action}`,
        reason: isSearch ? 'A site search needs the original back end' : 'A form without fields',
      });
      for (const text of model.intro) {
        textBlocks.push(text);
        emit({ kind: 'paragraph', inlines: [{ text }] });
      }
      return;
    }
    if (!model.submitLabel) model.submitLabel = 'Send';
    textBlocks.push(...model.intro);
    for (const field of model.fields) if (field.label) textBlocks.push(field.label);
    if (state.hasSubmitLabel) textBlocks.push(model.submitLabel);
    emit({ kind: 'form', form: model });
  }

  function addControl(element: Element): void {
    const tag = element.tagName;
    const type = tag === 'input' ? (getAttr(element, 'type') ?? 'text').toLowerCase() : tag;
    if (!form) {
      if (tag !== 'button')
        dropped.push({
          kind: 'form',
          what: `${type} field outside a form`,
          reason: 'A field without a form does nothing',
        });
      return;
    }
    if (type === 'submit' || type === 'image' || type === 'button' || type === 'reset') {
      const label = collapse(getAttr(element, 'value') ?? getAttr(element, 'alt') ?? '');
      if (type !== 'reset' && label && !form.model.submitLabel) {
        form.model.submitLabel = label;
        form.hasSubmitLabel = true;
      }
      return;
    }
    if (type === 'hidden') return;
    const name =
      getAttr(element, 'name') ?? getAttr(element, 'id') ?? `field${form.model.fields.length + 1}`;
    let label =
      form.labelsByControl.get(element) ??
      collapse(getAttr(element, 'aria-label') ?? getAttr(element, 'title') ?? '');
    if (!label) {
      flush();
      const last = form.pending[form.pending.length - 1];
      // Table-laid-out forms put the label in the cell before the field: "Name:" | <input>.
      if (last && last.length <= 80) {
        label = last;
        form.pending.pop();
      }
    }
    if (!label) label = collapse(getAttr(element, 'placeholder') ?? '') || humanise(name);
    const field: FormField = {
      type,
      name,
      label,
      required: getAttr(element, 'required') !== undefined,
    };
    const placeholder = getAttr(element, 'placeholder');
    if (placeholder) field.placeholder = collapse(placeholder);
    const value = getAttr(element, 'value');
    if (value && type !== 'text' && type !== 'email' && type !== 'password') field.value = value;
    if (tag === 'select') {
      field.options = findElements(element, (e) => e.tagName === 'option').map((option) => {
        const text = collapse(textContent(option));
        return { value: getAttr(option, 'value') ?? text, label: text };
      });
    }
    if (tag === 'textarea') {
      const text = collapse(textContent(element));
      if (text) field.value = text;
    }
    form.model.fields.push(field);
  }

  /** The labelled links of an applet's or object's params (a Java tree menu), when it has two or more. */
  function paramMenuOf(element: Element): InlineRun[] {
    const runs = listParamLinks(element).flatMap(({ href, label }) => {
      const url = label ? resolveUrl(href, pageUrl) : undefined;
      return url && label ? [{ text: label, href: url }] : [];
    });
    return runs.length >= 2 ? runs : [];
  }

  /** A tab group becomes one block: the labels of its tabs and each panel's own blocks. */
  function emitTabs(group: TabGroup): void {
    const tabs: Tab[] = [];
    const panelTexts: string[] = [];
    for (const { id, label, panel } of group.tabs) {
      const inner = walkContent(panel, pageUrl, assets, tabGroups);
      tabs.push({ id, label, blocks: inner.blocks.filter((block) => block.kind !== 'break') });
      panelTexts.push(...inner.textBlocks);
      navLinks.push(...inner.navLinks);
      dropped.push(...inner.dropped);
      for (const [anchor, tab] of inner.tabAnchors)
        if (!tabAnchors.has(anchor)) tabAnchors.set(anchor, tab);
      for (const anchor of inner.anchors.keys())
        if (!tabAnchors.has(anchor)) tabAnchors.set(anchor, id);
    }
    // The tab labels are visible text of the original, above the panel that shows.
    textBlocks.push(...group.tabs.map((tab) => tab.label), ...panelTexts);
    const block: Block = { kind: 'tabs', tabs };
    if (group.label) block.label = group.label;
    emit(block);
  }

  walk(
    root,
    (node) => {
      if (node.nodeName === '#text') {
        pushText((node as { value: string }).value);
        return false;
      }
      if (!isElement(node))
        return node.nodeName === '#document' || node.nodeName === '#document-fragment';
      const tag = node.tagName;
      if (SKIPPED.has(tag)) {
        if (tag === 'script') {
          const src = getAttr(node, 'src');
          const body = textContent(node);
          const type = (getAttr(node, 'type') ?? '').toLowerCase();
          if (type && !/javascript|module|ecmascript/.test(type)) return false;
          const what = src
            ? (resolveUrl(src, pageUrl) ?? src)
            : `inline script: ${collapse(body).slice(0, 80)}`;
          const tracker =
            TRACKER_URL.test(src ?? '') || /gtag\(|_gaq|ga\('create'|fbq\(|_paq|hj\(/.test(body);
          dropped.push({
            kind: tracker ? 'tracker' : 'script',
            what,
            reason: tracker
              ? 'Tracking is off until you configure analytics'
              : 'Behaviour is rebuilt in React; scripts are not carried',
          });
        }
        return false;
      }
      if (EMBEDS.has(tag)) {
        const src = getAttr(node, 'src') ?? getAttr(node, 'data') ?? getAttr(node, 'code') ?? '';
        const menu = tag === 'applet' || tag === 'object' ? paramMenuOf(node) : [];
        if (menu.length > 0) {
          flush();
          emit({ kind: 'list', ordered: false, items: menu.map((run) => [run]) });
        }
        dropped.push({
          kind: 'embed',
          what: `<${tag}> ${resolveUrl(src, pageUrl) ?? src}`.trim(),
          reason:
            menu.length > 0
              ? "Applets do not run in today's browsers; the links of its menu are kept as a list"
              : 'Embedded players, applets and frames are not carried',
        });
        return false;
      }
      if (isHidden(node) || HIDDEN_CLASS.test(getAttr(node, 'class') ?? '')) return false;

      if (tag === 'br') {
        if (labelDepth === 0 && !buttonText) buffer.push({ text: '', br: true });
        return false;
      }
      if (
        tag === 'img' ||
        (tag === 'input' && (getAttr(node, 'type') ?? '').toLowerCase() === 'image' && !form)
      ) {
        const image = imageOf(node);
        if (!image) return false;
        if (nav > 0 || form || labelDepth > 0) return false;
        flush();
        emit({ kind: 'image', image });
        return false;
      }
      if (tag === 'hr') {
        flush();
        if (!form && nav === 0) emit({ kind: 'rule' });
        return false;
      }
      if (tag === 'pre' || tag === 'xmp' || tag === 'listing' || tag === 'plaintext') {
        flush();
        const text = textContent(node).replace(/^\n/, '').replace(/\s+$/, '');
        if (collapse(text)) {
          textBlocks.push(collapse(text));
          emit({ kind: 'pre', text });
        }
        return false;
      }
      if (tag === 'table' && !form && nav === 0 && isDataTable(node)) {
        flush();
        const table = toTable(node, pageUrl);
        if (table.rows.length > 0 || table.head.length > 0) {
          if (table.caption) textBlocks.push(table.caption);
          for (const row of [...table.head, ...table.rows])
            for (const cell of row) {
              const text = plainText(cell);
              if (text) textBlocks.push(text);
            }
          emit(table);
        }
        return false;
      }
      if (CONTROLS.has(tag)) {
        if (tag === 'button' && form) {
          const type = (getAttr(node, 'type') ?? 'submit').toLowerCase();
          const text = collapse(textContent(node));
          if (type !== 'reset' && type !== 'button' && text && !form.model.submitLabel) {
            form.model.submitLabel = text;
            form.hasSubmitLabel = true;
          }
          return false;
        }
        if (tag === 'button') {
          // A button outside a form has no behaviour left; its text is still content.
          return true;
        }
        addControl(node);
        return false;
      }
      if (tag === 'label' && form?.labelElements.has(node)) {
        flush();
        labelDepth++;
        exits.set(node, () => labelDepth--);
        return true;
      }

      const anchorId = getAttr(node, 'id') ?? (tag === 'a' ? getAttr(node, 'name') : undefined);
      if (anchorId && !anchors.has(anchorId)) anchors.set(anchorId, blocks.length);

      // (A panel walked on its own is the root of that walk.)
      const group = node === root ? undefined : tabGroups.byElement.get(node);
      if (group) {
        // Inside a menu or a form a tab group stays plain content: its links are the menu's, its
        // fields the form's.
        if (!tabGroupsMet.has(group)) {
          const asTabs = nav === 0 && !form && labelDepth === 0 && !buttonText;
          tabGroupsMet.set(group, asTabs);
          if (asTabs) {
            flush();
            emitTabs(group);
          }
        }
        if (tabGroupsMet.get(group)) return false;
      }

      if (BLOCKS.has(tag)) {
        flush();
        // Template sites style a div as the page's headline (<div class="intro-heading">): it is one.
        const container: Container = {
          tag: (tag === 'div' || tag === 'p') && isStyledHeading(node) ? 'h2' : tag,
        };
        const isTitledList =
          (tag === 'ul' || tag === 'ol') &&
          childrenOf(node).some(
            (li) =>
              isElement(li) &&
              li.tagName === 'li' &&
              findElement(li, (e) => /^h[1-6]$/.test(e.tagName)) !== undefined,
          );
        const isTitledItem =
          tag === 'li' && node.parentNode !== null && titledLists.has(node.parentNode as Node);
        if (isTitledList) {
          titledLists.add(node);
          container.tag = 'div';
        } else if (isTitledItem) {
          container.tag = 'div';
          items.push({ held: [], headed: false });
        } else if (tag === 'ul' || tag === 'ol' || tag === 'menu' || tag === 'dir') {
          const start = Number.parseInt(getAttr(node, 'start') ?? '1', 10);
          lists.push({
            id: nextListId,
            ordered: tag === 'ol',
            counter: Number.isFinite(start) ? start : 1,
            breadcrumb: /breadcrumb/i.test(getAttr(node, 'class') ?? ''),
          });
          container.listId = nextListId++;
        }
        if (tag === 'li' && !isTitledItem) {
          for (let i = containers.length - 1; i >= 0; i--) {
            const listId = containers[i]!.listId;
            if (listId !== undefined) {
              container.listId = listId;
              break;
            }
          }
        }
        containers.push(container);
        // The page footer is its own part: it must not run on under the last heading.
        if (
          nav === 0 &&
          !form &&
          (tag === 'footer' ||
            /(?:^|[\s_-])footer(?:$|[\s_-])/i.test(
              `${getAttr(node, 'id') ?? ''} ${getAttr(node, 'class') ?? ''}`,
            )) &&
          !containers.some((c) => c.tag === 'footer')
        ) {
          blocks.push({ kind: 'break' });
          openList = undefined;
        }
        const isNav = nav === 0 && !form && isNavigation(node) && !holdsOnlyTabs(node, tabGroups);
        if (isNav) nav++;
        if (tag === 'form' && !form && nav === 0) startForm(node);
        exits.set(node, () => {
          flush();
          if (isTitledItem) releaseItem();
          containers.pop();
          if (isNav) nav--;
          if (form && form.element === node) endForm();
        });
        return true;
      }

      if (tag === 'a') {
        const raw = getAttr(node, 'href');
        let href: string | undefined;
        if (raw && !/^\s*(?:javascript:|#\s*$)/i.test(raw)) href = resolveUrl(raw, pageUrl);
        hrefs.push(href);
        exits.set(node, () => hrefs.pop());
        return true;
      }
      if (tag === 'b' || tag === 'strong') {
        strong++;
        exits.set(node, () => strong--);
      } else if (tag === 'i' || tag === 'em' || tag === 'cite' || tag === 'dfn') {
        em++;
        exits.set(node, () => em--);
      } else if (
        tag === 'code' ||
        tag === 'tt' ||
        tag === 'kbd' ||
        tag === 'samp' ||
        tag === 'var'
      ) {
        code++;
        exits.set(node, () => code--);
      }
      return true;
    },
    (node) => {
      const undo = exits.get(node);
      if (undo) {
        exits.delete(node);
        undo();
      }
    },
  );
  flush();
  if (form) endForm();
  return { blocks, textBlocks, navLinks, dropped, anchors, tabAnchors };
}

/** Merges runs with the same marks and collapses whitespace across run boundaries. */
export function normalizeRuns(runs: InlineRun[]): InlineRun[] {
  const out: InlineRun[] = [];
  let atLineStart = true;
  for (const run of runs) {
    if (run.br) {
      const last = out[out.length - 1];
      if (last && !last.br) last.text = last.text.replace(/ $/, '');
      if (out.length > 0) out.push({ text: '', br: true });
      atLineStart = true;
      continue;
    }
    // Icon-font glyphs live in the Private Use Area: without the font they are empty boxes.
    let text = run.text.replace(/[\uE000-\uF8FF]/g, '').replace(/\s+/g, ' ');
    if (atLineStart) text = text.replace(/^ /, '');
    if (!text) continue;
    const previous = out[out.length - 1];
    // Menus of block-styled links (<a>One</a><a>Two</a>) have no space between them: keep them apart.
    if (
      previous &&
      !previous.br &&
      previous.href &&
      run.href &&
      previous.href !== run.href &&
      !atLineStart
    ) {
      out.push({ text: '', br: true });
    }
    atLineStart = text.endsWith(' ');
    const last = out[out.length - 1];
    if (
      last &&
      !last.br &&
      last.href === run.href &&
      !!last.strong === !!run.strong &&
      !!last.em === !!run.em &&
      !!last.code === !!run.code
    ) {
      last.text += text;
    } else {
      const copy: InlineRun = { ...run, text };
      out.push(copy);
    }
  }
  while (out.length > 0) {
    const last = out[out.length - 1]!;
    if (last.br) {
      out.pop();
      continue;
    }
    last.text = last.text.replace(/ $/, '');
    if (!last.text) {
      out.pop();
      continue;
    }
    break;
  }
  // A run of only whitespace between two marked runs survives as its own run; keep it (it separates words).
  return out;
}

/** The visible text of runs, as one whitespace-collapsed string (a line break reads as a space). */
export function plainText(runs: InlineRun[]): string {
  return collapse(runs.map((run) => (run.br ? ' ' : run.text)).join(''));
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

function humanise(name: string): string {
  const words = name
    .replace(/[_\-[\]]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Field';
}

function labelText(label: Element): string {
  let text = '';
  walk(label, (node) => {
    if (node.nodeName === '#text') text += (node as { value: string }).value;
    if (isElement(node) && (CONTROLS.has(node.tagName) || node.tagName === 'script')) return false;
    return true;
  });
  return text;
}

const HEADING_CLASS = /(?:^|[\s_-])(?:heading|headline|title)(?:$|[\s_-])/i;
const BLOCK_CHILDREN = new Set([
  'div',
  'p',
  'ul',
  'ol',
  'table',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'form',
  'section',
  'img',
]);

/** A short, block-free div/p whose class calls it a heading or title. */
function isStyledHeading(element: Element): boolean {
  if (!HEADING_CLASS.test(getAttr(element, 'class') ?? '')) return false;
  if (/sub-?(?:heading|title)/i.test(getAttr(element, 'class') ?? '')) return false;
  if (findElements(element, (e) => e !== element && BLOCK_CHILDREN.has(e.tagName)).length > 0)
    return false;
  const text = collapse(textContent(element));
  return text.length > 0 && text.length <= 100;
}

/** Link-dominated lists and containers named like a menu are the site's navigation. */
function isNavigation(element: Element): boolean {
  const tag = element.tagName;
  const role = getAttr(element, 'role');
  const named = `${getAttr(element, 'class') ?? ''} ${getAttr(element, 'id') ?? ''}`;
  if (!(
    tag === 'nav' ||
    role === 'navigation' ||
    role === 'menubar' ||
    ((tag === 'ul' || tag === 'div') && NAV_TOKEN.test(named))
  ))
    return false;
  let all = 0;
  let linked = 0;
  let links = 0;
  walk(element, (node) => {
    if (node.nodeName === '#text') {
      const length = collapse((node as { value: string }).value).length;
      all += length;
      let parent = node.parentNode as Node | null;
      while (parent && parent !== element) {
        if (isElement(parent) && parent.tagName === 'a') {
          linked += length;
          break;
        }
        parent = (parent as { parentNode: Node | null }).parentNode;
      }
      return false;
    }
    if (isElement(node)) {
      if (node.tagName === 'a' && getAttr(node, 'href')) links++;
      if (
        SKIPPED.has(node.tagName) ||
        isHidden(node) ||
        HIDDEN_CLASS.test(getAttr(node, 'class') ?? '')
      )
        return false;
    }
    return true;
  });
  return links >= 2 && linked >= all * 0.8;
}

/**
 * Old sites lay pages out with tables. A table is data when it has header cells or a caption, or a
 * regular grid of short cells with a border; and never when it nests tables or holds block content.
 */
export function isDataTable(table: Element): boolean {
  if (getAttr(table, 'role') === 'presentation' || getAttr(table, 'role') === 'none') return false;
  const rows = tableRows(table);
  let nested = false;
  let blocky = false;
  walk(table, (node) => {
    if (node === table) return true;
    if (!isElement(node)) return false;
    if (node.tagName === 'table') nested = true;
    if (
      [
        'p',
        'div',
        'ul',
        'ol',
        'h1',
        'h2',
        'h3',
        'h4',
        'h5',
        'h6',
        'form',
        'img',
        'blockquote',
        'pre',
        'hr',
        'iframe',
        'center',
      ].includes(node.tagName)
    )
      blocky = true;
    return !nested;
  });
  if (nested || blocky) return false;
  const counts = rows.map(
    (row) => row.filter((cell) => cell.tagName === 'td' || cell.tagName === 'th').length,
  );
  const columns = Math.max(0, ...counts);
  if (rows.length < 2 || columns < 2) return false;
  const hasHeader =
    rows.some((row) => row.some((cell) => cell.tagName === 'th')) ||
    findElements(table, (e) => e.tagName === 'caption' || e.tagName === 'thead').length > 0;
  if (hasHeader) return true;
  const border = Number.parseInt(getAttr(table, 'border') ?? '0', 10);
  const cells = rows.flat();
  const long = cells.filter((cell) => collapse(textContent(cell)).length > 120).length;
  return border > 0 && long === 0;
}

function tableRows(table: Element): Element[][] {
  const rows: Element[][] = [];
  const stack: Node[] = [...childrenOf(table)].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    if (node.tagName === 'tr')
      rows.push(
        childrenOf(node).filter(
          (c): c is Element => isElement(c) && (c.tagName === 'td' || c.tagName === 'th'),
        ),
      );
    else if (['thead', 'tbody', 'tfoot'].includes(node.tagName))
      stack.push(...[...childrenOf(node)].reverse());
  }
  return rows;
}

function toTable(table: Element, pageUrl: string): Extract<Block, { kind: 'table' }> {
  const head: InlineRun[][][] = [];
  const rows: InlineRun[][][] = [];
  const rowElements = tableRows(table);
  rowElements.forEach((row, index) => {
    const cells = row.map((cell) => {
      const result = walkContent(cell, pageUrl, new Map(), NO_TAB_GROUPS);
      const runs: InlineRun[] = [];
      for (const block of result.blocks) {
        const inlines =
          block.kind === 'paragraph' || block.kind === 'heading'
            ? block.inlines
            : block.kind === 'list'
              ? block.items.flat()
              : [];
        if (runs.length > 0 && inlines.length > 0) runs.push({ text: '', br: true });
        runs.push(...inlines);
      }
      return runs;
    });
    const isHeadRow = row.length > 0 && row.every((cell) => cell.tagName === 'th') && index === 0;
    if (isHeadRow) head.push(cells);
    else rows.push(cells);
  });
  const captionElement = findElements(table, (e) => e.tagName === 'caption')[0];
  const caption = captionElement ? collapse(textContent(captionElement)) : '';
  const block: Extract<Block, { kind: 'table' }> = { kind: 'table', head, rows };
  if (caption) block.caption = caption;
  return block;
}

/** Every block of a list in document order, with the blocks of tab panels after their tabs block. */
export function toFlatBlocks(blocks: Block[]): Block[] {
  return blocks.flatMap((block) =>
    block.kind === 'tabs'
      ? [block, ...block.tabs.flatMap((tab) => toFlatBlocks(tab.blocks))]
      : [block],
  );
}
