/**
 * extract, step 1: one fetched page's HTML → its page model and what the site-wide steps read of it
 * (frames, favicon, logo clue, og:site_name, the <title> as written, the probe).
 */
import { parse } from 'parse5';
import type { Block, ImageRef, PageModel, Section } from '../../../model';
import { FOOTER_SECTION, plainText, slugify, toFlatBlocks, toLanguageTag } from '../../../model';
import type { PageProbe, RawPage, RawStylesheet } from '../../../types';
import { markCollapsedSections } from '../collapsed-sections';
import { findContact, findCopyright, findSocial } from '../contact';
import type { Node } from '../dom';
import { collapse, findElement, findElements, getAttr, resolveUrl, textContent } from '../dom';
import { guessLanguage } from '../guess-language';
import { liftHeaderParts } from '../header-parts';
import { markLanguageVersions, withCurrentLanguage } from '../language-versions';
import { findMenuTargets } from '../menu-targets';
import { markCentredHeadings } from '../heading-align';
import { markPrintOnly } from '../print-only';
import { markTableRows } from '../table-rows';
import { markBoxedSections } from '../section-boxes';
import { markTitleBand } from '../title-band';
import type { AssetIndex } from '../walk-content';
import { walkContent } from '../walk-content';

/** A page as read, before the site-wide steps. */
export interface ParsedPage {
  model: PageModel;
  document: Node;
  frames: string[];
  favicon?: string;
  /** A picture named like a logo among the page's first blocks (the oldest clue, kept last). */
  logo?: ImageRef;
  siteName?: string;
  /** The `<title>` element's text as written ('' when the page has none). */
  titleText: string;
  probe?: PageProbe;
  /** The picture a page read without a probe was drawn on (fetch: its `<body background>`). */
  ground?: RawPage['ground'];
}

/**
 * Reads one page: its sections, text, links, contact details and head. `stylesheets` (the site's)
 * tell what the page shows only in print.
 */
