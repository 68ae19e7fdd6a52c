/**
 * Identity checks (issue 12): does the rebuild's start page show the original's brand colour, logo,
 * hero picture, menu, name and fonts? The original's identity comes from the model (extract read it
 * from the rendered page); the rebuild's side is measured in its rendered DOM (LayoutSnapshot
 * `identity`, 1440 px). A check whose input the model does not have (no logo, no hero picture, no
 * menu, no name source, no fonts, no primary colour) is not applicable and left out of the list.
 */
import type { SiteIdentity } from '../../../model';
import type { IdentityCheck } from '../../../measure/fidelity';
import { isWebSafeFamily } from '../../../design/offline-designer';
import { toDeltaE, toHexColor } from './color-distance';
import type { Box, Control, LayoutSnapshot, Picture } from '../../../measure/layout-snapshot';

/** Largest ΔE2000 at which the rebuild's colour still counts as the brand colour. */
export const BRAND_COLOR_MAX_DELTA_E = 10;
/** Share of the first screen a picture must cover to count as the hero picture. */
export const HERO_MIN_SHARE = 0.15;
/** Smallest logo, in CSS px each way. */
const LOGO_MIN_PX = 16;
/** A logo smaller than this (CSS px high) is too small, when the original's was larger. */
export const LOGO_MIN_HEIGHT = 32;

const GENERIC_FAMILIES = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
  'emoji',
  'math',
  'fangsong',
  '-apple-system',
  'blinkmacsystemfont',
]);

