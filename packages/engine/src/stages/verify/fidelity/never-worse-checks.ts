/**
 * The "never worse" checks (issue 23): what a rebuild must not do worse than its original, each
 * site-independent, passed or not with what was found. The rebuild's side is its rendered pages at
 * 1440 px (LayoutSnapshot with `identity`), the original's its own snapshot (measured where the
 * identity probe marked it: brand, menu, overlays, hidden states) and the model's identity (menu,
 * hero, name). A check whose input is absent (no original measured, no menu, no hero, no logo…) is
 * not applicable and left out, like the identity checks. Page-level checks read every route with
 * both sides measured and report once, naming the routes that failed.
 */
import { slugify, type SiteIdentity } from '../../../model';
import type { NeverWorseCheck } from '../../../measure/fidelity';
import type { LayoutSnapshot, Picture, TextBlock } from '../../../measure/layout-snapshot';
import { toLanguageCode, toLanguageOfName } from '../../../measure/language-links';
import { compareLogoHeight, HERO_MIN_SHARE, judgeSiteName, toLabelKey } from './identity-checks';

/** One route's two sides, and the contrast of its first screen's words over pictures. */
export interface NeverWorseRoute {
  route: string;
  /** The rebuild's page at 1440 px. */
  rebuilt: LayoutSnapshot;
  /** The original's page at 1440 px, when measured. */
  original?: LayoutSnapshot;
  /** Words of the rebuild's first screen drawn over a picture, with their contrast on its screenshot. */
  textOverPictures?: { text: string; contrast: number }[];
}

/** Smallest picture (CSS px each way) that counts as shown twice: icons and bullets repeat. */
const REPEATED_PICTURE_MIN_PX = 32;
/** A menu is shown again when at least this share of its items (and three) appear again. */
const MENU_COPY_SHARE = 0.6;
const MENU_COPY_MIN = 3;
/** Contrast body text needs (WCAG AA), and the length of words that count as body text. */
const BODY_TEXT_CONTRAST = 4.5;
const BODY_TEXT_MIN_CHARS = 40;
/** A 1440 px layout leaving more than this share of the width empty wastes it. */
const MAX_EMPTY_WIDTH = 0.4;
/**
 * How much more of the width (share) a rebuild may leave empty than its original and still be the
 * same layout: the rebuild's page margins (2 × 32 px, 4.4 % of 1440 px) against an original drawn
 * from the window's edge, and a font whose lines run a little shorter, move the edges by that much.
 */
const SAME_WIDTH_TOLERANCE = 0.08;
/**
 * The longest line running text uses (about 100 characters of 16 px text): lines beyond it read
 * worse, so an original whose paragraphs ran across the whole screen did not "use" that width.
 */
const READABLE_LINE_PX = 800;
/**
 * A block whose lines cover at least this share of its box fills it (a paragraph wrapped in its
 * column, its last line short); one that covers less is words interrupted by a nested block, or
 * lines of very different lengths.
 */
const FILLED_BOX_SHARE = 0.5;
/** A marked text this long is matched inside a longer block (shorter ones only as a whole). */
const MARKED_MATCH_MIN_CHARS = 25;

/**
 * Marks a page shows only on hover (a heading's permalink): a block that is one of them, or ends in
 * one after a space.
 */
