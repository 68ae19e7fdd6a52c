import type { Page } from 'playwright-core';
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
  };
}

/** What {@link collectLayout} measures besides the sections. */
export interface LayoutOptions {
  blocks: boolean;
  identity: boolean;
}

/** Most text blocks a snapshot keeps (the assignment is cubic in it). */
export const MAX_BLOCKS = 300;

/**
 * The in-page collector, plain JavaScript in a string: no build tool (tsx, Vite, esbuild) rewrites it,
 * so it never calls a helper the page does not have (esbuild's `__name`). Evaluated as
 * `(collector)(options)`; returns a LayoutSnapshot.
 *
 * Text blocks: every non-empty text node, grouped by its nearest ancestor that is not `display:
 * inline` (inline-block buttons are blocks of their own), skipped when invisible (checkVisibility with
 * opacity and visibility), screen-reader-only (`.sr-only`, `.visually-hidden`, or clipped to a pixel)
 * or outside the page. Its box is the union of the text's line boxes (Range rects).
 *
 * Sections: from <body>, single visible wrappers are unwrapped (#root, .wrapper); their visible
 * children at least 24 px tall and 30 % of the viewport wide are the sections (absolutely positioned
 * ones left out, fixed ones kept); a `<main>` or `<div>` taller than half a screen that wraps
 * sections (visible children stacked one above the other, two or more of them at least 12 % of a
 * screen tall, as `<main>` holding the hero and the content) is split into them (at most three
 * levels).
 */