/** A font family's comparable name: the first of a stack, unquoted, lower case, without "Variable". */
export function toFamilyName(stack: string): string {
  const first = stack.split(',')[0] ?? '';
  return first
    .trim()
    .replace(/^["']|["']$/gu, '')
    .replace(/\s+variable$/iu, '')
    .replace(/\s+/gu, ' ')
    .toLowerCase();
}

/** A label as compared: lower case, whitespace collapsed, arrows and punctuation at the ends dropped. */
export function toLabelKey(label: string): string {
  return label
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

function basename(src: string): string {
  if (src === '') return 'inline SVG';
  if (src.startsWith('data:')) return 'data: URI';
  try {
    const path = new URL(src, 'http://x/').pathname;
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || src;
  } catch {
    return src;
  }
}

function describePicture(picture: Picture): string {
  return `${picture.kind === 'css-background' ? 'CSS background' : picture.kind} ${basename(picture.src)} ${picture.box.width}×${picture.box.height}`;
}

/** Where a page shows colours a visitor takes for the brand's: its call to action and its header. */
function brandCandidates(page: LayoutSnapshot): { color: string; where: string }[] {
  const probe = page.identity;
  const screen = page.viewport.height;
  const candidates: { color: string; where: string }[] = [];
  const inHeader = (control: Control) =>
    probe?.header !== undefined &&
    control.box.y >= probe.header.box.y &&
    control.box.y < probe.header.box.y + probe.header.box.height;
  const buttons = (probe?.controls ?? []).filter(
    (control) => control.kind === 'button' && control.box.y < screen,
  );
  const cta = buttons.find((control) => !inHeader(control)) ?? buttons[0];
  if (cta !== undefined)
    candidates.push({ color: cta.background, where: `the call to action "${cta.label}"` });
  if (probe?.header !== undefined) {
    candidates.push({ color: probe.header.background, where: 'the header background' });
    for (const control of probe.header.controls.filter((item) => item.kind === 'button'))
      candidates.push({ color: control.background, where: `the header button "${control.label}"` });
    for (const color of probe.header.textColors)
      candidates.push({ color, where: 'the header text' });
  }
  return candidates;
}

/** The candidate closest to the brand colour (ΔE2000), if any could be compared. */
function closest(
  primary: string,
  candidates: { color: string; where: string }[],
): { color: string; where: string; distance: number } | undefined {
  let best: { color: string; where: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = toDeltaE(primary, candidate.color);
    if (distance !== undefined && (best === undefined || distance < best.distance))
      best = { ...candidate, distance };
  }
  return best;
}

/** The colours of a page's words and their grounds, and of its filled buttons: in the first screen, or all. */
function shownColors(
  page: LayoutSnapshot,
  firstScreen: boolean,
): { color: string; where: string }[] {
  const shown = (box: Box) => !firstScreen || box.y < page.viewport.height;
  const candidates: { color: string; where: string }[] = [];
  for (const block of page.blocks.filter((item) => shown(item.box))) {
    const words = `"${block.text.slice(0, 40)}"`;
    candidates.push({ color: block.color, where: `the words ${words}` });
    if (!firstScreen) candidates.push({ color: block.background, where: `the ground of ${words}` });
  }
  if (!firstScreen)
    for (const control of (page.identity?.controls ?? []).filter((item) => item.kind === 'button'))
      candidates.push({ color: control.background, where: `the button "${control.label}"` });
  return candidates;
}

function isShownIn(primary: string, candidates: { color: string; where: string }[]): boolean {
  return (closest(primary, candidates)?.distance ?? Infinity) <= BRAND_COLOR_MAX_DELTA_E;
}

/**
 * The brand colour on the rebuild's call to action or header (ΔE2000 ≤ 10). An original that showed
 * it on neither is matched where it showed it: its words in the first screen (the rebuild's words
 * in the first screen count too), else anywhere on its page (a band's fill, a heading's colour
 * lower down: the rebuild's whole page counts). An original that showed it nowhere at load (a
 * colour only its links' hover took) has no brand colour to keep: not applicable.
 */
function checkBrandColor(
  primary: string,
  rebuilt: LayoutSnapshot,
  original?: LayoutSnapshot,
): IdentityCheck | undefined {
  const candidates = brandCandidates(rebuilt);
  if (original !== undefined && !isShownIn(primary, brandCandidates(original))) {
    if (isShownIn(primary, shownColors(original, true)))
      candidates.push(...shownColors(rebuilt, true));
    else if (isShownIn(primary, shownColors(original, false)))
      candidates.push(...shownColors(rebuilt, false));
    else return undefined;
  }
  const best = closest(primary, candidates);
  const expected = toHexColor(primary);
  if (best === undefined)
    return { check: 'brand_color', ok: false, found: 'no call to action or header', expected };
  return {
    check: 'brand_color',
    ok: best.distance <= BRAND_COLOR_MAX_DELTA_E,
    found: `${toHexColor(best.color)} on ${best.where} (ΔE2000 ${best.distance.toFixed(1)})`,
    expected,
  };
}

/**
 * The logo (or a name drawn as a picture) as high as the original's: not under half of it, nor
 * under 32 px when the original's was at least that (1 px for rounding). Shared with the "never
 * worse" check `logo_size`.
 */
export function compareLogoHeight(
  original: Picture,
  rebuilt: Picture | undefined,
): { ok: boolean; found: string; expected: string } {
  const before = original.box.height;
  const expected = `at least half the original's ${before} px high${before >= LOGO_MIN_HEIGHT ? `, and at least ${LOGO_MIN_HEIGHT} px` : ''}`;
  if (rebuilt === undefined) return { ok: false, found: 'no logo in the header', expected };
  const after = rebuilt.box.height;
  const ok = after >= before / 2 && (before < LOGO_MIN_HEIGHT || after >= LOGO_MIN_HEIGHT - 1);
  return {
    ok,
    found: `${after} px high (${rebuilt.box.width}×${after}), the original ${before} px (${original.box.width}×${before})`,
    expected,
  };
}

/** A name that is a host or an IP address ("127.0.0.1", "example.com"). */
const HOST_LIKE = /^(?:www\.)?[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+(?::\d+)?$/u;

/**
 * The site's name not a host and not the label of one of the original's buttons or links (the
 * brand or home link may carry it). Shared with the "never worse"
 * check `site_name`. An original that names itself nowhere (the name is its host) passes only when
 * the `rebuilt` page, measured, shows that host nowhere as words: the rebuild invents no name.
 */
export function judgeSiteName(
  identity: SiteIdentity,
  original?: LayoutSnapshot,
  rebuilt?: LayoutSnapshot,
): { ok: boolean; found: string; expected: string } {
  const expected =
    'a name read from the site (og:site_name, logo, brand or title), not a host or a control label';
  const found = `"${identity.name}" from ${identity.nameSource ?? 'unknown'}`;
  if (
    identity.nameSource === 'host' &&
    rebuilt !== undefined &&
    !showsWords(rebuilt, identity.name)
  )
    return {
      ok: true,
      found: `the original names itself nowhere; the rebuild shows no name ("${identity.name}" is its host)`,
      expected,
    };
  if (identity.nameSource === 'host' || HOST_LIKE.test(identity.name.trim()))
    return { ok: false, found: `${found}, a host name`, expected };
  // A name read from the logo or og:site_name is the site's own, whatever a link is labelled (a
  // footer's "Lettoo" link to the company): only the brand's words and the title can be a label.
  if (identity.nameSource !== 'brand' && identity.nameSource !== 'title')
    return { ok: true, found, expected };
  const key = toLabelKey(identity.name);
  const control = original?.identity?.controls.find(
    (item) => (item.kind === 'button' || !item.isHome) && toLabelKey(item.label) === key,
  );
  return control === undefined
    ? { ok: true, found, expected }
    : { ok: false, found: `${found}, the label of a ${control.kind} of the original`, expected };
}

/**
 * The logo in the rebuild's header; where the original's was measured (its brand element's
 * picture), at a height that compares: not under half the original's, nor under 32 px when the
 * original's was at least that.
 */
function checkLogo(
  identity: SiteIdentity,
  rebuilt: LayoutSnapshot,
  original?: LayoutSnapshot,
): IdentityCheck {
  const logo = identity.logo!;
  const named = `${'kind' in logo ? logo.kind : 'img'} ${basename(logo.src)}`;
  const before = original?.identity?.logo;
  if (before !== undefined && rebuilt.identity !== undefined) {
    const compared = compareLogoHeight(before, rebuilt.identity.logo);
    return { check: 'logo', ...compared, expected: `${named}, ${compared.expected}` };
  }
  const expected = named;
  const header = rebuilt.identity?.header;
  if (header === undefined) return { check: 'logo', ok: false, found: 'no header', expected };
  const picture = header.pictures.find(
    (candidate) => candidate.box.width >= LOGO_MIN_PX && candidate.box.height >= LOGO_MIN_PX,
  );
  return picture === undefined
    ? { check: 'logo', ok: false, found: 'no picture in the header', expected }
    : { check: 'logo', ok: true, found: `${describePicture(picture)} in the header`, expected };
}

function visibleShare(picture: Picture, viewport: LayoutSnapshot['viewport']): number {
  const width =
    Math.min(picture.box.x + picture.box.width, viewport.width) - Math.max(picture.box.x, 0);
  const height =
    Math.min(picture.box.y + picture.box.height, viewport.height) - Math.max(picture.box.y, 0);
  return (Math.max(0, width) * Math.max(0, height)) / (viewport.width * viewport.height);
}

/**
 * The hero's picture in the rebuild's first screen: HERO_MIN_SHARE of it, or half of what the
 * original's largest picture covered where that was less (a logo mark over a hero of words).
 */
function checkHeroImage(
  identity: SiteIdentity,
  rebuilt: LayoutSnapshot,
  original?: LayoutSnapshot,
): IdentityCheck {
  const before = original?.identity?.firstScreenPictures[0];
  const needed = Math.min(
    HERO_MIN_SHARE,
    before === undefined || original === undefined
      ? HERO_MIN_SHARE
      : visibleShare(before, original.viewport) / 2,
  );
  const expected = `a picture covering at least ${Math.round(needed * 100)} % of the first screen (the original's ${basename(identity.hero!.image!.src)})`;
  const largest = rebuilt.identity?.firstScreenPictures[0];
  if (largest === undefined)
    return { check: 'hero_image', ok: false, found: 'no picture in the first screen', expected };
  const share = visibleShare(largest, rebuilt.viewport);
  return {
    check: 'hero_image',
    ok: share >= needed,
    found: `${describePicture(largest)} covering ${Math.round(share * 100)} % of the first screen`,
    expected,
  };
}

function checkNavigation(identity: SiteIdentity, rebuilt: LayoutSnapshot): IdentityCheck {
  const items = identity.menu!.map((item) => item.label).filter((label) => toLabelKey(label));
  const expected = items.join(', ');
  const header = rebuilt.identity?.header;
  const labels = (header?.controls ?? []).map((control) => toLabelKey(control.label));
  const missing = items.filter((item) => {
    const key = toLabelKey(item);
    return !labels.some((label) => label === key || label.startsWith(`${key} `));
  });
  const present = items.length - missing.length;
  return {
    check: 'navigation',
    ok: missing.length === 0,
    found:
      header === undefined
        ? 'no header'
        : `${present}/${items.length} menu items in the header${missing.length > 0 ? `; missing: ${missing.join(', ')}` : ''}`,
    expected,
  };
}

function checkSiteName(
  identity: SiteIdentity,
  rebuilt: LayoutSnapshot,
  original?: LayoutSnapshot,
): IdentityCheck {
  return { check: 'site_name', ...judgeSiteName(identity, original, rebuilt) };
}

/** True when a page shows the words as a text block or a visible control's label (≥ 4 px boxes). */
function showsWords(page: LayoutSnapshot, words: string): boolean {
  const key = toLabelKey(words);
  const shown = (box: Box) => box.width >= 4 && box.height >= 4;
  return (
    page.blocks.some((block) => shown(block.box) && toLabelKey(block.text).includes(key)) ||
    (page.identity?.controls ?? []).some(
      (control) => shown(control.box) && toLabelKey(control.label).includes(key),
    )
  );
}

function checkFonts(families: string[], rebuilt: LayoutSnapshot): IdentityCheck {
  const used = [...new Set(rebuilt.blocks.map((block) => toFamilyName(block.fontFamily)))];
  const missing = families.filter((family) => !used.includes(family));
  return {
    check: 'fonts',
    ok: missing.length === 0,
    found: `used: ${used.slice(0, 6).join(', ') || 'none'}${missing.length > 0 ? `; missing: ${missing.join(', ')}` : ''}`,
    expected: families.join(', '),
  };
}

/**
 * A logo the original did not draw: its picture failed to load there (measured broken) and was not
 * downloaded either, so the rebuild has no picture to show and the original showed none.
 */
function isLogoUnshown(
  logo: NonNullable<SiteIdentity['logo']>,
  original?: LayoutSnapshot,
): boolean {
  return (
    original?.identity?.logo?.broken === true &&
    logo.asset === undefined &&
    !('kind' in logo && logo.kind === 'svg')
  );
}

/**
 * A family no file of which was at hand (a font CDN the fetch could not reach) and that systems do
 * not install: the original's visitors saw a fallback, and the rebuild has nothing to ship.
 */
function isUnshipped(identity: SiteIdentity, family: string): boolean {
  const face = identity.fonts.faces?.find((item) => toFamilyName(item.family) === family);
  return (
    face?.source === 'system' && (face.files?.length ?? 0) === 0 && !isWebSafeFamily(face.family)
  );
}

/**
 * The applicable identity checks of a rebuild: `rebuilt` is its start page at 1440 px (with
 * `identity` and `blocks`), `original` the original's (its controls' labels, its logo's height), when measured.
 */
export function checkIdentity(
  identity: SiteIdentity,
  rebuilt: LayoutSnapshot,
  original?: LayoutSnapshot,
): IdentityCheck[] {
  const checks: IdentityCheck[] = [];
  const brand =
    identity.colors.primary === undefined
      ? undefined
      : checkBrandColor(identity.colors.primary, rebuilt, original);
  if (brand !== undefined) checks.push(brand);
  if (identity.logo !== undefined && !isLogoUnshown(identity.logo, original))
    checks.push(checkLogo(identity, rebuilt, original));
  // A hero picture that could not be downloaded did not show in the original either (a colour
  // where the picture failed to load): there is nothing to keep.
  if (identity.hero?.image?.asset !== undefined)
    checks.push(checkHeroImage(identity, rebuilt, original));
  if (identity.menu !== undefined && identity.menu.some((item) => toLabelKey(item.label) !== ''))
    checks.push(checkNavigation(identity, rebuilt));
  if (identity.nameSource !== undefined) checks.push(checkSiteName(identity, rebuilt, original));
  const families = [
    ...new Set(
      [identity.fonts.heading, identity.fonts.body]
        .filter((stack): stack is string => stack !== undefined)
        .map(toFamilyName)
        .filter(
          (family) =>
            family !== '' && !GENERIC_FAMILIES.has(family) && !isUnshipped(identity, family),
        ),
    ),
  ];
  if (families.length > 0) checks.push(checkFonts(families, rebuilt));
  return checks;
}
