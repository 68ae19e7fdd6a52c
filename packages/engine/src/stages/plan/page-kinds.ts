/**
 * Page kinds (issue 24): a blog's posts, a shop's products, a manual's pages are pages of one kind,
 * drawn by one component that their content fills. A kind is read from the site, never named by it:
 * at least KIND_MIN_PAGES pages that are siblings by address (the same parent path, dates and
 * numbers in it aside: /blog/2019/…, /blog/2020/…; at the root, ROOT_KIND_MIN_PAGES pages whose
 * names start with one word: /pcre2-compile, /pcre2-match) and share a shape: a plain title as the page's
 * h1 (with a date line under it or not), then text the shared block renderer draws as the page's own
 * JSX drew it. The kind is named after the address's folder (`/products/` -> product) or what its
 * pages hold (dated pages -> post).
 */
import type { Block, InlineRun, PlannedPage, PlannedPageKind } from '../../model';
import { plainText } from '../../model';
import { findDate } from './list-kinds';

/** The fewest pages that make a kind: two pages alike are a coincidence, three a pattern. */
export const KIND_MIN_PAGES = 3;
/**
 * The fewest pages at the root whose names start with one word (`/pcre2-compile`, `/pcre2-match`:
 * a manual kept flat) that make a kind: more than in a folder, since a site's own pages sit there too.
 */
export const ROOT_KIND_MIN_PAGES = 6;

/** Folder words that name what their pages are: `/blog/` holds posts, `/shop/` products. */
const FOLDER_KINDS: Readonly<Record<string, string>> = {
  blog: 'post',
  blogs: 'post',
  weblog: 'post',
  journal: 'post',
  diary: 'post',
  news: 'article',
  press: 'article',
  shop: 'product',
  store: 'product',
  catalog: 'product',
  catalogue: 'product',
  docs: 'doc',
  documentation: 'doc',
  manual: 'manual-page',
  man: 'manual-page',
  reference: 'reference-page',
  wiki: 'wiki-page',
  faq: 'question',
};

/**
 * Identifiers a kind's component may not take: those its module and the page list import
 * (src/pages/index, the kind's template) and the template's components.
 */
const RESERVED_COMPONENT_NAMES = new Set([
  'Aside',
  'Blocks',
  'Heading',
  'Seo',
  'Section',
  'Layout',
  'Header',
  'Footer',
  'Picture',
  'Icon',
  'Link',
  'Tabs',
  'Carousel',
  'Dialog',
  'Gallery',
  'Accordion',
  'NotFound',
  'ContactForm',
  'InlineText',
  'PageView',
  'ItemGrid',
  'App',
  'KindPage',
]);

/** A run with nothing but words: no link, mark, icon, button or line break. */
function isPlainRun(run: InlineRun): boolean {
  return (
    !run.href &&
    !run.opens &&
    !run.icon &&
    !run.button &&
    !run.br &&
    !run.em &&
    !run.strong &&
    !run.code &&
    !run.context
  );
}

/**
 * Whether the shared block renderer (the template's Blocks, keeping the original's alignment) draws
 * the block as the page's own JSX does: not the layouts only literal JSX keeps (a row of columns, a
 * heading that closes what follows it).
 */
function isSharedBlock(block: Block): boolean {
  switch (block.kind) {
    case 'heading':
      return !block.collapsed && block.id !== '';
    case 'items':
      return (
        block.widths === undefined && block.items.every((item) => item.blocks.every(isSharedBlock))
      );
    case 'carousel':
      return block.slides.every((slide) => slide.blocks.every(isSharedBlock));
    case 'tabs':
      return block.tabs.every((tab) => tab.blocks.every(isSharedBlock));
    case 'dialog':
      return block.blocks.every(isSharedBlock);
    default:
      return true;
  }
}

/**
 * A title the kind's frame draws: plain words, or plain words that are all one link to a route of
 * the site (a post's title linking to its own address or to the start page).
 */
