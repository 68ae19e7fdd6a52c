// The layout collector, run in a rendered page (see browser/collect-layout.ts).
// Plain browser JavaScript in a file of its own: linted, never rewritten by a build tool. One
// expression: a function of the collector options.
(options) => {
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
    if (!s) {
      s = getComputedStyle(el);
      styles.set(el, s);
    }
    return s;
  };
  const toBox = (r) => ({
    x: Math.round(r.left + sx),
    y: Math.round(r.top + sy),
    width: Math.round(r.width),
    height: Math.round(r.height),
  });
  const isTransparent = (c) =>
    !c || c === 'transparent' || /^rgba\([^)]*,\s*0\)$/.test(c) || /\/\s*0\)$/.test(c);
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
    if (
      typeof el.checkVisibility === 'function' &&
      !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
    )
      v = false;
    if (v && el.closest('.sr-only, .visually-hidden, .screen-reader-text, [aria-hidden="true"]'))
      v = false;
    if (v) {
      for (let e = el, depth = 0; e && depth < 4; e = e.parentElement, depth++) {
        const s = style(e);
        if (s.position === 'absolute' || s.position === 'fixed') {
          const r = e.getBoundingClientRect();
          if ((r.width <= 1 || r.height <= 1) && s.overflow !== 'visible') {
            v = false;
            break;
          }
          if (
            s.clip &&
            s.clip !== 'auto' &&
            /rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/.test(s.clip)
          ) {
            v = false;
            break;
          }
        }
      }
    }
    visibleCache.set(el, v);
    return v;
  };
  // The part of the page where an element's content can show (page coordinates; null: anywhere):
  // its own and its ancestors' boxes where they clip their overflow. Horizontally any overflow but
  // `visible` clips (a carousel's scroll track shows one slide); vertically only `hidden` and `clip`
  // (a collapsed panel), since a vertical scroller's content is the page's, read further down. The
  // page's own body and root never clip.
  const clipCache = new Map();
  const clipOf = (el) => {
    if (!el || el === body || el === document.documentElement) return null;
    if (clipCache.has(el)) return clipCache.get(el);
    const s = style(el);
    let clip = s.position === 'fixed' ? null : clipOf(el.parentElement);
    const clipsX = s.overflowX !== 'visible';
    const clipsY = s.overflowY === 'hidden' || s.overflowY === 'clip';
    if (clipsX || clipsY) {
      const r = el.getBoundingClientRect();
      clip = {
        ...(clip || { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity }),
      };
      if (clipsX) {
        clip.left = Math.max(clip.left, r.left + sx);
        clip.right = Math.min(clip.right, r.right + sx);
      }
      if (clipsY) {
        clip.top = Math.max(clip.top, r.top + sy);
        clip.bottom = Math.min(clip.bottom, r.bottom + sy);
      }
    }
    clipCache.set(el, clip);
    return clip;
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
      if (e.id && /^[A-Za-z][\w-]*$/.test(e.id)) {
        parts.unshift(part + '#' + e.id);
        break;
      }
      const classes = Array.from(e.classList)
        .filter((c) => /^[A-Za-z_][\w-]*$/.test(c))
        .slice(0, 2);
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
  const collapse = (t) => t.replace(/\s+/g, ' ').trim();

  const blocks = [];
  if (options.blocks) {
    // Groups in document order; `open` maps each block element to the group its text still adds to.
    const groups = [];
    const open = new Map();
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.data;
      if (!/\S/.test(text)) continue;
      const parent = node.parentElement;
      if (!parent || /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|TITLE|OPTION)$/.test(parent.tagName))
        continue;
      if (!isVisible(parent)) continue;
      range.selectNodeContents(node);
      const clip = clipOf(parent);
      const rects = Array.from(range.getClientRects()).filter(
        (r) =>
          r.width >= 1 &&
          r.height >= 1 &&
          (!clip ||
            (r.right + sx > clip.left + 1 &&
              r.left + sx < clip.right - 1 &&
              r.bottom + sy > clip.top + 1 &&
              r.top + sy < clip.bottom - 1)),
      );
      if (rects.length === 0) continue;
      let left = Infinity,
        top = Infinity,
        right = -Infinity,
        bottom = -Infinity,
        area = 0;
      for (const r of rects) {
        area += r.width * r.height;
        left = Math.min(left, r.left + sx);
        top = Math.min(top, r.top + sy);
        right = Math.max(right, r.right + sx);
        bottom = Math.max(bottom, r.bottom + sy);
      }
      if (right <= 0 || bottom <= 0 || left >= pageWidth || top >= pageHeight) continue;
      const block = blockOf(parent);
      // A block's text that a nested block box interrupts (text straight in <body> between
      // paragraphs, words after a <pre> that closed their <p>) continues as a new block: on the
      // page they are separate blocks. An inline-block (a button in a line) does not interrupt.
      // From block box to enclosing block box (inline elements between them never interrupt).
      for (let e = block; e !== body && e.parentElement;) {
        const outer = blockOf(e.parentElement);
        if (!style(e).display.startsWith('inline')) open.delete(outer);
        e = outer;
      }
      let group = open.get(block);
      if (!group && groups.length >= options.maxBlocks) break;
      if (!group) {
        group = { block, parts: [], left, top, right, bottom, area: 0, weights: new Map() };
        groups.push(group);
        open.set(block, group);
      }
      group.parts.push(text);
      group.area += area;
      group.left = Math.min(group.left, left);
      group.top = Math.min(group.top, top);
      group.right = Math.max(group.right, right);
      group.bottom = Math.max(group.bottom, bottom);
      group.weights.set(parent, (group.weights.get(parent) || 0) + text.trim().length);
    }
    for (const group of groups) {
      const block = group.block;
      const text = collapse(group.parts.join(' '));
      if (text === '') continue;
      let holder = block;
      let most = -1;
      for (const [el, weight] of group.weights)
        if (weight > most) {
          most = weight;
          holder = el;
        }
      const s = style(holder);
      blocks.push({
        text,
        box: {
          x: Math.round(group.left),
          y: Math.round(group.top),
          width: Math.max(1, Math.round(group.right - group.left)),
          height: Math.max(1, Math.round(group.bottom - group.top)),
        },
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
  const visibleChildren = (el) =>
    Array.from(el.children).filter((c) => {
      if (/^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|LINK|META)$/.test(c.tagName)) return false;
      const s = style(c);
      if (s.display === 'none' || s.visibility === 'hidden' || s.position === 'absolute')
        return false;
      const r = c.getBoundingClientRect();
      return r.height >= MIN_SECTION && r.width >= vw * 0.3;
    });
  const isFixed = (el) => style(el).position === 'fixed';
  const isStacked = (kids) => {
    const rects = kids
      .filter((k) => !isFixed(k))
      .map((k) => k.getBoundingClientRect())
      .sort((a, b) => a.top - b.top);
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
    kids.length >= 2 &&
    isStacked(kids) &&
    kids.filter((k) => !isFixed(k) && k.getBoundingClientRect().height >= vh * 0.12).length >= 2;
  // Only generic wrappers are split: a <section>, <header> or <footer> is a section as a whole.
  const isSplittable = (el) =>
    el.tagName === 'MAIN' || el.tagName === 'DIV' || el.tagName.includes('-');
  const expand = (el, depth) => {
    const r = el.getBoundingClientRect();
    if (depth < 3 && r.height > vh * 0.5 && !isFixed(el) && isSplittable(el)) {
      const kids = visibleChildren(el);
      if (isWrapper(kids)) return kids.flatMap((k) => expand(k, depth + 1));
      if (kids.length === 1 && kids[0].getBoundingClientRect().height >= r.height * 0.9)
        return expand(kids[0], depth + 1);
    }
    return [el];
  };
  let sectionEls = visibleChildren(top);
  if (sectionEls.length === 0 || !isStacked(sectionEls)) sectionEls = [top];
  sectionEls = [
    ...pinned,
    ...sectionEls.flatMap((el) => (el === top ? [el] : expand(el, 0))),
  ].slice(0, 40);
  const sections = sectionEls
    .map((el) => {
      const b = toBox(el.getBoundingClientRect());
      return { selector: selectorOf(el), top: Math.max(0, b.y), height: b.height };
    })
    .filter((s) => s.height >= MIN_SECTION)
    .sort((a, b) => a.top - b.top);

  let identity;
  if (options.identity) {
    const homePath = location.pathname.replace(/(index\.[a-z]+)?$/, '') || '/';
    const isHomeHref = (a) => {
      if (!a.href) return false;
      try {
        const u = new URL(a.href, location.href);
        if (u.origin !== location.origin) return false;
        const p = u.pathname.replace(/(index\.[a-z]+)?$/, '');
        return p === '/' || p === '' || (p === homePath && u.hash === '' && homePath === '/');
      } catch {
        return false;
      }
    };
    const controlOf = (el) => {
      if (!isVisible(el)) return undefined;
      const r = el.getBoundingClientRect();
      // Off the page (a skip link parked above the top until it is focused) is not shown.
      if (r.width < 2 || r.height < 2 || r.bottom + sy <= 0 || r.right + sx <= 0) return undefined;
      const label =
        collapse(el.tagName === 'INPUT' ? el.value || '' : el.textContent || '') ||
        collapse(el.getAttribute('aria-label') || '');
      if (label === '') return undefined;
      const s = style(el);
      const filled =
        !isTransparent(s.backgroundColor) &&
        s.backgroundColor !== backgroundOf(el.parentElement || body);
      const button =
        el.tagName === 'BUTTON' ||
        el.tagName === 'INPUT' ||
        el.getAttribute('role') === 'button' ||
        filled;
      return {
        label,
        kind: button ? 'button' : 'link',
        isHome: el.tagName === 'A' && isHomeHref(el),
        background: s.backgroundColor,
        box: toBox(r),
      };
    };
    const controlSelector =
      'a[href], button, [role="button"], input[type="submit"], input[type="button"]';
    const controls = [];
    for (const el of Array.from(document.querySelectorAll(controlSelector)).slice(0, 600)) {
      const c = controlOf(el);
      if (c) controls.push(c);
      if (controls.length >= 300) break;
    }
    const pictureOf = (el) => {
      const r = el.getBoundingClientRect();
      if (
        r.width < 12 ||
        r.height < 12 ||
        r.bottom + sy <= 0 ||
        r.right + sx <= 0 ||
        !isVisible(el)
      )
        return undefined;
      if (el.tagName === 'IMG')
        return { kind: 'img', src: el.currentSrc || el.src || '', box: toBox(r) };
      if (el.tagName === 'svg' || el.tagName === 'SVG')
        return { kind: 'svg', src: '', box: toBox(r) };
      const bg = style(el).backgroundImage;
      const m = bg && bg !== 'none' ? /url\(["']?([^"')]+)["']?\)/.exec(bg) : null;
      if (m) return { kind: 'css-background', src: m[1], box: toBox(r) };
      return undefined;
    };
    let header;
    const headerEl = Array.from(document.querySelectorAll('header, [role="banner"], nav')).find(
      (el) => {
        if (!isVisible(el)) return false;
        const r = el.getBoundingClientRect();
        return r.height >= 16 && r.width >= vw * 0.5 && r.top + sy < vh;
      },
    );
    if (headerEl) {
      // An element's colour counts when it shows text: words only a screen reader gets (a menu
      // toggle's "Toggle navigation" in .sr-only) are left out, as they are from the text blocks.
      const showsText = (el) => {
        const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = texts.nextNode(); node; node = texts.nextNode())
          if (/\S/.test(node.data) && node.parentElement && isVisible(node.parentElement))
            return true;
        return false;
      };
      const textColors = new Set();
      for (const el of Array.from(
        headerEl.querySelectorAll('a, h1, h2, h3, p, span, button'),
      ).slice(0, 200)) {
        if (isVisible(el) && showsText(el)) textColors.add(style(el).color);
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
        controls: Array.from(headerEl.querySelectorAll(controlSelector))
          .slice(0, 200)
          .map(controlOf)
          .filter(Boolean),
        textColors: Array.from(textColors),
        pictures,
      };
    }
    const firstScreenPictures = [];
    for (const el of Array.from(body.querySelectorAll('*')).slice(0, 4000)) {
      const r = el.getBoundingClientRect();
      if (r.top + sy >= vh || r.bottom + sy <= 0 || r.width < 12 || r.height < 12) continue;
      if (el.tagName !== 'IMG' && el.tagName !== 'svg' && style(el).backgroundImage === 'none')
        continue;
      const p = pictureOf(el);
      if (p) firstScreenPictures.push(p);
    }
    const visibleArea = (p) =>
      Math.max(0, Math.min(p.box.x + p.box.width, vw) - Math.max(p.box.x, 0)) *
      Math.max(0, Math.min(p.box.y + p.box.height, vh) - Math.max(p.box.y, 0));
    firstScreenPictures.sort((a, b) => visibleArea(b) - visibleArea(a));
    identity = { header, controls, firstScreenPictures: firstScreenPictures.slice(0, 12) };
  }

  // An entry screen the identity probe marked in this DOM (fetch measures the page it probed). Shown
  // means rendered: an entry screen may still be sliding or fading in (restaurant-jq's comes in from
  // the right), off the page or transparent for a moment, and it is the entry all the same.
  // (options.splashMark: the mark's attribute name, PROBE_MARKS.splash.)
  const splashEl = document.querySelector('[' + options.splashMark + ']');
  const splash =
    splashEl &&
    (typeof splashEl.checkVisibility !== 'function' ||
      splashEl.checkVisibility({ checkVisibilityCSS: true }))
      ? collapse(splashEl.getAttribute(options.splashMark) || '').slice(0, 100)
      : '';

  return {
    viewport: { width: vw, height: vh },
    page: { width: pageWidth, height: pageHeight },
    blocks,
    sections,
    ...(identity ? { identity } : {}),
    ...(splash ? { splash } : {}),
  };
};