export function parsePage(
  raw: RawPage,
  assets: AssetIndex,
  stylesheets: readonly RawStylesheet[] = [],
): ParsedPage {
  const { url, html, frames } = raw;
  const document = parse(html) as Node;
  const htmlElement = findElement(document, (e) => e.tagName === 'html');
  const head = findElement(document, (e) => e.tagName === 'head');
  const meta = (name: string): string | undefined => {
    const element =
      head &&
      findElement(
        head,
        (e) =>
          e.tagName === 'meta' &&
          (getAttr(e, 'name') ?? getAttr(e, 'property'))?.toLowerCase() === name,
      );
    const content = element ? getAttr(element, 'content') : undefined;
    return content ? collapse(content) : undefined;
  };
  const titleElement = head && findElement(head, (e) => e.tagName === 'title');
  markPrintOnly(document, url, stylesheets);
  // A page read as served: its layout tables' rows marked from the markup, as the probe would.
  markTableRows(document);
  // Before the walk: language links are the switcher's, neither content nor navigation.
  const versions = markLanguageVersions(document, url);
  // Before the walk: the header's strip and lines are the rebuilt header's (issue 23).
  const header = liftHeaderParts(document, url, assets);
  const walked = walkContent(document, url, assets);
  // A one-page site's menu leads to anchors: a section starts at each (issue 23).
  const partStarts = new Map<number, PartStart>();
  const anchorAt = new Map(walked.anchors);
  for (const [id, label] of findMenuTargets(document, walked.navLinks, url)) {
    const found = walked.anchors.get(id);
    if (found === undefined) continue;
    const heading = toHeadingAfterLeadIn(walked.blocks, found);
    if (heading !== undefined) anchorAt.set(id, heading);
    else if (!partStarts.has(found)) partStarts.set(found, { id, label });
  }
  const { sections, sectionOfBlock } = splitSections(walked.blocks, partStarts, walked.asideFrom);
  markCentredHeadings(sections, document);
  markCollapsedSections(sections, document, url);
  markBoxedSections(sections, document);
  markTitleBand(sections, document, assets);
  const anchors: Record<string, string> = {};
  for (const [id, index] of anchorAt) {
    const section = sections[sectionOfBlock[index] ?? sections.length - 1];
    if (section) anchors[id] = section.id;
  }
  // Tab panels keep the original's ids (old links to #tab-3 open that tab) unless a section has it.
  const usedIds = new Set(sections.map((section) => section.id));
  const tabs = toFlatBlocks(sections.flatMap((section) => section.blocks)).flatMap((block) =>
    block.kind === 'tabs' ? block.tabs : [],
  );
  for (const tab of tabs) usedIds.add(tab.id);
  const renamed = new Map<string, string>();
  for (const tab of tabs) {
    if (!sections.some((section) => section.id === tab.id)) continue;
    let id = `${tab.id}-panel`;
    for (let n = 2; usedIds.has(id); n++) id = `${tab.id}-panel-${n}`;
    usedIds.add(id);
    renamed.set(tab.id, id);
    tab.id = id;
  }
  for (const [id, tab] of walked.tabAnchors) anchors[id] = renamed.get(tab) ?? tab;
  const allText = walked.textBlocks.join(' ');
  let language =
    (htmlElement && getAttr(htmlElement, 'lang')) ??
    (htmlElement && getAttr(htmlElement, 'xml:lang')) ??
    '';
  if (!language && head) {
    const equiv = findElement(
      head,
      (e) => e.tagName === 'meta' && getAttr(e, 'http-equiv')?.toLowerCase() === 'content-language',
    );
    language = (equiv && getAttr(equiv, 'content')) ?? '';
  }
  // Only a valid BCP 47 tag is kept (issue 10): `en"><script>` is no language, so it is guessed.
  language = toLanguageTag(language.trim().split(/[,\s]/)[0]) ?? guessLanguage(allText);

  const firstHeading = sections.find((s) => s.heading)?.heading;
  const title =
    collapse(titleElement ? textContent(titleElement) : '') ||
    (firstHeading ? plainText(firstHeading.inlines) : '') ||
    decodeURIComponent(new URL(url).pathname);
  const model: PageModel = {
    url,
    title,
    description: meta('description') ?? meta('og:description') ?? describe(sections),
    language,
    kind: 'page',
    sections,
    navLinks: walked.navLinks,
    contact: findContact(walked.blocks),
    // Icon-only links (a Twitter bird with screen-reader text) are profiles too.
    social: findSocial(
      walked.blocks,
      findElements(document, (e) => e.tagName === 'a' && !!getAttr(e, 'href')).flatMap(
        (a) => resolveUrl(getAttr(a, 'href')!, url) ?? [],
      ),
    ),
    textBlocks: [...header.textBlocks, ...walked.textBlocks],
    anchors,
    dropped: [...header.dropped, ...walked.dropped],
  };
  // An address that redirected here (issue 24): links to it land on this page, and it redirects.
  if (raw.requestedUrl && raw.requestedUrl !== url) model.requestedUrl = raw.requestedUrl;
  if (walked.aside) model.aside = walked.aside;
  if (header.parts.length > 0) model.header = header.parts;
  // The sections above the sidebar's columns (a banner spanning the page) stay above them.
  const beside =
    walked.asideFrom === undefined ? undefined : sections[sectionOfBlock[walked.asideFrom]!];
  if (model.aside && beside && beside !== sections[0])
    model.aside = { ...model.aside, besideFrom: beside.id };
  const languages = withCurrentLanguage(versions, language, url);
  if (languages.length > 0) model.languages = languages;
  const copyright = findCopyright(walked.blocks);
  if (copyright) model.copyright = copyright;
  const titleText = collapse(titleElement ? textContent(titleElement) : '');
  const parsed: ParsedPage = { model, document, frames, titleText };
  if (raw.probe) parsed.probe = raw.probe;
  if (raw.ground) parsed.ground = raw.ground;
  const iconLink =
    head &&
    findElements(
      head,
      (e) =>
        e.tagName === 'link' &&
        /(?:^|\s)(?:shortcut\s+)?icon(?:\s|$)/i.test(getAttr(e, 'rel') ?? ''),
    )[0];
  const iconHref = iconLink && getAttr(iconLink, 'href');
  const favicon = iconHref ? resolveUrl(iconHref, url) : undefined;
  if (favicon) parsed.favicon = favicon;
  const logo = findLogo(walked.blocks);
  if (logo) parsed.logo = logo;
  const siteName = meta('og:site_name') ?? meta('application-name');
  if (siteName) parsed.siteName = siteName;
  return parsed;
}

function findLogo(blocks: Block[]): ImageRef | undefined {
  for (const block of blocks.slice(0, 12)) {
    if (
      block.kind === 'image' &&
      block.image.asset &&
      /logo|brand/i.test(`${block.image.src} ${block.image.alt}`)
    )
      return block.image;
  }
  return undefined;
}

/** Splits blocks into sections at every heading. */
export function toSections(blocks: Block[]): Section[] {
  return splitSections(blocks).sections;
}

/** A part's lead-in over its heading ("Portfolio" above "The gallery"): a few short words. */
const MAX_LEAD_IN_BLOCKS = 2;
const MAX_LEAD_IN_LENGTH = 60;