export const LAYOUT_COLLECTOR_SCRIPT = `(options) => {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const root = document.scrollingElement || document.documentElement;
  const body = document.body || document.documentElement;
  const pageWidth = Math.max(root.scrollWidth, vw);
  const pageHeight = Math.max(root.scrollHeight, body.scrollHeight || 0, vh);
  const sx = window.scrollX;
  const sy = window.scrollY;
  const styles = new Map();
  const style = (el) => {
    let s = styles.get(el);
    if (!s) { s = getComputedStyle(el); styles.set(el, s); }
    return s;
  };
  const toBox = (r) => ({ x: Math.round(r.left + sx), y: Math.round(r.top + sy), width: Math.round(r.width), height: Math.round(r.height) });
  const isTransparent = (c) => !c || c === 'transparent' || /^rgba\\([^)]*,\\s*0\\)$/.test(c) || /\\/\\s*0\\)$/.test(c);
  const backgroundOf = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = style(e).backgroundColor;
      if (!isTransparent(c)) return c;
    }
    return 'rgb(255, 255, 255)';
  };
  const visibleCache = new Map();
  const isVisible = (el) => {
    let v = visibleCache.get(el);
    if (v !== undefined) return v;
    v = true;
    if (typeof el.checkVisibility === 'function' && !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) v = false;
    if (v && el.closest('.sr-only, .visually-hidden, .screen-reader-text, [aria-hidden="true"]')) v = false;
    if (v) {
      for (let e = el, depth = 0; e && depth < 4; e = e.parentElement, depth++) {
        const s = style(e);
        if (s.position === 'absolute' || s.position === 'fixed') {
          const r = e.getBoundingClientRect();
          if ((r.width <= 1 || r.height <= 1) && s.overflow !== 'visible') { v = false; break; }
          if (s.clip && s.clip !== 'auto' && /rect\\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\\)/.test(s.clip)) { v = false; break; }
        }
      }
    }
    visibleCache.set(el, v);
    return v;
  };
  const INLINE = new Set(['inline', 'contents', 'ruby', 'ruby-text', 'ruby-base']);
  const blockOf = (el) => {
    for (let e = el; e && e !== body; e = e.parentElement) {
      if (!INLINE.has(style(e).display)) return e;
    }
    return body;
  };
  const selectorOf = (el) => {
    const parts = [];
    for (let e = el; e && e.nodeType === 1 && parts.length < 4; e = e.parentElement) {
      let part = e.tagName.toLowerCase();
      if (e.id && /^[A-Za-z][\\w-]*$/.test(e.id)) { parts.unshift(part + '#' + e.id); break; }
      const classes = Array.from(e.classList).filter((c) => /^[A-Za-z_][\\w-]*$/.test(c)).slice(0, 2);
      if (classes.length > 0) part += '.' + classes.join('.');
      const parent = e.parentElement;
      if (parent) {
        const same = Array.from(parent.children).filter((c) => c.tagName === e.tagName);
        const alike = same.filter((c) => classes.every((name) => c.classList.contains(name)));
        if (alike.length > 1) part += ':nth-of-type(' + (same.indexOf(e) + 1) + ')';
      }
      parts.unshift(part);
      if (e === body) break;
    }
    return parts.join(' > ');
  };
  const collapse = (t) => t.replace(/\\s+/g, ' ').trim();

  const blocks = [];
  if (options.blocks) {
    const groups = new Map();
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.data;
      if (!/\\S/.test(text)) continue;
      const parent = node.parentElement;
      if (!parent || /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|TITLE|OPTION)$/.test(parent.tagName)) continue;
      if (!isVisible(parent)) continue;
      range.selectNodeContents(node);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width >= 1 && r.height >= 1);
      if (rects.length === 0) continue;
      let left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity, area = 0;
      for (const r of rects) {
        area += r.width * r.height;
        left = Math.min(left, r.left + sx); top = Math.min(top, r.top + sy);
        right = Math.max(right, r.right + sx); bottom = Math.max(bottom, r.bottom + sy);
      }
      if (right <= 0 || bottom <= 0 || left >= pageWidth || top >= pageHeight) continue;
      const block = blockOf(parent);
      let group = groups.get(block);
      if (!group && groups.size >= options.maxBlocks) break;
      if (!group) {
        group = { parts: [], left, top, right, bottom, area: 0, weights: new Map() };
        groups.set(block, group);
      }
      group.parts.push(text);
      group.area += area;
      group.left = Math.min(group.left, left); group.top = Math.min(group.top, top);
      group.right = Math.max(group.right, right); group.bottom = Math.max(group.bottom, bottom);
      group.weights.set(parent, (group.weights.get(parent) || 0) + text.trim().length);
    }
    for (const [block, group] of groups) {
      const text = collapse(group.parts.join(' '));
      if (text === '') continue;
      let holder = block; let most = -1;
      for (const [el, weight] of group.weights) if (weight > most) { most = weight; holder = el; }
      const s = style(holder);
      blocks.push({
        text,
        box: { x: Math.round(group.left), y: Math.round(group.top), width: Math.max(1, Math.round(group.right - group.left)), height: Math.max(1, Math.round(group.bottom - group.top)) },
        area: Math.round(group.area),
        color: s.color,
        background: backgroundOf(holder),
        fontFamily: s.fontFamily,
      });
      if (blocks.length >= options.maxBlocks) break;
    }
  }

  const MIN_SECTION = 24;
  // Absolutely positioned children (decorations, overlays) are not sections; fixed ones (a navbar
  // pinned over the hero) are, but do not count when deciding whether the others are stacked.
  const visibleChildren = (el) => Array.from(el.children).filter((c) => {
    if (/^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|LINK|META)$/.test(c.tagName)) return false;
    const s = style(c);
    if (s.display === 'none' || s.visibility === 'hidden' || s.position === 'absolute') return false;
    const r = c.getBoundingClientRect();
    return r.height >= MIN_SECTION && r.width >= vw * 0.3;
  });
  const isFixed = (el) => style(el).position === 'fixed';
  const isStacked = (kids) => {
    const rects = kids.filter((k) => !isFixed(k)).map((k) => k.getBoundingClientRect()).sort((a, b) => a.top - b.top);
    for (let i = 1; i < rects.length; i++) if (rects[i].top < rects[i - 1].bottom - 4) return false;
    return true;
  };
  const pinned = [];
  let top = body;
  for (let depth = 0; depth < 8; depth++) {
    const kids = visibleChildren(top);
    const flow = kids.filter((k) => !isFixed(k));
    if (flow.length !== 1) break;
    pinned.push(...kids.filter(isFixed));
    top = flow[0];
  }
  const isWrapper = (kids) =>
    kids.length >= 2 && isStacked(kids) && kids.filter((k) => !isFixed(k) && k.getBoundingClientRect().height >= vh * 0.12).length >= 2;
  // Only generic wrappers are split: a <section>, <header> or <footer> is a section as a whole.
  const isSplittable = (el) => el.tagName === 'MAIN' || el.tagName === 'DIV' || el.tagName.includes('-');
  const expand = (el, depth) => {
    const r = el.getBoundingClientRect();
    if (depth < 3 && r.height > vh * 0.5 && !isFixed(el) && isSplittable(el)) {
      const kids = visibleChildren(el);
      if (isWrapper(kids)) return kids.flatMap((k) => expand(k, depth + 1));
      if (kids.length === 1 && kids[0].getBoundingClientRect().height >= r.height * 0.9) return expand(kids[0], depth + 1);
    }
    return [el];
  };
  let sectionEls = visibleChildren(top);
  if (sectionEls.length === 0 || !isStacked(sectionEls)) sectionEls = [top];
  sectionEls = [...pinned, ...sectionEls.flatMap((el) => (el === top ? [el] : expand(el, 0)))].slice(0, 40);
  const sections = sectionEls
    .map((el) => { const b = toBox(el.getBoundingClientRect()); return { selector: selectorOf(el), top: Math.max(0, b.y), height: b.height }; })
    .filter((s) => s.height >= MIN_SECTION)
    .sort((a, b) => a.top - b.top);

  let identity;
  if (options.identity) {
    const homePath = location.pathname.replace(/(index\\.[a-z]+)?$/, '') || '/';
    const isHomeHref = (a) => {
      if (!a.href) return false;
      try {
        const u = new URL(a.href, location.href);
        if (u.origin !== location.origin) return false;
        const p = u.pathname.replace(/(index\\.[a-z]+)?$/, '');
        return p === '/' || p === '' || (p === homePath && u.hash === '' && homePath === '/');
      } catch { return false; }
    };
    const controlOf = (el) => {
      if (!isVisible(el)) return undefined;
      const r = el.getBoundingClientRect();
      // Off the page (a skip link parked above the top until it is focused) is not shown.
      if (r.width < 2 || r.height < 2 || r.bottom + sy <= 0 || r.right + sx <= 0) return undefined;
      const label = collapse(el.tagName === 'INPUT' ? el.value || '' : el.textContent || '') || collapse(el.getAttribute('aria-label') || '');
      if (label === '') return undefined;
      const s = style(el);
      const filled = !isTransparent(s.backgroundColor) && s.backgroundColor !== backgroundOf(el.parentElement || body);
      const button = el.tagName === 'BUTTON' || el.tagName === 'INPUT' || el.getAttribute('role') === 'button' || filled;
      return { label, kind: button ? 'button' : 'link', isHome: el.tagName === 'A' && isHomeHref(el), background: s.backgroundColor, box: toBox(r) };
    };
    const controlSelector = 'a[href], button, [role="button"], input[type="submit"], input[type="button"]';
    const controls = [];
    for (const el of Array.from(document.querySelectorAll(controlSelector)).slice(0, 600)) {
      const c = controlOf(el);
      if (c) controls.push(c);
      if (controls.length >= 300) break;
    }
    const pictureOf = (el) => {
      const r = el.getBoundingClientRect();
      if (r.width < 12 || r.height < 12 || r.bottom + sy <= 0 || r.right + sx <= 0 || !isVisible(el)) return undefined;
      if (el.tagName === 'IMG') return { kind: 'img', src: el.currentSrc || el.src || '', box: toBox(r) };
      if (el.tagName === 'svg' || el.tagName === 'SVG') return { kind: 'svg', src: '', box: toBox(r) };
      const bg = style(el).backgroundImage;
      const m = bg && bg !== 'none' ? /url\\(["']?([^"')]+)["']?\\)/.exec(bg) : null;
      if (m) return { kind: 'css-background', src: m[1], box: toBox(r) };
      return undefined;
    };
    let header;
    const headerEl = Array.from(document.querySelectorAll('header, [role="banner"], nav')).find((el) => {
      if (!isVisible(el)) return false;
      const r = el.getBoundingClientRect();
      return r.height >= 16 && r.width >= vw * 0.5 && r.top + sy < vh;
    });
    if (headerEl) {
      const textColors = new Set();
      for (const el of Array.from(headerEl.querySelectorAll('a, h1, h2, h3, p, span, button')).slice(0, 200)) {
        if (isVisible(el) && collapse(el.textContent || '') !== '') textColors.add(style(el).color);
      }
      const pictures = [];
      for (const el of [headerEl, ...Array.from(headerEl.querySelectorAll('*')).slice(0, 400)]) {
        if (el === headerEl && (el.tagName === 'HEADER' || el.tagName === 'NAV')) {
          const p = pictureOf(el);
          if (p && p.kind === 'css-background' && p.box.width < vw * 0.5) pictures.push(p);
          continue;
        }
        const p = pictureOf(el);
        if (p) pictures.push(p);
      }
      header = {
        selector: selectorOf(headerEl),
        box: toBox(headerEl.getBoundingClientRect()),
        background: backgroundOf(headerEl),
        controls: Array.from(headerEl.querySelectorAll(controlSelector)).slice(0, 200).map(controlOf).filter(Boolean),
        textColors: Array.from(textColors),
        pictures,
      };
    }
    const firstScreenPictures = [];
    for (const el of Array.from(body.querySelectorAll('*')).slice(0, 4000)) {
      const r = el.getBoundingClientRect();
      if (r.top + sy >= vh || r.bottom + sy <= 0 || r.width < 12 || r.height < 12) continue;
      if (el.tagName !== 'IMG' && el.tagName !== 'svg' && style(el).backgroundImage === 'none') continue;
      const p = pictureOf(el);
      if (p) firstScreenPictures.push(p);
    }
    const visibleArea = (p) => Math.max(0, Math.min(p.box.x + p.box.width, vw) - Math.max(p.box.x, 0)) * Math.max(0, Math.min(p.box.y + p.box.height, vh) - Math.max(p.box.y, 0));
    firstScreenPictures.sort((a, b) => visibleArea(b) - visibleArea(a));
    identity = { header, controls, firstScreenPictures: firstScreenPictures.slice(0, 12) };
  }

  return {
    viewport: { width: vw, height: vh },
    page: { width: pageWidth, height: pageHeight },
    blocks,
    sections,
    ...(identity ? { identity } : {}),
  };
}`;