const HOVER_MARK = /(?:^|\s)[¶§#🔗⚓]\uFE0F?$/u;

/** A picture's file name as both sides spell it: the rebuild's `images/<slug>-<hash>[-480w].webp`. */
export function toPictureStem(src: string): string {
  if (src === '' || src.startsWith('data:')) return src;
  let name = src;
  try {
    name = decodeURIComponent(new URL(src, 'http://x/').pathname.split('/').pop() ?? '');
  } catch {
    // An unparsable URL is compared as it is.
  }
  // The rebuild's responsive variants (`-480w`) and its hash come off.
  return slugify(name.replace(/\.[a-z0-9]+$/iu, ''))
    .replace(/-\d+w$/u, '')
    .replace(/-[0-9a-f]{8}(?:-\d+)?$/u, '');
}

/** A URL as a page address: no hash, no trailing `index.html` or slash. */
function toPageKey(href: string): string {
  try {
    const url = new URL(href);
    return `${url.origin}${url.pathname.replace(/(?:index\.[a-z]+)?$/u, '').replace(/\/+$/u, '')}`;
  } catch {
    return href;
  }
}

function quote(text: string, max = 60): string {
  const short = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return `"${short}"`;
}

function listed(items: string[], max = 4): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown} and ${items.length - max} more` : shown;
}

/**
 * One check over every route: each route's finding, or undefined when it passed. Not applicable
 * (undefined) when no route had the input.
 */
function overRoutes(
  check: NeverWorseCheck['check'],
  routes: NeverWorseRoute[],
  expected: string,
  readRoute: (route: NeverWorseRoute) => { failure?: string } | undefined,
): NeverWorseCheck | undefined {
  const failures: string[] = [];
  let measured = 0;
  for (const route of routes) {
    const result = readRoute(route);
    if (result === undefined) continue;
    measured++;
    if (result.failure !== undefined) failures.push(`${route.route}: ${result.failure}`);
  }
  if (measured === 0) return undefined;
  return failures.length === 0
    ? {
        check,
        ok: true,
        found: `none on ${measured} page${measured === 1 ? '' : 's'}`,
        expected,
      }
    : { check, ok: false, found: failures.join('; '), expected };
}

function isRepeatable(picture: Picture): boolean {
  return (
    picture.src !== '' &&
    picture.box.width >= REPEATED_PICTURE_MIN_PX &&
    picture.box.height >= REPEATED_PICTURE_MIN_PX
  );
}

function countByStem(pictures: Picture[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const picture of pictures.filter(isRepeatable)) {
    const stem = toPictureStem(picture.src);
    counts.set(stem, (counts.get(stem) ?? 0) + 1);
  }
  return counts;
}

/**
 * A picture shown more often than the original showed it (a hover or slide duplicate). A picture
 * of an item the original's filter hid at load (a filterable gallery's other category) was the
 * original's once more: the rebuild, which has no filter, shows that item.
 */
export function checkPictureTwice(routes: NeverWorseRoute[]): NeverWorseCheck | undefined {
  return overRoutes('picture_twice', routes, 'each picture shown once', (route) => {
    const pictures = route.rebuilt.identity?.pictures;
    if (pictures === undefined) return undefined;
    const before = countByStem(route.original?.identity?.pictures ?? []);
    const filtered = new Set((route.original?.identity?.filtered ?? []).map(toPictureStem));
    const allowed = (stem: string) =>
      Math.max(1, (before.get(stem) ?? 0) + (filtered.has(stem) ? 1 : 0));
    const repeated = [...countByStem(pictures)].filter(([stem, count]) => count > allowed(stem));
    return repeated.length === 0
      ? {}
      : {
          failure: listed(
            repeated.map(
              ([stem, count]) => `${stem} ${count}× (original ${before.get(stem) ?? 0}×)`,
            ),
          ),
        };
  });
}

function menuLabels(identity: SiteIdentity | undefined): string[] {
  return [...new Set((identity?.menu ?? []).map((item) => toLabelKey(item.label)).filter(Boolean))];
}

/** The menu's labels shown by links outside the header and the footer. */
function menuCopies(labels: string[], page: LayoutSnapshot): string[] {
  const shown = new Set(
    (page.identity?.controls ?? [])
      .filter((control) => control.place === 'main')
      .map((control) => toLabelKey(control.label)),
  );
  return labels.filter((label) => shown.has(label));
}

function isMenuCopy(copied: string[], labels: string[]): boolean {
  return copied.length >= Math.max(MENU_COPY_MIN, Math.ceil(labels.length * MENU_COPY_SHARE));
}

/** The main menu shown again in the content (beside the header's), where the original did not. */
export function checkMenuTwice(
  identity: SiteIdentity | undefined,
  start: NeverWorseRoute,
): NeverWorseCheck | undefined {
  const labels = menuLabels(identity);
  const controls = start.rebuilt.identity?.controls;
  if (labels.length < MENU_COPY_MIN || controls === undefined) return undefined;
  if (!controls.some((control) => control.place !== undefined)) return undefined;
  const copied = menuCopies(labels, start.rebuilt);
  const before =
    start.original?.identity?.controls.some((control) => control.place !== undefined) === true
      ? menuCopies(labels, start.original)
      : [];
  const ok = !isMenuCopy(copied, labels) || isMenuCopy(before, labels);
  return {
    check: 'menu_twice',
    ok,
    found:
      copied.length === 0
        ? 'the menu shown once'
        : `${copied.length}/${labels.length} menu items linked again outside the header and footer (${listed(copied)}); the original ${before.length}`,
    expected: 'the menu shown once, in the header',
  };
}

/** Picture links to the menu's pages (a menu of hover-swap or sliced pictures kept as pictures). */
export function checkMenuAsPictures(start: NeverWorseRoute): NeverWorseCheck | undefined {
  const identity = start.rebuilt.identity;
  if (identity?.pictures === undefined || identity.header === undefined) return undefined;
  const home = identity.controls.filter((control) => control.isHome).map((c) => c.href);
  const targets = new Set(
    identity.header.controls
      .filter((control) => control.href !== undefined && !control.isHome)
      .map((control) => toPageKey(control.href!)),
  );
  for (const href of home) if (href !== undefined) targets.delete(toPageKey(href));
  const linked = [
    ...new Set(
      identity.pictures
        .filter((picture) => picture.href !== undefined && targets.has(toPageKey(picture.href)))
        .map((picture) => toPageKey(picture.href!)),
    ),
  ];
  return {
    check: 'menu_as_pictures',
    ok: linked.length < MENU_COPY_MIN,
    found:
      linked.length === 0
        ? 'no picture links to the menu’s pages'
        : `${linked.length} picture link${linked.length === 1 ? '' : 's'} to the menu’s pages (${listed(linked.map((href) => href.replace(/^[a-z]+:\/\/[^/]+/iu, '') || '/'))})`,
    expected: `fewer than ${MENU_COPY_MIN} picture links to the menu’s pages`,
  };
}

/** The logo or name picture shown at under half its original height, or under 32 px. */
export function checkLogoSize(start: NeverWorseRoute): NeverWorseCheck | undefined {
  const original = start.original?.identity?.logo;
  if (original === undefined || start.rebuilt.identity === undefined) return undefined;
  // A logo that did not load drew no picture in the original: there is no height to keep.
  if (original.broken === true) return undefined;
  return { check: 'logo_size', ...compareLogoHeight(original, start.rebuilt.identity.logo) };
}

/** A text as matched: lower case, whitespace collapsed. */
function toTextKey(text: string): string {
  return text.toLowerCase().replace(/\s+/gu, ' ').trim();
}

function showsMarkedText(marked: string, blocks: TextBlock[]): TextBlock | undefined {
  return blocks.find((block) => {
    const key = toTextKey(block.text);
    if (key === marked) return true;
    if (marked.length >= MARKED_MATCH_MIN_CHARS && key.includes(marked)) return true;
    return key.length >= MARKED_MATCH_MIN_CHARS && marked.includes(key);
  });
}

/** Words of an overlay, a hidden form state or a print-only note of the original shown as content. */
export function checkHiddenTextShown(routes: NeverWorseRoute[]): NeverWorseCheck | undefined {
  return overRoutes(
    'hidden_text_shown',
    routes,
    'no overlay, hidden-state or print-only words in the content',
    (route) => {
      // A snapshot that lists the pictures was measured with the marks read: none marked is none.
      const measured = route.original?.identity;
      if (measured?.pictures === undefined) return undefined;
      const marked = measured.marked ?? [];
      const shown = marked.flatMap((item) => {
        const key = toTextKey(item.text);
        return key.length > 0 && showsMarkedText(key, route.rebuilt.blocks) !== undefined
          ? [`${item.kind} ${quote(item.text, 50)}`]
          : [];
      });
      return shown.length === 0 ? {} : { failure: `shown: ${listed([...new Set(shown)], 3)}` };
    },
  );
}

/**
 * A link label or alt that names a language version (measure/language-links.ts reads the names):
 * "English", "Deutsch", "DE", "Home en".
 */
export function isLanguageLabel(label: string): boolean {
  const key = toLabelKey(label);
  if (toLanguageOfName(key) !== undefined) return true;
  if (/^[a-z]{2}$/u.test(key)) return toLanguageCode(key) !== undefined;
  const suffix = /\s([a-z]{2})$/u.exec(key)?.[1];
  return suffix !== undefined && toLanguageCode(suffix) !== undefined && key.split(' ').length <= 3;
}

/**
 * Links to language versions mixed into the header's menu. A labelled group of the header whose every
 * link leads to a language version is a language switcher of its own, whatever its label's language;
 * flag pictures linking anywhere in the header are the original's flags kept.
 */
export function checkLanguageMenu(start: NeverWorseRoute): NeverWorseCheck | undefined {
  const identity = start.rebuilt.identity;
  if (identity?.header === undefined) return undefined;
  const isLanguageLink = (control: { lang?: string; label: string }) =>
    control.lang !== undefined || isLanguageLabel(control.label);
  const groups = new Map<string, typeof identity.header.controls>();
  for (const control of identity.header.controls.filter((item) => item.kind === 'link')) {
    const group = control.group ?? '';
    groups.set(group, [...(groups.get(group) ?? []), control]);
  }
  const links: string[] = [];
  for (const [group, controls] of groups) {
    const languages = controls.filter(isLanguageLink);
    if (group !== '' && languages.length === controls.length) continue;
    links.push(...languages.map((control) => control.label));
  }
  links.push(
    ...identity.header.pictures
      .filter((picture) => picture.href !== undefined && isLanguageLabel(picture.alt ?? ''))
      .map((picture) => `picture "${picture.alt!}"`),
  );
  return {
    check: 'language_menu',
    ok: links.length < 2,
    found:
      links.length === 0
        ? 'no language links in the header’s menu'
        : `${links.length} language link${links.length === 1 ? '' : 's'} in the header’s menu: ${listed(links)}`,
    expected: 'language versions in a language switcher, not in the main menu',
  };
}

/** Marks the original showed only on hover (¶ permalinks) visible, more often than the original showed them. */
export function checkHoverMarks(routes: NeverWorseRoute[]): NeverWorseCheck | undefined {
  return overRoutes('hover_marks', routes, 'no hover-only marks (¶, #, 🔗) shown', (route) => {
    const marks = route.rebuilt.blocks.filter((block) => HOVER_MARK.test(block.text));
    const before = (route.original?.blocks ?? []).filter((block) =>
      HOVER_MARK.test(block.text),
    ).length;
    return marks.length <= before
      ? {}
      : {
          failure: `${marks.length} shown (original ${before}): ${listed(
            marks.map((block) => quote(block.text, 40)),
            3,
          )}`,
        };
  });
}

function visibleShare(picture: Picture, viewport: LayoutSnapshot['viewport']): number {
  const width =
    Math.min(picture.box.x + picture.box.width, viewport.width) - Math.max(picture.box.x, 0);
  const height =
    Math.min(picture.box.y + picture.box.height, viewport.height) - Math.max(picture.box.y, 0);
  return (Math.max(0, width) * Math.max(0, height)) / (viewport.width * viewport.height);
}

/** The first screen with the original's hero picture and headline, where it had them. */
export function checkFirstScreen(
  identity: SiteIdentity | undefined,
  start: NeverWorseRoute,
): NeverWorseCheck | undefined {
  const hero = identity?.hero;
  const rebuilt = start.rebuilt;
  const headline = hero?.headline !== undefined ? toTextKey(hero.headline) : '';
  // Only a downloaded picture: one that failed to load showed in the original as its colour alone.
  const image = hero?.image?.asset !== undefined ? hero.image : undefined;
  if (hero === undefined || rebuilt.identity === undefined) return undefined;
  if (image === undefined && headline === '') return undefined;
  const missing: string[] = [];
  const found: string[] = [];
  // The hero picture must cover HERO_MIN_SHARE of the first screen, or half of what the original's
  // covered where that was less (a hero picture beside the words, smaller than a backdrop).
  const shareOf = (page: LayoutSnapshot | undefined): number | undefined => {
    const largest = page?.identity?.firstScreenPictures[0];
    return page === undefined ? undefined : largest ? visibleShare(largest, page.viewport) : 0;
  };
  const originalShare = shareOf(start.original);
  const needed = Math.min(
    HERO_MIN_SHARE,
    originalShare === undefined ? HERO_MIN_SHARE : originalShare / 2,
  );
  if (image !== undefined) {
    const share = shareOf(rebuilt) ?? 0;
    found.push(
      `largest picture ${Math.round(share * 100)} % of the first screen${originalShare === undefined ? '' : ` (original ${Math.round(originalShare * 100)} %)`}`,
    );
    if (share < needed) missing.push('the hero picture');
  }
  if (headline !== '') {
    const shown = rebuilt.blocks.some((block) => {
      if (block.box.y >= rebuilt.viewport.height) return false;
      const key = toTextKey(block.text);
      return key.includes(headline) || (key.length >= 8 && headline.includes(key));
    });
    found.push(`headline ${quote(hero.headline!)} ${shown ? 'shown' : 'not shown'}`);
    if (!shown) missing.push('the headline');
  }
  return {
    check: 'first_screen',
    ok: missing.length === 0,
    found: `${found.join('; ')}${missing.length > 0 ? `; missing: ${missing.join(' and ')}` : ''}`,
    expected: `the original's ${[image !== undefined ? `hero picture (at least ${Math.round(needed * 100)} % of the first screen)` : '', headline !== '' ? 'headline' : ''].filter(Boolean).join(' and ')} in the first screen`,
  };
}

