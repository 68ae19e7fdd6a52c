/**
 * A section of a page named for people from the selector the engine measured it by: the element's
 * kind (landmark tag or role-like class words), never the selector itself.
 * `body > nav.navbar.navbar-inverse` → "Navigation bar"; `body > div#root > main > section#menu` →
 * "Section “menu”"; `body > div.container > div.row:nth-of-type(3)` → "Content block 3";
 * `body > table > tbody > tr:nth-of-type(2) > td:nth-of-type(1)` → "Row 2, column 1".
 */

const TAG_NAMES: Record<string, string> = {
  nav: 'Navigation bar',
  header: 'Header',
  footer: 'Footer',
  main: 'Main content',
  aside: 'Sidebar',
  form: 'Form',
  article: 'Article',
  section: 'Section',
  h1: 'Heading',
  h2: 'Heading',
  h3: 'Heading',
  h4: 'Heading',
  h5: 'Heading',
  h6: 'Heading',
  img: 'Picture',
  picture: 'Picture',
  figure: 'Picture',
  video: 'Video',
  table: 'Table',
  ul: 'List',
  ol: 'List',
  dl: 'List',
  iframe: 'Embedded frame',
  frame: 'Frame',
  blockquote: 'Quote',
  p: 'Paragraph',
  address: 'Contact details',
  body: 'Whole page',
  html: 'Whole page',
};

/** Words of ids and classes that say what a block is, in the order they win. */
const WORD_NAMES: [RegExp, string][] = [
  [/^(?:nav|navbar|navigation|menu|menubar|topbar|breadcrumbs?)$/u, 'Navigation bar'],
  [/^(?:header|masthead|banner|hero|jumbotron|intro|splash|showcase)$/u, 'Banner'],
  [/^(?:footer|copyright|colophon)$/u, 'Footer'],
  [/^(?:sidebar|aside|widgets?)$/u, 'Sidebar'],
  [/^(?:carousel|slider|slides|slideshow|swiper)$/u, 'Slideshow'],
  [/^(?:gallery|portfolio|thumbnails)$/u, 'Gallery'],
  [/^(?:contact|map)$/u, 'Contact section'],
  [/^(?:team|staff|people)$/u, 'Team section'],
  [/^(?:services|features)$/u, 'Features section'],
  [/^(?:pricing|prices)$/u, 'Pricing section'],
  [/^(?:news|blog|posts?)$/u, 'Posts'],
  [/^(?:content|main|page|article)$/u, 'Main content'],
  [/^(?:modal|dialog|popup)$/u, 'Dialog'],
  [/^(?:form|search)$/u, 'Form'],
];

interface SelectorPart {
  tag: string;
  id?: string;
  classes: string[];
  index?: number;
}

function parsePart(part: string): SelectorPart {
  const match =
    /^([a-z][a-z0-9-]*)?(?:#([\w-]+))?((?:\.[\w-]+)*)(?::nth-of-type\((\d+)\))?$/iu.exec(
      part.trim(),
    );
  if (!match) return { tag: '', classes: [] };
  return {
    tag: (match[1] ?? '').toLowerCase(),
    id: match[2],
    classes: (match[3] ?? '').split('.').filter(Boolean),
    index: match[4] === undefined ? undefined : Number(match[4]),
  };
}

/** `navbar-inverse` → ['navbar', 'inverse']; `mainNav` → ['main', 'nav']. */
function toWords(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/gu, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter(Boolean);
}

function nameByWords(part: SelectorPart): string | undefined {
  const words = [part.id ?? '', ...part.classes].flatMap(toWords);
  for (const [pattern, name] of WORD_NAMES)
    if (words.some((word) => pattern.test(word))) return name;
  return undefined;
}

/** A readable id: `our-menu` → “our menu”, only when it is made of words, not a generated id. */
function toIdLabel(id: string | undefined): string | undefined {
  if (id === undefined || !/^[a-z][a-z-_]*$/iu.test(id) || id.length > 30) return undefined;
  return `“${id.replace(/[-_]+/gu, ' ')}”`;
}

/**
 * A part of a table by its row and column (old sites lay pages out in tables: "Row 2, column 1" reads
 * where "Part of the table 3" did not); undefined for anything else.
 */
function toTablePartName(parts: SelectorPart[]): string | undefined {
  const last = parts.at(-1)!;
  if (['tbody', 'thead', 'tfoot'].includes(last.tag)) return 'Table';
  if (last.tag === 'tr') return last.index === undefined ? 'Table row' : `Row ${last.index}`;
  if (last.tag !== 'td' && last.tag !== 'th') return undefined;
  const row = parts.at(-2)?.tag === 'tr' ? parts.at(-2)?.index : undefined;
  if (row !== undefined && last.index !== undefined) return `Row ${row}, column ${last.index}`;
  if (row !== undefined) return `Row ${row}`;
  return last.index === undefined ? 'Table cell' : `Column ${last.index}`;
}

/** The name of a measured section (see the file comment). */
export function toSectionName(selector: string): string {
  const parts = selector
    .split('>')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(parsePart);
  const last = parts.at(-1);
  if (last === undefined) return 'Page section';
  const tablePart = toTablePartName(parts);
  if (tablePart !== undefined) return tablePart;
  const byTag = TAG_NAMES[last.tag];
  // A <section id="menu"> is the site's own name for it (a restaurant's menu, not a navigation).
  if (byTag === 'Section' || byTag === 'Article') {
    const label = toIdLabel(last.id);
    if (label !== undefined) return `${byTag} ${label}`;
  }
  let name = nameByWords(last) ?? byTag;
  if (name === undefined) {
    // A plain box: named by the landmark it sits in (a table's row and column are one), else as a
    // content block.
    for (let at = parts.length - 2; at >= 0; at -= 1) {
      const cell = toTablePartName(parts.slice(0, at + 1));
      if (cell !== undefined && cell !== 'Table' && cell !== 'Table cell') {
        const where = `${cell.charAt(0).toLowerCase()}${cell.slice(1)}`;
        return last.index === undefined ? `Part of ${where}` : `Block ${last.index} of ${where}`;
      }
      const landmark = nameByWords(parts[at]!) ?? TAG_NAMES[parts[at]!.tag];
      if (landmark !== undefined && landmark !== 'Whole page' && landmark !== 'Main content') {
        name = `Part of the ${landmark.toLowerCase()}`;
        break;
      }
    }
    name ??= 'Content block';
  }
  return last.index === undefined ? name : `${name} ${last.index}`;
}