/**
 * The index of the heading a part starting at block `index` opens with after at most a short
 * lead-in of words (an eyebrow label): the part is that heading's section. Undefined when the part
 * opens otherwise (a picture, a text of some length).
 */
function toHeadingAfterLeadIn(blocks: readonly Block[], index: number): number | undefined {
  for (let at = index; at <= index + MAX_LEAD_IN_BLOCKS && at < blocks.length; at++) {
    const block = blocks[at]!;
    if (block.kind === 'heading') return at;
    if (
      block.kind !== 'paragraph' ||
      block.inlines.some((run) => run.href) ||
      plainText(block.inlines).length > MAX_LEAD_IN_LENGTH
    )
      return undefined;
  }
  return undefined;
}

/** An anchor a menu of the page links to: the original's id and the menu link's label. */
interface PartStart {
  id: string;
  label: string;
}

/**
 * Splits blocks into sections at every heading, and at the blocks where a part a menu links to
 * starts (`partStarts`, by block index) when that is inside a section; `sectionOfBlock[i]` is the
 * index of the section holding block i.
 */
function splitSections(
  blocks: Block[],
  partStarts: ReadonlyMap<number, PartStart> = new Map(),
  asideFrom?: number,
): { sections: Section[]; sectionOfBlock: number[] } {
  const sections: Section[] = [];
  const sectionOfBlock: number[] = [];
  const idHints = new Map<Section, string>();
  let current: Section | undefined;
  let footerNext = false;
  for (const [index, block] of blocks.entries()) {
    const part = partStarts.get(index);
    if (
      part &&
      block.kind !== 'heading' &&
      block.kind !== 'break' &&
      current &&
      current.id !== FOOTER_SECTION &&
      current.blocks.length > 0
    ) {
      // The original titled the part with a picture or not at all: the menu's label names it for
      // screen readers (a visible title would add words the original did not show), and keeps it a
      // part of its own through plan's grouping; its id is the original's.
      current = {
        id: '',
        heading: { level: 2, inlines: [{ text: part.label }], visuallyHidden: true },
        blocks: [],
      };
      idHints.set(current, part.id);
      sections.push(current);
    }
    // The sidebar's columns begin here: what was above them is a section of its own.
    if (
      index === asideFrom &&
      block.kind !== 'heading' &&
      block.kind !== 'break' &&
      current &&
      current.id !== FOOTER_SECTION &&
      current.blocks.length + (current.heading ? 1 : 0) > 0
    ) {
      current = { id: '', blocks: [] };
      sections.push(current);
    }
    if (block.kind === 'heading') {
      current = {
        id: '',
        heading: {
          level: block.level,
          inlines: block.inlines,
          ...(block.align ? { align: block.align } : {}),
        },
        blocks: [],
      };
      sections.push(current);
    } else if (
      block.kind === 'tabs' &&
      current &&
      current.id !== FOOTER_SECTION &&
      (current.blocks.length > 0 || !current.heading)
    ) {
      // A tab group is a part of the page of its own, unless it sits right under a heading.
      current = { id: '', blocks: [block] };
      sections.push(current);
    } else if (block.kind === 'break') {
      current = undefined;
      footerNext = true;
    } else {
      if (!current) {
        current = { id: footerNext ? FOOTER_SECTION : '', blocks: [] };
        sections.push(current);
      }
      current.blocks.push(block);
    }
    sectionOfBlock.push(sections.length - 1);
  }
  return {
    sections: uniqueSectionIds(sections, (section) => idHints.get(section)),
    sectionOfBlock,
  };
}

/**
 * Gives every section an id of its own (the original's id where `idOf` gives one, else its
 * heading's slug, numbered when taken).
 */
export function uniqueSectionIds(
  sections: Section[],
  idOf: (section: Section) => string | undefined = () => undefined,
): Section[] {
  const used = new Set<string>();
  return sections.map((section, index) => {
    const first = section.blocks[0];
    const base =
      slugify(idOf(section) ?? '') ||
      (section.heading ? slugify(plainText(section.heading.inlines)) : '') ||
      (first?.kind === 'tabs' && first.label ? slugify(first.label) : '') ||
      (section.id.startsWith(FOOTER_SECTION) ? FOOTER_SECTION : `section-${index + 1}`);
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return { ...section, id };
  });
}

/** The page's description when it has none: its first paragraph of some length, cut at ~155. */
export function describe(sections: Section[]): string {
  for (const section of sections) {
    for (const block of section.blocks) {
      if (block.kind !== 'paragraph') continue;
      const text = plainText(block.inlines);
      if (text.length < 40) continue;
      if (text.length <= 155) return text;
      const cut = text.slice(0, 155);
      return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 100)).trim()}…`;
    }
  }
  return '';
}