/** Body text over a picture that reads at under 4.5:1 (measured on the rebuild's first screen). */
export function checkTextOverPicture(routes: NeverWorseRoute[]): NeverWorseCheck | undefined {
  return overRoutes(
    'text_over_picture',
    routes,
    `body text over a picture at ${BODY_TEXT_CONTRAST}:1 or more`,
    (route) => {
      if (route.textOverPictures === undefined) return undefined;
      const low = route.textOverPictures
        .filter(
          (item) => item.text.length >= BODY_TEXT_MIN_CHARS && item.contrast < BODY_TEXT_CONTRAST,
        )
        .sort((a, b) => a.contrast - b.contrast);
      return low.length === 0
        ? {}
        : {
            failure: listed(
              low.map((item) => `${quote(item.text, 40)} at ${item.contrast.toFixed(1)}:1`),
              2,
            ),
          };
    },
  );
}

/**
 * The share of the viewport's width a page's content uses: the union of the horizontal extents of
 * its words and loaded `<img>`s below the header (full-width pictures say nothing about the column;
 * a picture that did not load showed an empty box). A block's words span the widest of its lines
 * where they fill its box (a paragraph wrapping in its column: the column is used), else its lines'
 * mean width (their area over the block's height: a short centred heading in a full-width box uses
 * little), at most `maxLine` (the original's: READABLE_LINE_PX; the rebuild's lines, however long,
 * leave nothing empty). What sits above or below words run on past `maxLine`, inside their
 * extent and no wider than `maxLine` (a picture centred over a page of run-on lines), is in their
 * column: it counts within their readable line, not beside it.
 */
