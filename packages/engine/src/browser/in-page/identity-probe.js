// The identity probe, run in the rendered page (see stages/fetch/identity-probe.ts). Plain browser
// JavaScript in a file of its own: linted, never rewritten by a build tool. One expression.
(() => {
  const W = window.innerWidth || 1440;
  const H = window.innerHeight || 900;
  const doc = document;
  const body = doc.body;
  if (!body) return undefined;
  const style = (e) => getComputedStyle(e);
  const rectOf = (e) => e.getBoundingClientRect();
  const top = (r) => r.top + window.scrollY;
  const alphaOf = (c) => {
    if (!c || c === 'transparent') return 0;
    const m = /rgba?\(([^)]*)\)/.exec(c);
    if (!m) return 1;
    const parts = m[1].split(/[\s,/]+/).filter(Boolean);
    return parts.length > 3 ? Number.parseFloat(parts[3]) : 1;
  };
  const isOpaque = (c) => alphaOf(c) > 0.5;
  const imageUrl = (value) => {
    const m = /url\((['"]?)(.*?)\1\)/.exec(value || '');
    return m && m[2] && !/^data:image\/svg/.test(m[2])
      ? new URL(m[2], doc.baseURI).href
      : undefined;
  };
  const isShown = (e) => {
    const r = rectOf(e);
    const s = style(e);
    return (
      r.width > 0 &&
      r.height > 0 &&
      s.visibility !== 'hidden' &&
      s.display !== 'none' &&
      Number(s.opacity) > 0.05
    );
  };
  const text = (e) => (e.textContent || '').replace(/\s+/g, ' ').trim();
  const gradientColor = (value) => {
    const m = /gradient\(.*?(rgba?\([^)]*\))/.exec(value || '');
    return m ? m[1] : undefined;
  };
  /** Loaders, modals and cookie walls laid over the whole page: not what the page looks like. */
  const isCover = (e) => {
    if (
      /(?:^|[\s_-])(?:spinner|loader|loading|preloader|page-loader)(?:$|[\s_-])/i.test(
        e.id + ' ' + e.className,
      )
    )
      return true;
    const s = style(e);
    if (s.position !== 'fixed') return false;
    const r = rectOf(e);
    return (
      (Number.parseInt(s.zIndex, 10) || 0) >= 1000 && r.width >= W * 0.9 && r.height >= H * 0.9
    );
  };
  const isInCover = (e) => {
    for (let a = e; a && a !== body && a !== doc.documentElement; a = a.parentElement)
      if (isCover(a)) return true;
    return false;
  };
  /** The first ancestor-or-self with a fill (colour, picture or gradient), and what it is. */
  const fillOf = (start) => {
    for (let e = start; e && e.nodeType === 1; e = e.parentElement) {
      if (e !== doc.documentElement && e !== body && isCover(e)) continue;
      const s = style(e);
      const image = imageUrl(s.backgroundImage);
      if (image || isOpaque(s.backgroundColor))
        return { element: e, color: s.backgroundColor, image };
      const gradient = gradientColor(s.backgroundImage);
      if (gradient) return { element: e, color: gradient };
    }
    // The canvas beyond a short body shows the body's background (CSS propagates it there).
    const b = style(body);
    const bodyImage = imageUrl(b.backgroundImage);
    if (bodyImage || isOpaque(b.backgroundColor))
      return { element: body, color: b.backgroundColor, image: bodyImage };
    const bodyGradient = gradientColor(b.backgroundImage);
    if (bodyGradient) return { element: body, color: bodyGradient };
    const root = style(doc.documentElement).backgroundColor;
    return { element: doc.documentElement, color: isOpaque(root) ? root : 'rgb(255, 255, 255)' };
  };
  /** The colour most of a region's words are written in (its links included). */
  const textColorOf = (region) => {
    const colors = new Map();
    const walker = doc.createTreeWalker(region, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const words = n.nodeValue.trim().length;
      if (words > 0 && n.parentElement && isShown(n.parentElement))
        colors.set(
          style(n.parentElement).color,
          (colors.get(style(n.parentElement).color) || 0) + words,
        );
    }
    return (
      [...colors.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c)[0] || style(region).color
    );
  };
  const add = (map, key, weight) => {
    if (key) map.set(key, (map.get(key) || 0) + weight);
  };
  const ranked = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([color, weight]) => ({ color, weight: Math.round(weight) }));

  // What a visitor sees behind the content: sample the first two views on a grid.
  const fills = new Map();
  const fillInfo = new Map();
  const pageHeight = Math.min(doc.documentElement.scrollHeight, H * 3);
  for (let y = H * 0.05; y < pageHeight; y += H / 6) {
    window.scrollTo(0, Math.max(0, y - H / 2));
    const viewY = y - window.scrollY;
    for (let x = W * 0.05; x < W; x += W / 10) {
      const hit = doc.elementsFromPoint(x, viewY).find((e) => !isInCover(e));
      if (!hit) continue;
      const fill = fillOf(hit);
      add(fills, fill.element, 1);
      fillInfo.set(fill.element, fill);
    }
  }
  window.scrollTo(0, 0);
  // The page background: the most seen fill of an element that spans the page (the body, a wrapper
  // as tall as the document), not of a section or hero that happens to fill the first view.
  const documentHeight = doc.documentElement.scrollHeight;
  let background;
  let best = -1;
  for (const [element, count] of fills) {
    const r = rectOf(element);
    const spans =
      element === body ||
      element === doc.documentElement ||
      (r.width >= W * 0.9 && r.height >= documentHeight * 0.6);
    if (!spans || count <= best) continue;
    best = count;
    const f = fillInfo.get(element);
    background = f.image ? { color: f.color, image: f.image } : { color: f.color };
  }
  if (!background) {
    const f = fillOf(body);
    background = f.image ? { color: f.color, image: f.image } : { color: f.color };
  }

  const accents = new Map();
  const links = new Map();
  const headings = new Map();
  const buttons = new Map();
  const all = doc.body.querySelectorAll('*');
  const budget = Math.min(all.length, 6000);
  for (let i = 0; i < budget; i++) {
    const e = all[i];
    if (/^(?:SCRIPT|STYLE|NOSCRIPT|TEMPLATE|svg|path)$/.test(e.tagName)) continue;
    const r = rectOf(e);
    if (r.width === 0 || r.height === 0) continue;
    const s = style(e);
    if (s.visibility === 'hidden' || s.display === 'none') continue;
    const area = Math.min(r.width, W) * Math.min(r.height, H);
    if (isOpaque(s.backgroundColor)) add(accents, s.backgroundColor, area);
    const ownText = [...e.childNodes].some((n) => n.nodeType === 3 && n.nodeValue.trim());
    if (ownText) add(accents, s.color, Math.min(area, 20000) / 4);
    if (/^H[1-3]$/.test(e.tagName) && text(e)) add(headings, s.color, 1);
  }

  // The brand: the element the header names the site with (logo or name), linking home.
  // Without a header element, the bar at the top of the first view with a fill of its own and a
  // picture or link in it (ant-site-2004's navy logo bar, a table-era banner): a bar, not a hero.
  const topBar = () =>
    [...doc.body.querySelectorAll('div, table, tr, td, section, center')]
      .slice(0, 3000)
      .find((e) => {
        const r = rectOf(e);
        if (top(r) > H * 0.25 || r.width < W * 0.9 || r.height < 40 || r.height > 160) return false;
        if (!isShown(e) || isInCover(e) || !e.querySelector('img, svg, a[href]')) return false;
        const s = style(e);
        return (
          !!imageUrl(s.backgroundImage) ||
          (isOpaque(s.backgroundColor) && s.backgroundColor !== background.color)
        );
      }) || null;
  const header =
    [
      ...doc.querySelectorAll('header, [role=banner], #header, .header, .navbar, nav, #top, .top'),
    ].find((e) => isShown(e) && top(rectOf(e)) < H * 0.6) || topBar();
  const brandSelector =
    '.navbar-brand, .brand, .logo, #logo, .site-logo, .site-title, #site-title, .site-branding a, .custom-logo-link, [rel=home], .header-logo, .site-name, #site-name';
  const home = (a) => {
    try {
      const u = new URL(a.href);
      return (
        u.origin === location.origin &&
        (/^\/(?:index\.\w+)?$/.test(u.pathname) || u.pathname === location.pathname) &&
        /^(?:#(?:page-?top|top|home)?)?$/i.test(u.hash)
      );
    } catch {
      return false;
    }
  };
  let brand =
    [...doc.querySelectorAll(brandSelector)].find((e) => top(rectOf(e)) < H * 1.2) || null;
  // Else the header's home link with a picture, or with words outside the menu's list ("Home" in the
  // menu is a menu item, not the brand).
  if (!brand && header)
    brand =
      [...header.querySelectorAll('a[href]')].find(
        (a) => home(a) && (a.querySelector('img, svg') || (text(a) && !a.closest('li'))),
      ) || null;
  let logo;
  let brandInfo;
  if (brand) {
    brand.setAttribute('data-sitelift-brand', '');
    const img = brand.tagName === 'IMG' ? brand : brand.querySelector('img');
    const svg = brand.tagName === 'svg' ? brand : brand.querySelector('svg');
    if (img && (img.currentSrc || img.src)) {
      const ir = rectOf(img);
      logo = {
        kind: 'img',
        src: img.currentSrc || img.src,
        alt: (img.alt || img.title || '').trim(),
        width: Math.round(ir.width),
        height: Math.round(ir.height),
      };
    } else if (svg) {
      const sr = rectOf(svg);
      logo = {
        kind: 'svg',
        svg: svg.outerHTML,
        alt: (
          svg.getAttribute('aria-label') ||
          (svg.querySelector('title') || {}).textContent ||
          ''
        ).trim(),
        width: Math.round(sr.width),
        height: Math.round(sr.height),
      };
    } else {
      for (const e of [brand, ...brand.querySelectorAll('*')]) {
        const src = imageUrl(style(e).backgroundImage);
        if (!src) continue;
        const er = rectOf(e);
        logo = {
          kind: 'css-background',
          src,
          alt: (e.getAttribute('title') || e.getAttribute('aria-label') || '').trim(),
          width: Math.round(er.width),
          height: Math.round(er.height),
        };
        break;
      }
    }
    const brandText = text(brand);
    brandInfo = { text: brandText.length <= 80 ? brandText : '' };
    const link = brand.closest('a') || brand.querySelector('a');
    if (link && link.href) brandInfo.href = link.href;
  }

  // The main menu: the nav-like list nearest the top with the most links, dropdowns included.
  const dropdownBars = [
    ...doc.querySelectorAll('.dropdown-toggle, [aria-haspopup=true], [aria-haspopup=menu]'),
  ]
    .map((toggle) => {
      // From the dropdown's own wrapper up to the bar that holds other links beside it.
      const wrapper = toggle.parentElement;
      const own = wrapper ? wrapper.querySelectorAll('a[href]').length : 0;
      let e = wrapper && wrapper.parentElement;
      while (e && e !== body && e.querySelectorAll('a[href]').length <= own) e = e.parentElement;
      return e;
    })
    .filter((e) => e && e !== body);
  const menus = [
    ...new Set([
      ...doc.querySelectorAll(
        'nav, [role=navigation], ul.nav, ul.navbar-nav, #menu, .menu, #nav, .nav, ul[class*=menu], #navigation, .navigation',
      ),
      ...dropdownBars,
    ]),
  ]
    .filter((e) => !e.closest('footer, [role=contentinfo], #footer, .footer'))
    .map((e) => ({
      e,
      links: e.querySelectorAll('a[href]').length,
      y: top(rectOf(e)),
      shown: isShown(e),
      dropdown: !!e.querySelector(
        '.dropdown-toggle, [aria-haspopup], .dropdown-menu, .sub-menu, .submenu, ul ul',
      ),
    }))
    .filter((m) => m.links >= 2 && m.y < H * 1.5);
  // Shown menus first, then the one with most links (dropdown entries count: they are hidden, not gone).
  menus.sort((a, b) => Number(b.shown) - Number(a.shown) || b.links - a.links || a.y - b.y);
  const menu = menus[0];
  if (menu) menu.e.setAttribute('data-sitelift-menu', '');
  // Another bar in the first view: a <nav> of its own, or a quick-links bar with dropdowns.
  for (const other of menus.slice(1)) {
    if (!other.shown || other.y > H * 0.8) continue;
    if (!(
      other.dropdown ||
      other.e.tagName === 'NAV' ||
      other.e.getAttribute('role') === 'navigation'
    ))
      continue;
    if (
      doc.querySelector('[data-sitelift-menu]') &&
      [...doc.querySelectorAll('[data-sitelift-menu]')].some(
        (m) => m.contains(other.e) || other.e.contains(m),
      )
    )
      continue;
    other.e.setAttribute('data-sitelift-menu', '');
  }
  // An entry screen ("Lets begin", "Enter site"): one short link that shows the content, in a screen
  // that shows nothing else while the content waits hidden beside it (a panel of a one-page site)
  // or under it (a full-screen layer). It is marked so that it is neither hero, name nor content.
  const ENTRY =
    /^(?:enter|begin|start|continue|skip(?: intro)?|let'?s (?:begin|start|go)|go|entrer|commencer|eintreten|betreten|entrar|empezar|comenzar|entra|inizia|binnengaan|ga verder|naar binnen)\b/i;
  const hiddenText = (e) =>
    [...e.children]
      .filter((k) => style(k).display === 'none' || style(k).visibility === 'hidden')
      .reduce((sum, k) => sum + text(k).length, 0);
  for (const a of doc.querySelectorAll('a[href], button')) {
    const label = text(a) || a.getAttribute('aria-label') || '';
    if (!label || label.length > 40 || !ENTRY.test(label) || !isShown(a)) continue;
    if (top(rectOf(a)) > H) continue;
    const href = a.getAttribute('href') || '';
    const inPage =
      a.tagName === 'BUTTON' ||
      /^#/.test(href) ||
      (() => {
        try {
          const u = new URL(a.href);
          return u.origin === location.origin && u.pathname === location.pathname;
        } catch {
          return false;
        }
      })();
    if (!inPage) continue;
    let screen;
    for (let e = a; e && e !== body; e = e.parentElement) {
      if (text(e) !== label) break;
      const parent = e.parentElement;
      if (isCover(e) || (parent && hiddenText(parent) > label.length * 5)) {
        screen = e;
        break;
      }
    }
    if (screen) {
      screen.setAttribute('data-sitelift-splash', label);
      break;
    }
  }
  const inSplash = (e) => !!e.closest('[data-sitelift-splash]');

  // Dialogs hidden at load (issue 12): a modal, role=dialog, aria-modal, a <dialog> not open, or a
  // hidden element a dialog trigger targets (a lightbox popup). Marked with their id, their
  // triggers with the id they open: extract keeps them as closed dialogs, not as page content.
  const shownNow = (e) => {
    const s = style(e);
    return s.display !== 'none' && s.visibility !== 'hidden';
  };
  const DIALOG_TOGGLE = /^(?:modal|dialog|lightbox)$/i;
  const targetOf = (t) => {
    const value = (
      t.getAttribute('data-target') ||
      t.getAttribute('data-bs-target') ||
      t.getAttribute('aria-controls') ||
      t.getAttribute('href') ||
      ''
    ).trim();
    const m = /^#?([\w:.-]+)$/.exec(value);
    if (!m || (value === t.getAttribute('href') && !value.startsWith('#'))) return undefined;
    return m[1];
  };
  const opensDialog = (t) =>
    DIALOG_TOGGLE.test(t.getAttribute('data-toggle') || t.getAttribute('data-bs-toggle') || '') ||
    (t.getAttribute('aria-haspopup') || '').toLowerCase() === 'dialog';
  const dialogTriggers = new Map();
  for (const t of doc.querySelectorAll(
    '[data-toggle], [data-bs-toggle], [aria-haspopup], a[href^="#"]',
  )) {
    const id = targetOf(t);
    if (!id) continue;
    // Tabs, collapsible panels and dropdowns are hidden and targeted too: they are not dialogs.
    const toggle = t.getAttribute('data-toggle') || t.getAttribute('data-bs-toggle') || '';
    if (/^(?:tab|pill|collapse|dropdown)$/i.test(toggle) || t.getAttribute('role') === 'tab')
      continue;
    if (
      !opensDialog(t) &&
      (t.hasAttribute('aria-expanded') || t.closest('nav, [data-sitelift-menu]'))
    )
      continue;
    const list = dialogTriggers.get(id) || [];
    list.push(t);
    dialogTriggers.set(id, list);
  }
  let dialogCount = 0;
  for (const e of doc.querySelectorAll('body *')) {
    if (e.closest('[data-sitelift-dialog]') || inSplash(e) || shownNow(e)) continue;
    const dialogLike =
      e.tagName === 'DIALOG' ||
      e.matches('.modal, [role="dialog"], [role="alertdialog"], [aria-modal="true"]');
    const triggers = (e.id && dialogTriggers.get(e.id)) || [];
    if (!dialogLike && triggers.length === 0) continue;
    // Panels side by side, one shown and the others targeted (jQuery tabs by plain links): tabs.
    if (
      !dialogLike &&
      !triggers.some(opensDialog) &&
      [...(e.parentElement?.children || [])].some(
        (sibling) =>
          sibling !== e && sibling.id && dialogTriggers.has(sibling.id) && shownNow(sibling),
      )
    )
      continue;
    if (e.querySelector('nav, main, [data-sitelift-menu]') || e.closest('[role="tabpanel"]'))
      continue;
    const id = e.id || `sitelift-dialog-${++dialogCount}`;
    e.setAttribute('data-sitelift-dialog', id);
    for (const t of triggers) t.setAttribute('data-sitelift-opens', id);
  }

  // Links and buttons drawn as buttons: a filled or outlined box with padding.
  for (const a of doc.querySelectorAll('a[href], button, input[type=submit], input[type=button]')) {
    if (
      !isShown(a) ||
      a.closest('[data-sitelift-menu]') ||
      a === brand ||
      (brand && brand.contains(a)) ||
      inSplash(a)
    )
      continue;
    const s = style(a);
    const label = text(a) || a.value || '';
    if (!label || label.length > 60) continue;
    const filled =
      isOpaque(s.backgroundColor) && s.backgroundColor !== fillOf(a.parentElement).color;
    const outlined =
      Number.parseFloat(s.borderTopWidth) >= 1 &&
      s.borderTopStyle !== 'none' &&
      Number.parseFloat(s.borderBottomWidth) >= 1 &&
      isOpaque(s.borderTopColor);
    const padded = Number.parseFloat(s.paddingLeft) >= 8 && Number.parseFloat(s.paddingTop) >= 4;
    const boxed = /inline-block|block|flex|grid/.test(s.display);
    if (!(padded && boxed && (filled || outlined))) {
      if (a.tagName === 'A' && !a.closest('nav, header, footer')) add(links, s.color, 1);
      continue;
    }
    if (a.tagName === 'A') a.setAttribute('data-sitelift-button', filled ? 'primary' : 'secondary');
    if (filled) {
      const key = s.backgroundColor + '|' + s.color + '|' + s.borderTopColor;
      const r = rectOf(a);
      add(buttons, key, r.width * r.height);
    }
  }

  // The menus' items drawn as boxes or pills (a fill or a border, even a faint one, around padded
  // words): the rebuild draws its menu items so too. The most common look wins (not the active one).
  const menuLooks = new Map();
  let menuLinks = 0;
  for (const a of doc.querySelectorAll('[data-sitelift-menu] a[href]')) {
    if (!isShown(a) || !text(a) || top(rectOf(a)) > H) continue;
    menuLinks++;
    const s = style(a);
    const faint = (c) => alphaOf(c) >= 0.04;
    const filled = faint(s.backgroundColor) && s.backgroundColor !== fillOf(a.parentElement).color;
    const outlined =
      Number.parseFloat(s.borderTopWidth) >= 1 &&
      s.borderTopStyle !== 'none' &&
      Number.parseFloat(s.borderBottomWidth) >= 1 &&
      faint(s.borderTopColor);
    const padded = Number.parseFloat(s.paddingLeft) >= 8 && Number.parseFloat(s.paddingTop) >= 4;
    if (!(padded && /inline-block|block|flex|grid/.test(s.display) && (filled || outlined)))
      continue;
    const key = [
      filled ? s.backgroundColor : 'transparent',
      outlined ? s.borderTopColor : 'transparent',
      s.color,
      s.borderTopLeftRadius,
    ].join('|');
    add(menuLooks, key, 1);
  }
  let menuItems;
  const look = ranked(menuLooks)[0];
  if (
    look &&
    menuLinks >= 2 &&
    [...menuLooks.values()].reduce((x, y) => x + y, 0) >= menuLinks * 0.6
  ) {
    const [background, border, color, radius] = look.color.split('|');
    menuItems = { background, border, text: color, radius };
  }

  // A menu drawn on a plate of its own (restaurant-jq's red board): its items take the plate's fill.
  if (!menuItems && menu) {
    const count = menu.links;
    const plate = [menu.e, ...menu.e.querySelectorAll('ul, ol, div')].find((e) => {
      if (e.querySelectorAll('a[href]').length < count || (header && e.contains(header)))
        return false;
      const s = style(e);
      if (imageUrl(s.backgroundImage)) return true;
      // A colour of its own: not the header's nor the page's (a white list on a white bar is no plate).
      return (
        isOpaque(s.backgroundColor) &&
        s.backgroundColor !== (header ? fillOf(header).color : '') &&
        s.backgroundColor !== background.color
      );
    });
    const headerFill = header ? fillOf(header) : undefined;
    if (plate && !(headerFill && headerFill.element === plate)) {
      const s = style(plate);
      const link = [...plate.querySelectorAll('a[href]')].find((a) => text(a));
      menuItems = {
        background: s.backgroundColor,
        border: 'transparent',
        text: link ? style(link).color : s.color,
        radius: s.borderTopLeftRadius,
      };
      const image = imageUrl(s.backgroundImage);
      if (image) menuItems.image = image;
    }
  }

  const regionOf = (e) => {
    if (!e) return undefined;
    const f = fillOf(e);
    const out = { background: f.color, text: textColorOf(e) };
    if (f.image) out.image = f.image;
    return out;
  };
  const footer = [...doc.querySelectorAll('footer, [role=contentinfo], #footer, .footer')]
    .filter(isShown)
    .pop();

  // Repeated items: siblings of one kind (same tag and classes, with a picture or a heading); a
  // heading row before them or a row after them may sit beside them in the same parent.
  for (const parent of doc.body.querySelectorAll('*')) {
    const shown = [...parent.children].filter((k) => isShown(k));
    if (shown.length < 2 || shown.length > 60) continue;
    const kind = (k) =>
      k.tagName +
      '.' +
      [...k.classList]
        .filter((c) => !/active|first|last|odd|even|\d/.test(c) || /^col-/.test(c))
        .sort()
        .join('.');
    const counts = new Map();
    for (const k of shown) counts.set(kind(k), (counts.get(kind(k)) || 0) + 1);
    const [major, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    if (count < 2) continue;
    const kids = shown.filter((k) => kind(k) === major);
    const start = shown.indexOf(kids[0]);
    if (shown.slice(start, start + kids.length).some((k) => kind(k) !== major)) continue;
    if (
      !kids.every(
        (k) => k.querySelector('img, h2, h3, h4, h5, [style*=background]') || k.tagName === 'IMG',
      )
    )
      continue;
    const boxes = kids.map(rectOf);
    if (boxes.some((b) => b.width < 60)) continue;
    const y0 = Math.round(boxes[0].top);
    // Only what shows side by side in the viewport: a slider's row runs on off-screen.
    const columns = boxes.filter(
      (b) => Math.abs(Math.round(b.top) - y0) <= 4 && b.left >= -1 && b.right <= W + 1,
    ).length;
    if (columns < 1) continue;
    parent.setAttribute('data-sitelift-columns', String(columns));
  }

  // Sidebars: a narrow column of mostly links (a layout table's cell, a floated or positioned
  // block) beside a wider column holding the page's content, at this width. Marked with its side
  // and its width in px, so that extract keeps it as the page's aside, beside the content.
  const linkedShare = (e) => {
    const all = text(e).length;
    if (all === 0) return 0;
    let linked = 0;
    for (const a of e.querySelectorAll('a[href]')) linked += text(a).length;
    return linked / all;
  };
  const besideOf = (column, r) => {
    // Climbs from the column while its box stays the column's, looking for a wider sibling beside it.
    for (let child = column; child && child.parentElement; child = child.parentElement) {
      const parent = child.parentElement;
      for (const sibling of parent.children) {
        if (sibling === child || !isShown(sibling)) continue;
        const s = rectOf(sibling);
        const overlap = Math.min(s.bottom, r.bottom) - Math.max(s.top, r.top);
        if (overlap < Math.min(r.height, s.height) * 0.5) continue;
        if (
          s.width < r.width * 1.5 ||
          text(sibling).length < Math.max(200, text(column).length * 0.5)
        )
          continue;
        // The span: the sidebar and the content together (the layout's width, centred or not).
        if (s.left >= r.right - 2)
          return { side: 'left', element: child, span: s.right - Math.max(0, r.left) };
        if (s.right <= r.left + 2)
          return { side: 'right', element: child, span: Math.min(W, r.right) - s.left };
      }
      const p = rectOf(parent);
      if (parent === body || p.width > r.width * 1.25 || p.height > r.height * 1.5)
        return undefined;
    }
    return undefined;
  };
  for (const e of [...body.querySelectorAll('td, div, aside, nav, ul, section')].slice(0, 4000)) {
    if (e.closest('[data-sitelift-aside], header, footer, [role=contentinfo], #footer, .footer'))
      continue;
    if (!isShown(e)) continue;
    const r = rectOf(e);
    if (r.width < 80 || r.width > W * 0.3 || r.height < 120 || r.left > W * 0.9) continue;
    if (e.querySelectorAll('a[href]').length < 3 || linkedShare(e) < 0.3) continue;
    const found = besideOf(e, r);
    if (!found || found.element.closest('[data-sitelift-aside]')) continue;
    const box = rectOf(found.element);
    found.element.setAttribute('data-sitelift-aside', found.side);
    found.element.setAttribute('data-sitelift-aside-width', String(Math.round(box.width)));
    found.element.setAttribute('data-sitelift-aside-span', String(Math.round(found.span)));
    // Its own fill and words' colour (a blue menu column with white links), when it has a fill.
    const fill = fillOf(found.element);
    if (found.element.contains(fill.element) && !fill.image && isOpaque(fill.color)) {
      found.element.setAttribute('data-sitelift-aside-fill', fill.color);
      found.element.setAttribute('data-sitelift-aside-text', textColorOf(found.element));
    }
  }

  // Layout rows: a block whose shown children stand side by side as columns (a picture beside its
  // text, a map beside the contact details), not repeated cards (those are items) nor a sidebar
  // (the aside). Marked `data-sitelift-row` with each column's share of the row in percent, its
  // columns `data-sitelift-col`. Rows taller than one and a half screens (a page's whole layout) are
  // left to the aside.
  const COLUMN_TAGS = new Set(['DIV', 'SECTION', 'ARTICLE', 'ASIDE', 'FIGURE']);
  for (const row of [...body.querySelectorAll('div, section, article, main')].slice(0, 4000)) {
    if (
      row.hasAttribute('data-sitelift-columns') ||
      row.querySelector('[data-sitelift-aside]') ||
      row.closest(
        'header, footer, nav, form, [data-sitelift-menu], [data-sitelift-aside], [data-sitelift-dialog], [data-sitelift-splash], [data-sitelift-columns]',
      ) ||
      !isShown(row)
    )
      continue;
    const r = rectOf(row);
    if (r.width < W * 0.4 || r.height > H * 1.5) continue;
    const columns = [...row.children].filter(
      (child) => style(child).display !== 'none' && style(child).position !== 'absolute',
    );
    if (columns.length < 2 || columns.length > 4) continue;
    if (!columns.every((child) => COLUMN_TAGS.has(child.tagName))) continue;
    const boxes = columns.map(rectOf);
    const ok = boxes.every(
      (b, i) =>
        b.width >= Math.max(40, r.width * 0.05) &&
        (i === 0 || (b.left >= boxes[i - 1].right - 2 && Math.abs(b.top - boxes[0].top) <= 24)),
    );
    const used = boxes.reduce((sum, b) => sum + b.width, 0);
    if (!ok || used < r.width * 0.8) continue;
    if (columns.filter((child) => text(child).length > 0).length < 1) continue;
    row.setAttribute(
      'data-sitelift-row',
      boxes.map((b) => ((b.width / used) * 100).toFixed(1)).join(' '),
    );
    for (const child of columns) child.setAttribute('data-sitelift-col', '');
  }

  // Lists laid out in a row (a pager, page numbers, social icons): marked `data-sitelift-inline`, so
  // that the rebuild keeps them on one line rather than as a bulleted column.
  for (const list of [...body.querySelectorAll('ul, ol')].slice(0, 2000)) {
    // (Its own box may be empty: floated items do not give a list height.)
    if (list.closest('[data-sitelift-menu], nav') || style(list).display === 'none') continue;
    // An item whose link floats (Bootstrap's pagination) has an empty box of its own: its link's counts.
    const boxOf = (li) =>
      rectOf(li).width > 0 || !li.firstElementChild ? rectOf(li) : rectOf(li.firstElementChild);
    const items = [...list.children].filter(
      (li) => li.tagName === 'LI' && style(li).display !== 'none' && boxOf(li).width > 0,
    );
    if (items.length < 2) continue;
    const boxes = items.map(boxOf);
    const first = boxes[0];
    const beside = boxes.filter(
      (b) => Math.abs(b.top - first.top) <= 4 && (b === first || b.left >= first.right - 1),
    ).length;
    if (beside >= 2) list.setAttribute('data-sitelift-inline', '');
  }

  // Text alignment as rendered: an element whose computed text-align differs from its parent's is
  // marked `data-sitelift-align` (center or left); the body always is, so that extract knows the page
  // was measured and reads these marks rather than guessing from class names.
  const aligns = new Map();
  const alignOf = (e) => {
    let a = aligns.get(e);
    if (a === undefined) {
      a = /center/.test(style(e).textAlign) ? 'center' : 'left';
      aligns.set(e, a);
    }
    return a;
  };
  body.setAttribute('data-sitelift-align', alignOf(body));
  for (const e of [...body.querySelectorAll('*')].slice(0, 20000)) {
    if (e.closest('svg, script, style, template') || !e.parentElement) continue;
    const a = alignOf(e);
    if (a !== alignOf(e.parentElement)) e.setAttribute('data-sitelift-align', a);
  }

  // The hero: a large picture in the first view (a CSS background or the first big <img>).
  let hero;
  let heroHeadlineSize;
  const candidates = [
    ...doc.body.querySelectorAll('header, section, div, figure, main, a, img, picture'),
  ].slice(0, 3000);
  for (const e of candidates) {
    const r = rectOf(e);
    const y = top(r);
    if (y > H * 0.75 || r.width < W * 0.5 || r.height < Math.min(H * 0.3, 240)) continue;
    if (
      r.height > H * 1.5 ||
      !isShown(e) ||
      e.closest('[data-sitelift-menu]') ||
      isInCover(e) ||
      inSplash(e)
    )
      continue;
    // A carousel in the first view is a carousel (extract keeps every slide), not a hero.
    if (
      e.closest(
        '.carousel, .slick-slider, .owl-carousel, .swiper, .swiper-container, .flexslider, [class*=slider], [class*=slideshow]',
      )
    )
      continue;
    const s = style(e);
    const image = e.tagName === 'IMG' ? e.currentSrc || e.src : imageUrl(s.backgroundImage);
    if (!image) continue;
    // A tiled texture is the page's paper, not a picture.
    if (
      e.tagName !== 'IMG' &&
      !/no-repeat/.test(s.backgroundRepeat) &&
      /^auto/.test(s.backgroundSize)
    )
      continue;
    hero = {
      element: e,
      image,
      isBackground: e.tagName !== 'IMG',
      alt: e.tagName === 'IMG' ? (e.alt || '').trim() : '',
      width: Math.round(r.width),
      height: Math.round(r.height),
      isFullBleed: r.width >= W * 0.95,
    };
    // The overlay: a translucent layer over the picture (a gradient layer, a ::before/::after, a covering child).
    const gradient = /(?:linear|radial)-gradient\([^)]*?(rgba?\([^)]*\))/.exec(s.backgroundImage);
    if (gradient) hero.overlay = gradient[1];
    for (const pseudo of ['::before', '::after']) {
      if (hero.overlay) break;
      const p = getComputedStyle(e, pseudo);
      if (p.content !== 'none' && alphaOf(p.backgroundColor) > 0) hero.overlay = p.backgroundColor;
    }
    if (!hero.overlay) {
      for (const k of e.children) {
        const kr = rectOf(k);
        const ks = style(k);
        const a = alphaOf(ks.backgroundColor);
        if (a > 0 && a < 1 && kr.width >= r.width * 0.9 && kr.height >= r.height * 0.9) {
          hero.overlay = ks.backgroundColor;
          break;
        }
      }
    }
    // The hero's words sit in the pictured element, or beside it in a wrapper of about its size.
    let scope = e.tagName === 'IMG' || e.tagName === 'PICTURE' ? e.parentElement || e : e;
    const fits = (p) => {
      const pr = rectOf(p);
      return (
        Math.abs(pr.top - r.top) <= 10 &&
        pr.height <= r.height * 1.3 &&
        !p.querySelector('[data-sitelift-menu]')
      );
    };
    while (
      !text(scope) &&
      scope.parentElement &&
      scope.parentElement !== body &&
      fits(scope.parentElement)
    )
      scope = scope.parentElement;
    // A background picture without a word on or beside it is decoration, not a hero.
    if (e.tagName !== 'IMG' && !text(scope)) continue;
    // The headline is the largest text in the hero, the sub-line the next largest.
    const texts = [...scope.querySelectorAll('h1, h2, h3, h4, h5, h6, p, div, span, strong, em')]
      .filter(
        (t) =>
          !t.closest('a, button') &&
          !inSplash(t) &&
          [...t.childNodes].some((n) => n.nodeType === 3 && n.nodeValue.trim()) &&
          isShown(t),
      )
      .map((t) => ({ t, size: Number.parseFloat(style(t).fontSize) || 0 }));
    const byNode = (x) => texts.indexOf(x);
    const sorted = texts.slice().sort((a, b) => b.size - a.size || byNode(a) - byNode(b));
    if (sorted[0]) {
      hero.headline = text(sorted[0].t);
      heroHeadlineSize = sorted[0].size;
      const sub = sorted.find(
        (x) =>
          x.t !== sorted[0].t &&
          !x.t.contains(sorted[0].t) &&
          !sorted[0].t.contains(x.t) &&
          text(x.t) !== hero.headline,
      );
      if (sub) hero.subline = text(sub.t);
    }
    const cta = [...scope.querySelectorAll('a[href]')].find(
      (a) =>
        isShown(a) &&
        text(a) &&
        !a.closest('[data-sitelift-menu], [data-sitelift-brand], [data-sitelift-splash]'),
    );
    if (cta) hero.cta = { label: text(cta), href: cta.href };
    break;
  }

  // The type scale and the content column (issue 12): STYLE_MODERNIZATION keeps the original's own
  // sizes, column and rhythm, measured here at the viewport's width (a fixed scale moved every block).
  const px = (v) => Number.parseFloat(v) || 0;
  const round = (n) => Math.round(n * 10) / 10;
  const leadingOf = (s) => (s.lineHeight === 'normal' ? px(s.fontSize) * 1.2 : px(s.lineHeight));
  const isChrome = (e) =>
    !!e.closest(
      'header, footer, nav, [role=banner], [role=contentinfo], [role=navigation], [data-sitelift-menu], [data-sitelift-splash], [data-sitelift-dialog], script, style, noscript, template, button, select, textarea, h1, h2, h3, h4, h5, h6',
    ) ||
    (header && header.contains(e)) ||
    (footer && footer.contains(e));
  const blockOf = (e) => {
    for (let a = e; a && a !== body; a = a.parentElement)
      if (!/^inline/.test(style(a).display)) return a;
    return body;
  };
  /** The value carrying the most weight (characters) in a map of value → weight. */
  const heaviest = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]).map(([k]) => k)[0];
  const weightedMedian = (pairs) => {
    const sorted = pairs.slice().sort((a, b) => a[0] - b[0]);
    const half = sorted.reduce((sum, p) => sum + p[1], 0) / 2;
    let seen = 0;
    for (const [value, weight] of sorted) {
      seen += weight;
      if (seen >= half) return value;
    }
    return undefined;
  };
  const median = (values) => weightedMedian(values.map((v) => [v, 1]));
  const contentBox = (e) => {
    const r = rectOf(e);
    const s = style(e);
    const left = r.left + px(s.paddingLeft) + px(s.borderLeftWidth);
    const right = r.right - px(s.paddingRight) - px(s.borderRightWidth);
    return { left, width: right - left };
  };
  const bodyScale = new Map();
  const boxes = new Map();
  let centredChars = 0;
  let allChars = 0;
  const walker = doc.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  let nodes = 0;
  for (let n = walker.nextNode(); n && nodes < 20000; n = walker.nextNode()) {
    nodes++;
    const chars = n.nodeValue.replace(/\s+/g, '').length;
    const parent = n.parentElement;
    if (chars === 0 || !parent || isChrome(parent) || inSplash(parent) || isInCover(parent))
      continue;
    if (!isShown(parent)) continue;
    const s = style(parent);
    add(bodyScale, round(px(s.fontSize)) + '|' + round(leadingOf(s)), chars);
    allChars += chars;
    if (s.textAlign === 'center') centredChars += chars;
    const box = blockOf(parent);
    boxes.set(box, (boxes.get(box) || 0) + chars);
  }
  let typography;
  const scale = heaviest(bodyScale);
  if (scale) {
    const [size, leading] = scale.split('|').map(Number);
    typography = { body: { size, lineHeight: leading } };
    // Most words centred (a 1998 page's <center>): the rebuild centres its text too.
    if (centredChars >= allChars * 0.6) typography.isTextCentered = true;
    if (heroHeadlineSize) typography.heroHeadline = round(heroHeadlineSize);
    const headingScale = {};
    for (const level of [1, 2, 3]) {
      const sizes = new Map();
      const weights = new Map();
      for (const h of doc.querySelectorAll('h' + level)) {
        if (!isShown(h) || !text(h) || inSplash(h) || (header && header.contains(h))) continue;
        add(sizes, round(px(style(h).fontSize)), 1);
        add(weights, style(h).fontWeight, 1);
      }
      const hs = heaviest(sizes);
      if (hs) headingScale['h' + level] = { size: hs, weight: Number(heaviest(weights)) || 700 };
    }
    Object.assign(typography, headingScale);
    // The column: the outermost box narrower than the viewport around the paragraphs holding most
    // characters (a Bootstrap .container, a centred wrapper, the body inside its margin).
    const containers = new Map();
    const widths = [];
    for (const [box, chars] of boxes) {
      let outer = box;
      for (let a = box; a && a !== doc.documentElement; a = a.parentElement)
        if (rectOf(a).width < W - 2) outer = a;
      if (rectOf(outer).width >= W - 2) continue;
      const c = contentBox(outer);
      if (c.width <= 0) continue;
      const key = Math.round(c.left) + '|' + Math.round(c.width);
      add(containers, key, chars);
      const bw = contentBox(box).width;
      if (bw > 0) widths.push([Math.round(bw), chars, key]);
    }
    const column = heaviest(containers);
    if (column) {
      const [left, width] = column.split('|').map(Number);
      // The measure: how wide the paragraphs of that column run (those spanning half of it or more).
      const spans = widths.filter((w) => w[2] === column && w[0] >= width * 0.5);
      const measure = weightedMedian(spans) || width;
      typography.column = {
        left,
        width,
        measure: Math.min(measure, width),
        isCentered: Math.abs(left + width / 2 - W / 2) <= Math.max(8, W * 0.01),
      };
    }
    // The rhythm: the gap between two paragraphs in a row, and the gap before a section's heading.
    const paragraphGaps = [];
    for (const p of doc.querySelectorAll('p')) {
      const next = p.nextElementSibling;
      if (!next || next.tagName !== 'P' || isChrome(p) || !isShown(p) || !isShown(next)) continue;
      const gap = rectOf(next).top - rectOf(p).bottom;
      if (gap >= 0 && gap <= 120) paragraphGaps.push(gap);
    }
    // Gaps before h2s (the sections' headings) when the page has any, else before h3s: the gaps
    // before an item's h3 inside a section are not the space between sections.
    const sectionGaps = [];
    const sectionHeadings = [...doc.querySelectorAll('h2')].some(
      (h) => isShown(h) && !isChrome(h.parentElement || h),
    )
      ? 'h2'
      : 'h3';
    for (const h of doc.querySelectorAll(sectionHeadings)) {
      if (!isShown(h) || isChrome(h.parentElement || h) || (header && header.contains(h))) continue;
      const hr = rectOf(h);
      // The nearest shown box above it: a previous sibling, else its parent's.
      let before;
      for (let a = h; a && a !== body && !before; a = a.parentElement) {
        for (let b = a.previousElementSibling; b; b = b.previousElementSibling)
          if (isShown(b) && rectOf(b).bottom <= hr.top + 1) {
            before = b;
            break;
          }
      }
      if (!before) continue;
      const gap = hr.top - rectOf(before).bottom;
      if (gap >= 0 && gap <= 400) sectionGaps.push(gap);
    }
    if (paragraphGaps.length > 0) typography.paragraphGap = round(median(paragraphGaps));
    if (sectionGaps.length > 0) typography.sectionGap = round(median(sectionGaps));
    // Bands: full-width blocks of the content drawn on a fill other than the page's (agency-bs3's
    // grey sections). Without them the rebuild draws no alternating bands either.
    let bands = 0;
    for (const e of doc.body.querySelectorAll('section, div, article, main, table')) {
      if (bands >= 2) break;
      const r = rectOf(e);
      if (r.width < W * 0.9 || r.height < 120 || r.height > documentHeight * 0.6) continue;
      if (isChrome(e) || isInCover(e) || inSplash(e) || (hero && hero.element === e)) continue;
      const s = style(e);
      if (!isOpaque(s.backgroundColor) || s.backgroundColor === background.color) continue;
      if (imageUrl(s.backgroundImage) || !isShown(e)) continue;
      bands++;
    }
    typography.hasBands = bands > 0;
  }

  // The body text's colour as its paragraphs show it: the colour most characters of the content's
  // paragraphs are written in, on the page's own ground (agency-bs3 writes them in a muted grey, not
  // in the body's #333). Paragraphs on another fill (a dark band) do not count.
  const channels = (c) => {
    const m = /rgba?\(([^)]*)\)/.exec(c || '');
    return m
      ? m[1]
          .split(/[\s,/]+/)
          .filter(Boolean)
          .map(Number)
      : undefined;
  };
  const lum = (c) => {
    const [r, g, b] = channels(c).map((v) => {
      const x = v / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
    return (x + 0.05) / (y + 0.05);
  };
  let paragraphText;
  if (channels(background && background.color) && !(background && background.image)) {
    const weights = new Map();
    for (const p of [...body.querySelectorAll('p, li, dd, td')].slice(0, 3000)) {
      if (
        p.closest(
          'header, footer, nav, [data-sitelift-menu], [data-sitelift-splash], [data-sitelift-dialog], [data-sitelift-aside]',
        ) ||
        !isShown(p)
      )
        continue;
      const color = style(p).color;
      const length = text(p).length;
      if (!channels(color) || length === 0 || fillOf(p).color !== background.color) continue;
      weights.set(color, (weights.get(color) || 0) + length);
    }
    const [top] = [...weights.entries()].sort((a, b) => b[1] - a[1]);
    if (top && ratio(top[0], background.color) >= 3) paragraphText = top[0];
  }

  const headingElement = doc.querySelector('h1, h2, h3');
  const result = {
    viewport: { width: W, height: H },
    background,
    text: paragraphText || style(body).color,
    links: ranked(links).slice(0, 5),
    headings: ranked(headings).slice(0, 5),
    buttons: [...buttons.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([key, weight]) => {
        const [bg, fg, border] = key.split('|');
        return { background: bg, text: fg, border, weight: Math.round(weight) };
      }),
    accents: ranked(accents).slice(0, 24),
    fonts: {
      body: style(body).fontFamily,
      heading: headingElement ? style(headingElement).fontFamily : style(body).fontFamily,
    },
  };
  const headerRegion = regionOf(header);
  if (headerRegion) {
    // A transparent header laid over the hero's picture shows that picture, not the page's colour.
    const heroElement = hero && hero.element;
    if (
      heroElement &&
      header &&
      !header.contains(heroElement) &&
      fillOf(header).element.contains(heroElement)
    ) {
      const hr = rectOf(header);
      const pr = rectOf(heroElement);
      if (hr.top >= pr.top - 1 && hr.bottom <= pr.bottom + 1) {
        headerRegion.background = hero.overlay || headerRegion.background;
        headerRegion.image = hero.image;
      }
    }
    result.header = headerRegion;
  }
  if (hero) delete hero.element;
  const footerRegion = regionOf(footer);
  if (footerRegion) result.footer = footerRegion;
  if (logo) result.logo = logo;
  if (brandInfo) result.brand = brandInfo;
  if (hero) result.hero = hero;
  if (menuItems) result.menuItems = menuItems;
  if (typography) result.typography = typography;
  return result;
})();
