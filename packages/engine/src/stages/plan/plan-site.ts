/**
 * plan: SiteModel + strategy -> SitePlan. Routes (clean paths, a redirect map from the old ones),
 * self-hosted assets, internal links rewritten to routes, one h1 per page with an orderly outline,
 * a component variant per section, and the design from the Designer. Pure and deterministic.
 */
import { AppError } from '@sitelift/shared/error-codes';
import type { Designer, SyncDesigner } from '../../design/designer';
import { applyDesign } from '../../design/designer';
import { buildTokens, offlineDesigner } from '../../design/offline-designer';
import type {
  Block,
  ImageRef,
  InlineRun,
  PlannedAsset,
  PlannedPage,
  Section,
  SectionVariant,
  SitePlan,
  SiteModel,
} from '../../model';
import type { Diagnostic, Strategy } from '../../types';
import { FOOTER_SECTION, slugify } from '../extract/extract-site';
import { plainText, toFlatBlocks } from '../extract/walk-content';
import { describeLinkTarget, isNonDescriptiveLinkText } from './link-context';
import { isPublicFileExtension } from '../../public-file-types';

/** Options of the plan stage. */
export interface PlanOptions {
  strategy: Strategy;
}

const PAGE_EXTENSION = /\.(?:html?|php\d?|aspx?|jspx?|shtml|cfm|cgi|pl)$/i;
/**
 * Content type -> file extension of a planned image. Hand-written on purpose: mrmime maps extensions
 * to types only, its reverse would pick `jpeg` over `jpg` and miss `.ico` and the `image/jpg` alias,
 * and these extensions are in every generated project's file names (the goldens).
 */
const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'image/bmp': 'bmp',
};
/** Header links before the rest move to the footer only. */
const MAX_HEADER_LINKS = 6;

/** FNV-1a, 32 bit, as 8 hex digits: a stable short hash for file names. */
export function toShortHash(input: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The clean route for an original URL: `/about.html` -> `/about`, `/docs/index.htm` -> `/docs`. */
export function toRoute(url: string, startUrl: string): string {
  if (normalizeUrl(url) === normalizeUrl(startUrl)) return '/';
  const parsed = new URL(url);
  let path = decodeURIComponent(parsed.pathname);
  path = path.replace(/\/(?:index|default|home)\.[a-z0-9]+$/i, '/').replace(PAGE_EXTENSION, '');
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => slugify(segment) || `p${toShortHash(segment).slice(0, 6)}`);
  if (parsed.search) {
    const query = slugify(
      [...parsed.searchParams.entries()].map(([k, v]) => `${k}-${v}`).join('-'),
    );
    if (query) segments.push(query);
  }
  return segments.length === 0 ? '/' : `/${segments.join('/')}`;
}

/** A URL without its fragment and trailing index file, for matching links to pages. */
export function normalizeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    let href = parsed.href;
    if (!parsed.search) href = href.replace(/\/(?:index|default)\.(?:html?|php|aspx?)$/i, '/');
    return href;
  } catch {
    return url;
  }
}