export function toUsedWidth(page: LayoutSnapshot, maxLine = READABLE_LINE_PX): number {
  const width = page.viewport.width;
  const header = page.identity?.header;
  const below = header === undefined ? 0 : header.box.y + header.box.height;
  const words = page.blocks
    .filter((block) => block.box.y >= below)
    .map((block) => toWordsBox(block, Infinity));
  // Run-on words: their real extent, of which a readable line is credited.
  const runOn = words.filter((box) => box.width > maxLine);
  const pictures = (page.identity?.pictures ?? [])
    .filter(
      (picture) =>
        picture.kind === 'img' &&
        picture.broken !== true &&
        picture.box.y >= below &&
        picture.box.width < width * 0.95,
    )
    .map((picture) => picture.box);
  const boxes = [...words, ...pictures];
  // Alone on its line (nothing beside it: a column of a row is no line of a one-column page),
  // above or below run-on words and inside their extent.
  const isInRunOnColumn = (box: Box) =>
    box.width <= maxLine &&
    !boxes.some((other) => other !== box && isBeside(box, other)) &&
    runOn.some(
      (column) =>
        box.x >= column.x &&
        box.x + box.width <= column.x + column.width &&
        (box.y >= column.y + column.height || box.y + box.height <= column.y),
    );
  const spans = boxes
    .filter((box) => !isInRunOnColumn(box))
    .map((box) => (words.includes(box) ? { ...box, width: Math.min(box.width, maxLine) } : box))
    .map((box) => [Math.max(0, box.x), Math.min(width, box.x + box.width)] as const)
    .filter(([left, right]) => right > left)
    .sort((a, b) => a[0] - b[0]);
  let used = 0;
  let end = 0;
  for (const [left, right] of spans) {
    if (right <= end) continue;
    used += right - Math.max(left, end);
    end = right;
  }
  return width > 0 ? used / width : 0;
}