/** Longest a collector run may take: an original's scripts can make DOM calls hang or crawl. */
const COLLECT_TIMEOUT_MS = 5_000;

const finite = z.number().finite();
const cssText = z.string().max(500);
const boxSchema = z.object({ x: finite, y: finite, width: finite, height: finite });
const pictureSchema = z.object({
  kind: z.enum(['img', 'svg', 'css-background']),
  src: z.string().max(4_096),
  box: boxSchema,
});
const controlSchema = z.object({
  label: z.string().max(2_000),
  kind: z.enum(['button', 'link']),
  isHome: z.boolean(),
  background: cssText,
  box: boxSchema,
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
    })
    .optional(),
}) satisfies z.ZodType<LayoutSnapshot>;

/**
 * Measures the rendered page where it stands (the caller has loaded and screenshotted it): text
 * blocks, sections and, with `identity`, the header, controls and first-screen pictures. Rejects when
 * the page does not answer within 5 s or answers something that is not a snapshot.
 */
export async function collectLayout(page: Page, options: LayoutOptions): Promise<LayoutSnapshot> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the page did not answer within ${COLLECT_TIMEOUT_MS} ms`)),
      COLLECT_TIMEOUT_MS,
    );
  });
  try {
    const answer: unknown = await Promise.race([
      page.evaluate(
        `(${LAYOUT_COLLECTOR_SCRIPT})(${JSON.stringify({ ...options, maxBlocks: MAX_BLOCKS })})`,
      ),
      timeout,
    ]);
    return layoutSnapshotSchema.parse(answer);
  } finally {
    clearTimeout(timer);
  }
}