function toModuleName(route: string): string {
  if (route === '/') return 'home';
  const name = route.slice(1).replace(/\//g, '-');
  return /^[a-z]/.test(name) ? name : `page-${name}`;
}

function toComponentName(moduleName: string): string {
  return `${moduleName
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}Page`;
}

function extensionOf(asset: { url: string; contentType: string }): string {
  const type = asset.contentType.split(';')[0]!.trim().toLowerCase();
  const fromType = IMAGE_TYPES[type];
  if (fromType) return fromType;
  const fromUrl = /\.([a-z0-9]{2,4})$/i.exec(new URL(asset.url).pathname)?.[1]?.toLowerCase();
  return fromUrl && isPublicFileExtension(fromUrl) ? fromUrl : 'bin';
}

/** Plans the rebuild. Uses the offline designer unless a synchronous one is given (see designSite for async ones). */
export function planSite(model: SiteModel, options: PlanOptions, designer?: Designer): SitePlan {
  const diagnostics: Diagnostic[] = [];
  if (model.pages.length === 0) throw new AppError('ENGINE_PLAN_NO_PAGES');

  // Routes, unique, start page first.
  const routeByUrl = new Map<string, string>();
  const usedRoutes = new Set<string>();
  for (const page of model.pages) {
    const base = toRoute(page.url, model.startUrl);
    let route = base;
    for (let n = 2; usedRoutes.has(route); n++) route = `${base === '/' ? '/page' : base}-${n}`;
    usedRoutes.add(route);
    routeByUrl.set(normalizeUrl(page.url), route);
  }
  const routeOf = (url: string): string | undefined => routeByUrl.get(normalizeUrl(url));

  // Self-hosted assets: every downloaded image a page shows, plus favicon and logo.
  const assetByUrl = new Map(model.assets.map((asset) => [asset.url, asset]));
  const planned = new Map<string, PlannedAsset>();
  const usedPaths = new Set<string>();
  const hostAsset = (url: string, folder: string, fixedName?: string): PlannedAsset | undefined => {
    const existing = planned.get(url);
    if (existing) return existing;
    const asset = assetByUrl.get(url);
    if (!asset) return undefined;
    const ext = extensionOf(asset);
    let path: string;
    if (fixedName) path = `${fixedName}.${ext}`;
    else {
      const base = url.startsWith('data:')
        ? 'inline'
        : slugify(
            decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '').replace(
              /\.[a-z0-9]+$/i,
              '',
            ),
          ) || 'image';
      path = `${folder}/${base}-${toShortHash(url)}.${ext}`;
    }
    for (let n = 2; usedPaths.has(path); n++) path = path.replace(/(\.[a-z0-9]+)$/, `-${n}$1`);
    usedPaths.add(path);
    const out: PlannedAsset = { url, path, contentType: asset.contentType, body: asset.body };
    if (asset.width !== undefined) out.width = asset.width;
    if (asset.height !== undefined) out.height = asset.height;
    planned.set(url, out);
    return out;
  };

  const anchorsByUrl = new Map(model.pages.map((page) => [normalizeUrl(page.url), page.anchors]));
  // Small inline (data:) images become files too: self-hosted like the rest, cacheable.
  // Matched by hand rather than with data-urls: base64 images only, and fast (see parseDataUri).
  const hostDataUri = (uri: string): PlannedAsset | undefined => {
    const match = /^data:(image\/[a-z0-9.+-]+);base64,([a-z0-9+/=\s]+)$/i.exec(uri);
    if (!match) return undefined;
    const contentType = match[1]!.toLowerCase();
    let body: Uint8Array;
    try {
      body = Uint8Array.from(atob(match[2]!.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
    } catch {
      return undefined;
    }
    if (!assetByUrl.has(uri)) assetByUrl.set(uri, { url: uri, contentType, body });
    return hostAsset(uri, 'images');
  };

  const rewriteHref = (
    href: string | undefined,
    pageUrl: string,
    sectionIds: Set<string>,
  ): string | undefined => {
    if (!href) return undefined;
    if (/^(?:mailto|tel):/i.test(href)) return href;
    let parsed: URL;
    try {
      parsed = new URL(href);
    } catch {
      return undefined;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    const route = routeOf(href);
    const hash = decodeURIComponent(parsed.hash.slice(1));
    if (route) {
      if (!hash) return route;
      // An anchor of the original (#services) points at the section that now holds it; so does a
      // hash-bang "page" of a script-switched site (#!/page_menu shows <li id="page_menu">).
      const anchors = anchorsByUrl.get(normalizeUrl(href));
      const target =
        anchors?.[hash] ??
        anchors?.[hash.replace(/^!?\//, '')] ??
        (sectionIds.has(hash) ? hash : undefined);
      // A same-page anchor with no target left (a Bootstrap modal, say) goes nowhere: drop the link.
      if (!target) return normalizeUrl(href) === normalizeUrl(pageUrl) ? undefined : route;
      return normalizeUrl(href) === normalizeUrl(pageUrl) ? `#${target}` : `${route}#${target}`;
    }
    const image =
      planned.get(href) ??
      (assetByUrl.has(href)
        ? hostAsset(
            href,
            assetByUrl.get(href)!.contentType.startsWith('image/') ? 'images' : 'files',
          )
        : undefined);
    if (image) return `/${image.path}`;
    return parsed.href;
  };

  const logoAsset = model.identity.logo?.asset;
  const titleByUrl = new Map(model.pages.map((page) => [normalizeUrl(page.url), page.title]));
  const titleOfPage = (url: string) => titleByUrl.get(normalizeUrl(url));
  const pages: PlannedPage[] = model.pages.map((page, pageIndex) => {
    const route = routeOf(page.url)!;
    const moduleName = toModuleName(route);
    const sectionIds = new Set(page.sections.map((s) => s.id));
    const rewriteRuns = (runs: InlineRun[]): InlineRun[] =>
      runs.map((run) => {
        if (!run.href) return run;
        const href = rewriteHref(run.href, page.url, sectionIds);
        const copy: InlineRun = { ...run };
        if (href) copy.href = href;
        else delete copy.href;
        if (href && isNonDescriptiveLinkText(run.text)) {
          const context = describeLinkTarget(run.href, titleOfPage, model.origin);
          if (context) copy.context = context;
        }
        return copy;
      });
    const rewriteImage = (image: ImageRef): ImageRef | undefined => {
      const asset = image.asset
        ? hostAsset(image.asset, 'images')
        : image.src.startsWith('data:image/')
          ? hostDataUri(image.src)
          : undefined;
      if (!asset) return undefined;
      const out: ImageRef = { ...image, src: `/${asset.path}` };
      delete out.asset;
      if (asset.width !== undefined && asset.height !== undefined) {
        out.width = asset.width;
        out.height = asset.height;
      }
      const href = rewriteHref(image.href, page.url, sectionIds);
      if (href) out.href = href;
      else delete out.href;
      // A linked image is the link's only name: without alt text it needs one (the target's title).
      if (href && !out.alt) {
        const target = image.href ? titleByUrl.get(normalizeUrl(image.href)) : undefined;
        out.alt = target ?? humanise(decodeURIComponent(image.src.split('/').pop() ?? ''));
      }
      return out;
    };
    const rewriteBlock = (block: Block): Block | undefined => {
      switch (block.kind) {
        case 'paragraph':
        case 'heading':
          return { ...block, inlines: rewriteRuns(block.inlines) };
        case 'list':
          return { ...block, items: block.items.map(rewriteRuns) };
        case 'table':
          return {
            ...block,
            head: block.head.map((row) => row.map(rewriteRuns)),
            rows: block.rows.map((row) => row.map(rewriteRuns)),
          };
        case 'image': {
          // The logo moves to the header; repeating it as page content would make it the hero image.
          if (logoAsset && block.image.asset === logoAsset) return undefined;
          const image = rewriteImage(block.image);
          return image ? { ...block, image } : undefined;
        }
        case 'tabs':
          return {
            ...block,
            tabs: block.tabs.map((tab) => ({
              ...tab,
              blocks: tab.blocks.map(rewriteBlock).filter((b): b is Block => b !== undefined),
            })),
          };
        default:
          return block;
      }
    };
    let sections: Section[] = page.sections.map((section) => {
      const out: Section = {
        id: section.id,
        blocks: section.blocks.map(rewriteBlock).filter((b): b is Block => b !== undefined),
      };
      if (section.heading)
        out.heading = {
          level: section.heading.level,
          inlines: rewriteRuns(section.heading.inlines),
        };
      return out;
    });
    sections = fitTabs(
      toCardRuns(groupSections(fixOutline(sections, page.title))).filter(
        (section) => section.heading || section.blocks.length > 0,
      ),
      page.title || model.identity.name,
    );
    const variants = sections.map((section, index) =>
      chooseVariant(section, index, pageIndex === 0),
    );
    const description =
      page.description || model.identity.description || `${page.title} — ${model.identity.name}`;
    return {
      url: page.url,
      route,
      moduleName,
      componentName: toComponentName(moduleName),
      title: page.title,
      description,
      language: page.language || model.identity.language || 'en',
      sections: sections.map((section, index) => ({ ...section, variant: variants[index]! })),
      textBlocks: page.textBlocks,
    };
  });

  const redirects: Record<string, string> = {};
  for (const page of pages) {
    const parsed = new URL(page.url);
    const oldPath = decodeURIComponent(parsed.pathname) + parsed.search;
    if (oldPath !== page.route && !(page.route === '/' && oldPath === '/'))
      redirects[oldPath] = page.route;
  }

  // Navigation: header gets the first few distinct routes, the footer lists every label (its text
  // counts), external and mailto: links included.
  const navItems: { label: string; route: string }[] = [];
  for (const link of model.navigation) {
    const route = routeOf(link.href)
      ? rewriteHref(link.href, '', new Set())
      : isHttp(link.href) || /^mailto:[^@\s]+@/i.test(link.href)
        ? link.href
        : undefined;
    if (route && !navItems.some((item) => item.label === link.label && item.route === route))
      navItems.push({ label: link.label, route });
  }
  if (navItems.length === 0) {
    // No menu on the original: link the pages (the brand in the header already links home).
    for (const page of pages.filter((p) => p.route !== '/').slice(0, MAX_HEADER_LINKS))
      navItems.push({ label: shortTitle(page.title, model.identity.name), route: page.route });
  }
  const navigation: { label: string; route: string }[] = [];
  for (const item of navItems) {
    if (navigation.length >= MAX_HEADER_LINKS) break;
    if (!item.route.startsWith('/')) continue;
    if (!navigation.some((n) => n.route === item.route)) navigation.push(item);
  }
  const footerLinks = navItems;

  const favicon = model.identity.favicon
    ? hostAsset(model.identity.favicon, '', 'favicon')
    : undefined;
  const logo = model.identity.logo?.asset
    ? hostAsset(model.identity.logo.asset, 'images')
    : undefined;
  for (const page of model.pages) {
    for (const section of page.sections) {
      for (const block of toFlatBlocks(section.blocks)) {
        if (block.kind === 'image' && !block.image.asset && !planned.has(block.image.src)) {
          diagnostics.push({
            level: 'info',
            code: 'ENGINE_PLAN_IMAGE_MISSING',
            message: `Image not downloaded: ${block.image.src}`,
            url: page.url,
          });
        }
      }
    }
  }

  const identity: SitePlan['identity'] = { ...model.identity };
  if (favicon) identity.faviconPath = favicon.path;
  if (logo) identity.logoPath = logo.path;
  const draft: SitePlan = {
    strategy: options.strategy,
    origin: model.origin,
    identity,
    navigation,
    footerLinks,
    pages,
    redirects,
    assets: [...planned.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    contact: model.contact,
    social: model.social,
    designer: '',
    design: { tokens: buildTokens(model), sections: {} },
    diagnostics,
  };
  if (model.copyright) draft.copyright = model.copyright;
  const sync: SyncDesigner =
    designer && 'designNow' in designer ? (designer as SyncDesigner) : offlineDesigner;
  return applyDesign(draft, sync.designNow(model, draft), sync.name);
}

/** "golden-gate_2.jpg" -> "Golden gate 2". */
function humanise(fileName: string): string {
  const words = fileName
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_.]+/g, ' ')
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Image';
}

function isHttp(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

function shortTitle(title: string, siteName: string): string {
  const parts = title.split(/\s+[|\-–—:·»]+\s+/).filter((part) => part && part !== siteName);
  return parts[0] ?? title;
}

/**
 * Exactly one h1 per page and no skipped levels: the first heading becomes the h1 when the page has
 * none (or the page title is added as one), later h1s become h2s, deeper levels close up.
 */
export function fixOutline(sections: Section[], title: string): Section[] {
  const out = sections.map((section) => ({
    ...section,
    heading: section.heading ? { ...section.heading } : undefined,
  }));
  const headed = out.filter((s) => s.heading);
  const hasH1 = headed.some((s) => s.heading!.level === 1);
  if (!hasH1) {
    const first = headed[0];
    if (first && out.indexOf(first) <= 1 && first.heading!.level <= 3) first.heading!.level = 1;
    else
      out.unshift({
        id: 'page-title',
        heading: { level: 1, inlines: [{ text: title }] },
        blocks: [],
      });
  }
  // Original levels map to new ones through a stack, so siblings stay siblings (h2 h4 h4 -> h2 h3 h3).
  let seenH1 = false;
  const stack: { original: number; level: number }[] = [];
  for (const section of out) {
    if (!section.heading) continue;
    let original = section.heading.level;
    if (original === 1 && seenH1) original = 2;
    while (stack.length > 0 && stack[stack.length - 1]!.original >= original) stack.pop();
    let level = (stack[stack.length - 1]?.level ?? 0) + 1;
    if (level === 1 && seenH1) level = 2;
    if (level === 1) seenH1 = true;
    stack.push({ original, level });
    section.heading.level = level;
  }
  return out.map((section) => {
    const copy: Section = { id: section.id, blocks: section.blocks };
    if (section.heading) copy.heading = section.heading;
    return copy;
  });
}

/**
 * Visual sections start at h1/h2: deeper headings (and the sections under them) join the section
 * before them as heading blocks, and a heading with nothing under it takes the next section in.
 */
export function groupSections(sections: Section[]): Section[] {
  const out: Section[] = [];
  for (const section of sections) {
    const last = out[out.length - 1];
    const level = section.heading?.level ?? 0;
    // A short lead-in before the page's h1 ("Welcome to our studio!") joins the h1's section.
    if (last && out.length === 1 && !last.heading && level === 1 && last.blocks.length <= 2) {
      out[0] = { ...section, blocks: [...last.blocks, ...section.blocks] };
      continue;
    }
    // A tab group is a part of its own (extract made it one) unless it sits right under a heading;
    // what follows it under a heading starts the next part.
    const isTabGroup = !section.heading && section.blocks[0]?.kind === 'tabs';
    const lastIsTabGroup =
      !!last && !last.heading && last.blocks.length === 1 && last.blocks[0]!.kind === 'tabs';
    const absorb =
      last &&
      ((!section.heading &&
        !section.id.startsWith(FOOTER_SECTION) &&
        !(isTabGroup && last.blocks.length > 0)) ||
        (level >= 3 && !lastIsTabGroup) ||
        (last.blocks.length === 0 && last.heading && last.heading.level > 1));
    if (last && absorb) {
      if (section.heading)
        last.blocks.push({
          kind: 'heading',
          level: section.heading.level,
          inlines: section.heading.inlines,
          id: section.id,
        });
      last.blocks.push(...section.blocks);
      continue;
    }
    out.push({ ...section, blocks: [...section.blocks] });
  }
  return out;
}

/**
 * Three or more short sibling sections in a row (a grid of "Project name + one line" panels, pricing
 * plans) become one section of cards: their headings become the cards' headings.
 */
export function toCardRuns(sections: Section[]): Section[] {
  // Horizontal rules between the panels were separators: cards separate themselves.
  const asGroup = (section: Section): Block[] => {
    const blocks = section.blocks.filter((block) => block.kind !== 'rule');
    return section.heading
      ? [
          {
            kind: 'heading',
            level: section.heading.level,
            inlines: section.heading.inlines,
            id: section.id,
          },
          ...blocks,
        ]
      : blocks;
  };
  const isQuestion = (section: Section): boolean =>
    !!section.heading && plainText(section.heading.inlines).endsWith('?');
  // A run is either short panels (cards) or questions with answers of any length (an FAQ).
  const fits = (section: Section, level: number, questions: boolean): boolean =>
    section.heading?.level === level &&
    level >= 2 &&
    section.blocks.length > 0 &&
    (questions ? isQuestion(section) : isCardGroup(asGroup(section)));
  const out: Section[] = [];
  for (let i = 0; i < sections.length;) {
    const first = sections[i]!;
    const level = first.heading?.level ?? 0;
    const questions = isQuestion(first);
    let j = i;
    while (j < sections.length && fits(sections[j]!, level, questions)) j++;
    if (j - i >= 3) {
      out.push({ id: `${first.id}-group`, blocks: sections.slice(i, j).flatMap(asGroup) });
      i = j;
    } else {
      out.push(first);
      i++;
    }
  }
  return out;
}

function isCardGroup(group: Block[]): boolean {
  const text = group.reduce(
    (n, block) =>
      n +
      (block.kind === 'paragraph' || block.kind === 'heading'
        ? plainText(block.inlines).length
        : block.kind === 'list'
          ? block.items.reduce((m, item) => m + plainText(item).length, 0)
          : 0),
    0,
  );
  return (
    group.length <= 4 &&
    text <= 500 &&
    group.every((block) => ['heading', 'paragraph', 'list', 'image'].includes(block.kind))
  );
}

/**
 * Splits a section's blocks into an intro and cards, each card starting at a heading of `level`.
 * When the first such heading has a picture right before it (portfolio tiles, team members: the
 * thumbnail above the title), every picture right before such a heading starts its card instead.
 * The generated Section component groups the same way. Undefined when no heading has that level.
 */
export function splitCards(
  blocks: Block[],
  level: number,
): { intro: Block[]; cards: Block[][] } | undefined {
  const isCardHeading = (block: Block | undefined): boolean =>
    block?.kind === 'heading' && block.level === level;
  const first = blocks.findIndex(isCardHeading);
  if (first < 0) return undefined;
  const imageFirst = blocks[first - 1]?.kind === 'image';
  const starts = (index: number): boolean =>
    imageFirst && blocks[index]?.kind === 'image'
      ? isCardHeading(blocks[index + 1])
      : isCardHeading(blocks[index]) && !(imageFirst && blocks[index - 1]?.kind === 'image');
  const start = imageFirst ? first - 1 : first;
  const cards: Block[][] = [];
  for (let index = start; index < blocks.length; index++) {
    if (starts(index)) cards.push([blocks[index]!]);
    else cards[cards.length - 1]!.push(blocks[index]!);
  }
  return { intro: blocks.slice(0, start), cards };
}

/** The default component for a section's content. */
export function chooseVariant(
  section: Section,
  index: number,
  isStartPage: boolean,
): SectionVariant {
  const blocks = section.blocks;
  const count = (kind: Block['kind']): number =>
    blocks.filter((block) => block.kind === kind).length;
  if (count('form') > 0) return 'contact';
  // Tabs lay their panels out themselves: the section around them is plain.
  if (count('tabs') > 0) return 'prose';
  // Icons and bullets (old sites are full of 16 px GIFs) are no gallery: only picture-sized images count.
  const pictures = blocks.filter(
    (block) =>
      block.kind === 'image' &&
      (block.image.width ?? 200) >= 120 &&
      (block.image.height ?? 200) >= 80,
  ).length;
  if (pictures >= 3 && count('image') * 2 >= blocks.length) return 'gallery';
  if (count('pre') > 0 && count('pre') * 2 >= blocks.length) return 'doc';
  if (blocks.length > 0 && count('table') === blocks.length) return 'table';
  if (index === 0 && isStartPage && section.heading?.level === 1) return 'hero';
  // Cards: the deepest headings split the section into short groups; what comes before is the intro.
  const cardLevel = Math.max(
    0,
    ...blocks.map((block) => (block.kind === 'heading' ? block.level : 0)),
  );
  const groups = splitCards(blocks, cardLevel);
  if (
    groups !== undefined &&
    groups.intro.every((b) => b.kind === 'paragraph' || b.kind === 'heading')
  ) {
    const { cards } = groups;
    // Questions under headings ("How do I ...?") with their answers: an FAQ, shown as an accordion.
    const questions = cards.filter((group) => {
      const heading = group[0];
      return heading?.kind === 'heading' && plainText(heading.inlines).endsWith('?');
    }).length;
    if (cards.length >= 3 && questions >= cards.length * 0.6) return 'accordion';
    if (cards.length >= 2 && cards.length <= 60 && cards.every(isCardGroup)) return 'cards';
  }
  const only = blocks.length === 1 ? blocks[0] : undefined;
  if (
    only?.kind === 'list' &&
    only.items.length >= 3 &&
    only.items.every((item) => plainText(item).length <= 140)
  )
    return 'cards';
  return 'prose';
}

/**
 * Tab groups fit into the page's outline: the headings of their panels sit one level below the
 * heading above them (no skipped levels), and a tab list the original did not name is named
 * after the heading right above it, else after the page.
 */
export function fitTabs(sections: Section[], pageTitle: string): Section[] {
  let outer = 1;
  return sections.map((section) => {
    if (section.heading) outer = section.heading.level;
    const fit = (blocks: Block[], level: number, above: string | undefined): Block[] =>
      blocks.map((block, index) => {
        if (block.kind !== 'tabs') return block;
        const previous = blocks[index - 1];
        const label =
          block.label ??
          (previous?.kind === 'heading' ? plainText(previous.inlines) : undefined) ??
          (index === 0 ? above : undefined) ??
          pageTitle;
        const depth = Math.min(
          6,
          ...block.tabs.flatMap((tab) =>
            tab.blocks.map((b) => (b.kind === 'heading' ? b.level : 6)),
          ),
        );
        // Right under a heading block, the panels are that heading's subsections.
        const context = previous?.kind === 'heading' ? previous.level : level;
        const shift = Math.min(6, context + 1) - depth;
        return {
          ...block,
          label,
          tabs: block.tabs.map((tab) => ({
            ...tab,
            blocks: fit(
              tab.blocks.map((b) =>
                b.kind === 'heading'
                  ? { ...b, level: Math.min(6, Math.max(2, b.level + shift)) }
                  : b,
              ),
              Math.min(6, context + 1),
              tab.label,
            ),
          })),
        };
      });
    const above = section.heading ? plainText(section.heading.inlines) : undefined;
    return { ...section, blocks: fit(section.blocks, outer, above) };
  });
}