type Box = LayoutSnapshot['blocks'][number]['box'];

/** Two boxes side by side: rows in common, no columns in common. */
function isBeside(a: Box, b: Box): boolean {
  const rows = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const columns = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  return rows > 0 && columns <= 0;
}

/** The part of a text block's box its words use (see toUsedWidth). */
function toWordsBox(block: LayoutSnapshot['blocks'][number], maxLine: number): Box {
  const { box } = block;
  const filled = block.area >= box.width * box.height * FILLED_BOX_SHARE;
  const lines = box.height > 0 && !filled ? block.area / box.height : box.width;
  return { ...box, width: Math.min(box.width, lines, maxLine) };
}

/** At 1440 px, more than 40 % of the width left empty where the original used it. */
export function checkWidthUsed(routes: NeverWorseRoute[]): NeverWorseCheck | undefined {
  return overRoutes(
    'width_used',
    routes,
    `at most ${Math.round(MAX_EMPTY_WIDTH * 100)} % of the width empty where the original used it`,
    (route) => {
      const original = route.original;
      if (original === undefined || route.rebuilt.identity === undefined) return undefined;
      if (original.viewport.width !== route.rebuilt.viewport.width) return undefined;
      const after = toUsedWidth(route.rebuilt, Infinity);
      const before = toUsedWidth(original);
      const wasted =
        1 - after > MAX_EMPTY_WIDTH &&
        1 - before <= MAX_EMPTY_WIDTH &&
        before - after > SAME_WIDTH_TOLERANCE;
      return wasted
        ? {
            failure: `${Math.round((1 - after) * 100)} % of ${route.rebuilt.viewport.width} px empty, the original ${Math.round((1 - before) * 100)} %`,
          }
        : {};
    },
  );
}