function isTitleRuns(runs: InlineRun[]): boolean {
  const href = runs[0]?.href;
  if (href === undefined) return runs.every(isPlainRun);
  const isRoute = /^\/(?!\/)[^#?]*$/.test(href) && !/\.[a-z0-9]{2,5}$/i.test(href);
  return (
    isRoute && runs.every((run) => run.href === href && isPlainRun({ ...run, href: undefined }))
  );
}

/** A paragraph of plain words that is only a date (or a short line with one: "Posted May 1, 2019"). */
export function isDateLine(block: Block | undefined): boolean {
  if (block?.kind !== 'paragraph' || block.role || !block.inlines.every(isPlainRun)) return false;
  const text = plainText(block.inlines).trim();
  return text.length <= 48 && findDate(text) !== undefined;
}

/**
 * A page's shape, when it can be a page of a kind: its title (the page's h1, plain words or one
 * link to a route, shown:
 * the first section's heading, or a heading of its text after lines that open the page, such as a
 * breadcrumb) and whether a date line follows it; undefined when it cannot.
 */
export function toPageShape(page: PlannedPage): { title: string; dated: boolean } | undefined {
  const [first] = page.sections;
  if (!first) return undefined;
  const at = first.heading
    ? -1
    : first.blocks.findIndex((block) => block.kind === 'heading' && block.level === 1);
  const block = first.blocks[at];
  const heading = first.heading ?? (block?.kind === 'heading' ? block : undefined);
  if (!heading || heading.level !== 1 || first.heading?.visuallyHidden) return undefined;
  if (!isTitleRuns(heading.inlines)) return undefined;
  const title = plainText(heading.inlines).trim();
  if (!title) return undefined;
  const plain = page.sections.every(
    (section) =>
      !section.collapsed &&
      section.variant !== 'hero' &&
      section.variant !== 'gallery' &&
      !section.backdrop &&
      !section.heading?.visuallyHidden &&
      section.blocks.every(isSharedBlock),
  );
  if (!plain || !(page.aside?.blocks.every(isSharedBlock) ?? true)) return undefined;
  return { title, dated: isDateLine(first.blocks[at + 1]) };
}

/**
 * `/blog/2019/05/hello` -> `/blog/#/#`: the folder a page sits in, its dates and numbers as `#`; at
 * the root, the first word of its name (`/pcre2-compile` -> `/pcre2-*`), or none.
 */
function toFolderPattern(route: string): string | undefined {
  const segments = route.split('/').filter(Boolean);
  if (segments.length === 1) {
    const word = /^([a-z][a-z0-9]{2,})-/.exec(segments[0]!)?.[1];
    return word ? `/${word}-*` : undefined;
  }
  const folder = segments.slice(0, -1);
  return `/${folder.map((segment) => (/^\d+$/.test(segment) ? '#' : segment)).join('/')}`;
}

/** `recipes` -> `recipe`, `stories` -> `story`, `news` stays: an English folder word's singular. */
function toSingular(word: string): string {
  if (/ies$/.test(word) && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word) && word.length > 3) return word.slice(0, -1);
  return word;
}

/** `post` -> `posts`, `entry` -> `entries`, `manual-page` -> `manual-pages`. */
export function toKindPlural(name: string): string {
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(?:s|x|ch|sh)$/.test(name)) return `${name}es`;
  return `${name}s`;
}

/**
 * The kind's name: what its folder says its pages are (the deepest word of the folder that is not
 * a number or a language code), else `post` for dated pages and `entry` for the rest.
 */
export function toKindName(folder: string, dated: boolean): string {
  const words = folder
    .replace(/-\*$/, '')
    .split('/')
    .filter(
      (segment) => /^[a-z][a-z-]{2,30}$/.test(segment) && !/^[a-z]{2}(?:-[a-z]{2})?$/.test(segment),
    );
  const word = words.at(-1);
  const name = word ? (FOLDER_KINDS[word] ?? toSingular(word)) : dated ? 'post' : 'entry';
  // src/content/pages/ is the page list's folder (content modules): no kind takes it.
  return name === 'page' ? 'entry' : name;
}

/** `manual-page` -> `ManualPage`. */
function toPascalCase(name: string): string {
  return name
    .split('-')
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** The slug of a page in its kind's folder: its route past the folder's first date or number. */
function toSlug(route: string, folder: string): string {
  if (folder.endsWith('-*')) return toSlug(route, '/');
  const literal = folder
    .split('/')
    .filter(Boolean)
    .findIndex((segment) => segment === '#');
  const depth = literal < 0 ? folder.split('/').filter(Boolean).length : literal;
  const slug = route
    .split('/')
    .filter(Boolean)
    .slice(depth)
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'index';
}

/**
 * The pages with their kinds: every group of at least KIND_MIN_PAGES pages (the start page never
 * among them) in one folder with a kind's shape; groups of the same name (a blog's posts under
 * each language's folder) are one kind. The other pages are returned as they are.
 */
export function planPageKinds(pages: PlannedPage[]): PlannedPage[] {
  const groups = new Map<string, { index: number; dated: boolean }[]>();
  pages.forEach((page, index) => {
    if (index === 0 || page.route === '/') return;
    const shape = toPageShape(page);
    if (!shape) return;
    const folder = toFolderPattern(page.route);
    if (!folder) return;
    const group = groups.get(folder) ?? [];
    group.push({ index, dated: shape.dated });
    groups.set(folder, group);
  });
  const kinds = new Map<string, { folder: string; index: number; dated: boolean }[]>();
  for (const [folder, members] of groups) {
    if (members.length < (folder.endsWith('-*') ? ROOT_KIND_MIN_PAGES : KIND_MIN_PAGES)) continue;
    const isDated = members.filter((member) => member.dated).length * 2 >= members.length;
    const name = toKindName(folder, isDated);
    kinds.set(name, [
      ...(kinds.get(name) ?? []),
      ...members.map((member) => ({ ...member, folder })),
    ]);
  }
  if (kinds.size === 0) return pages;
  const taken = new Set([...RESERVED_COMPONENT_NAMES, ...pages.map((page) => page.componentName)]);
  const out = [...pages];
  for (const [name, members] of [...kinds].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    let componentName = toPascalCase(name);
    while (taken.has(componentName)) componentName = `${componentName}Kind`;
    taken.add(componentName);
    const slugs = new Set<string>();
    for (const member of members) {
      const page = pages[member.index]!;
      const base = toSlug(page.route, member.folder);
      let slug = base;
      for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
      slugs.add(slug);
      const kind: PlannedPageKind = { name, plural: toKindPlural(name), componentName, slug };
      if (member.dated) kind.dated = true;
      out[member.index] = { ...page, kind };
    }
  }
  return out;
}