/** Pictures that did not load, showing their alt text instead. */
export function checkBrokenImageAlt(routes: NeverWorseRoute[]): NeverWorseCheck | undefined {
  return overRoutes(
    'broken_image_alt',
    routes,
    'no broken picture showing its alt text',
    (route) => {
      const pictures = route.rebuilt.identity?.pictures;
      if (pictures === undefined) return undefined;
      const broken = pictures.filter((picture) => picture.broken === true && picture.alt);
      return broken.length === 0
        ? {}
        : {
            failure: listed(
              broken.map((picture) => `${quote(picture.alt!, 40)} (${toPictureStem(picture.src)})`),
            ),
          };
    },
  );
}

/** The site named after a host or a control label. */
export function checkSiteName(
  identity: SiteIdentity | undefined,
  start: NeverWorseRoute,
): NeverWorseCheck | undefined {
  if (identity?.nameSource === undefined) return undefined;
  return { check: 'site_name', ...judgeSiteName(identity, start.original, start.rebuilt) };
}

/**
 * The applicable "never worse" checks of a rebuild: `routes` in the report's order (the first is
 * the start page), each with its rebuilt page at 1440 px and the original's when measured.
 */
export function checkNeverWorse(
  identity: SiteIdentity | undefined,
  routes: NeverWorseRoute[],
): NeverWorseCheck[] {
  const start = routes[0];
  if (start === undefined) return [];
  return [
    checkPictureTwice(routes),
    checkMenuTwice(identity, start),
    checkMenuAsPictures(start),
    checkLogoSize(start),
    checkHiddenTextShown(routes),
    checkLanguageMenu(start),
    checkHoverMarks(routes),
    checkFirstScreen(identity, start),
    checkTextOverPicture(routes),
    checkWidthUsed(routes),
    checkBrokenImageAlt(routes),
    checkSiteName(identity, start),
  ].filter((check): check is NeverWorseCheck => check !== undefined);
}
