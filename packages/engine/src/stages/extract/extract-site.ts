/**
 * extract: RawSite -> SiteModel. Pure: parse5 trees in, plain data out; problems with single pages
 * become diagnostics and the walk goes on.
 */
import { AppError } from '@sitelift/shared/error-codes';
import { guessLanguage } from './guess-language';
import { parse } from 'parse5';
import type {
  Block,
  ContactDetails,
  ImageRef,
  LogoRef,
  MenuItem,
  ModelAsset,
  NavLink,
  PageModel,
  Section,
  SiteModel,
} from '../../model';
import type { Logger } from '../../ports';
import { mergeTypography } from '../../lib/type-scale';
import type { Diagnostic, PageProbe, ProbedTypography, RawPage, RawSite } from '../../types';
import { findBrand } from './brand';
import { toProbedBrand, toSchemeOf } from './brand-colors';
import { findHero } from './find-hero';
import { findBrandElement, findStaticLogo, toProbedLogo } from './find-logo';
import {
  listFontFaces,
  listGoogleFamilies,
  listGoogleImports,
  toFirstFamily,
  toFontRefs,
} from './font-faces';
import { findMenu } from './menu-tree';
import { findSiteName } from './site-name';
import { findContact, findCopyright, findSocial } from './contact';
import type { Node } from './dom';
import { collapse, findElement, findElements, getAttr, resolveUrl, textContent } from './dom';
import type { AssetIndex } from './walk-content';
import { markCollapsedSections } from './collapsed-sections';
import { markCentredHeadings } from './heading-align';
import { walkContent } from './walk-content';
import { findSideFrame, toBlocksOfSections } from './side-frame';
import { toAside } from './walk/aside';
import {
  FOOTER_SECTION,
  plainText,
  slugify,
  toFlatBlocks,
  toLanguageTag,
  withoutTimestamps,
} from '../../model';

interface ParsedPage {
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
}

/** Reads the content model out of everything fetch read. */
export function extractSite(raw: RawSite, ports: { logger?: Logger } = {}): SiteModel {
  const logger = ports.logger;
  const diagnostics: Diagnostic[] = [...raw.diagnostics];
  const assetIndex: AssetIndex = new Map();
  for (const asset of raw.assets) {
    const entry: { width?: number; height?: number } = {};
    if (asset.width !== undefined) entry.width = asset.width;
    if (asset.height !== undefined) entry.height = asset.height;
    assetIndex.set(asset.url, entry);
  }
  const htmlPages = raw.pages.filter((page) => page.html.trim().length > 0);
  if (htmlPages.length === 0) {
    throw new AppError('ENGINE_EXTRACT_NO_CONTENT', { details: { url: raw.startUrl } });
  }

  const parsed: ParsedPage[] = [];
  htmlPages.forEach((raw, index) => {
    parsed.push(parsePage(raw, assetIndex));
    logger?.log({ level: 'DEBUG', message: `Extracted ${raw.url}` });
    logger?.progress?.({ stage: 'extract', done: index + 1, total: htmlPages.length });
  });

  // A frameset page shows its frames: it becomes their content, and a link-only frame its navigation.
  const byUrl = new Map(parsed.map((page) => [page.model.url, page]));
  for (const page of parsed) {
    if (page.frames.length === 0) continue;
    page.model.kind = 'frameset';
    const sections: Section[] = [];
    const textBlocks: string[] = [];
    const sideFrame = findSideFrame(page.document, page.model.url);
    for (const frameUrl of page.frames) {
      const frame = byUrl.get(frameUrl);
      if (!frame || frame === page) continue;
      if (frame.model.kind === 'page') frame.model.kind = 'frame';
      page.model.navLinks.push(...frame.model.navLinks);
      // The narrow side frame (the navigation frame) stays beside the content, as the page's aside.
      const asideBlocks =
        sideFrame && sideFrame.url === frameUrl && !page.model.aside
          ? toBlocksOfSections(frame.model.sections)
          : [];
      if (sideFrame && asideBlocks.length > 0) {
        page.model.aside = toAside(asideBlocks, sideFrame.side, sideFrame.width);
        frame.model.asideOf = page.model.url;
        // A menu frame's links are the header's navigation too; its text, their labels.
        const links = isLinkList(frame.model) ? linksOf(frame.model) : undefined;
        if (links) page.model.navLinks.push(...links);
        textBlocks.push(...(links ? links.map((link) => link.label) : frame.model.textBlocks));
        page.model.dropped.push(...frame.model.dropped);
        continue;
      }
      if (isLinkList(frame.model)) {
        // A menu frame becomes the header navigation: its visible text is its link labels.
        const links = linksOf(frame.model);
        page.model.navLinks.push(...links);
        textBlocks.push(...links.map((link) => link.label));
        continue;
      }
      textBlocks.push(...frame.model.textBlocks);
      sections.push(...frame.model.sections);
      page.model.dropped.push(...frame.model.dropped);
    }
    page.model.sections = uniqueSectionIds([...page.model.sections, ...sections]);
    page.model.textBlocks = [...page.model.textBlocks, ...textBlocks];
    if (!page.model.description) page.model.description = describe(page.model.sections);
  }

  // A rebuild without a word of the original is no rebuild: a script-only page read without a
  // browser, a login wall or a canvas app would otherwise be delivered as an empty site, and paid for.
  const hasText = (page: ParsedPage): boolean =>
    page.model.textBlocks.some((block) => block.trim().length > 0);
  if (!parsed.some(hasText)) {
    logger?.log({
      level: 'ERROR',
      message: `No visible text on any of the ${parsed.length} page${parsed.length === 1 ? '' : 's'} read (${raw.startUrl})`,
    });
    throw new AppError('ENGINE_EXTRACT_NO_VISIBLE_TEXT', {
      details: { url: raw.startUrl, pages: parsed.length },
    });
  }
  for (const page of parsed) {
    if (!hasText(page)) {
      diagnostics.push({
        level: 'warning',
        code: 'ENGINE_EXTRACT_EMPTY_PAGE',
        message: 'The page has no visible text.',
        url: page.model.url,
      });
      logger?.log({ level: 'WARNING', message: `No visible text on ${page.model.url}` });
    }
  }

  const start = byUrl.get(raw.finalUrl) ?? byUrl.get(raw.startUrl) ?? parsed[0]!;
  const ordered = [start, ...parsed.filter((page) => page !== start)];
  const pages = ordered.map((page) => page.model);

  // fetch lists <style> elements as `inline:<page url>#n` stylesheets; read them from the page otherwise.
  const brand = findBrand(
    raw.stylesheets.map((sheet) => sheet.css),
    ordered.map((page) => ({
      root: page.document,
      readStyleElements: !raw.stylesheets.some((sheet) =>
        sheet.url.startsWith(`inline:${page.model.url}`),
      ),
    })),
  );

  // Site-wide: navigation is the union of the pages' menus, start page first.
  const navigation: NavLink[] = [];
  for (const page of pages) {
    for (const link of page.navLinks) {
      if (!navigation.some((n) => n.href === link.href && n.label === link.label))
        navigation.push(link);
    }
  }
  const contact: ContactDetails = { phones: [], emails: [], addresses: [], hours: [] };
  for (const page of pages) {
    for (const key of ['phones', 'emails', 'addresses', 'hours'] as const) {
      for (const value of page.contact[key])
        if (!contact[key].includes(value)) contact[key].push(value);
    }
  }
  const social = pages
    .flatMap((page) => page.social)
    .filter((s, i, all) => all.findIndex((t) => t.href === s.href) === i);
  const copyright = start.model.copyright ?? mostCommon(pages.map((page) => page.copyright));
  if (copyright) {
    // The site footer shows the copyright line once; pages keep only a different one of their own
    // (one that differs only in the time a script stamped it is the same line).
    const key = withoutTimestamps(copyright);
    for (const page of pages) {
      for (const section of page.sections) {
        section.blocks = section.blocks.filter(
          (block) =>
            !(block.kind === 'paragraph' && withoutTimestamps(plainText(block.inlines)) === key),
        );
      }
    }
  }

  const titles = parsed.map((page) => page.titleText).filter(Boolean);
  const probe = start.probe ?? ordered.find((page) => page.probe)?.probe;
  const brandElement = findBrandElement(start.document);
  const probed = probe?.logo ? toProbedLogo(probe.logo, assetIndex) : undefined;
  const logo = probed ?? findStaticLogo(start.document, start.model.url, assetIndex);
  const startHeading = start.model.sections.find((section) => section.heading)?.heading;
  const { name, source: nameSource } = findSiteName({
    ogSiteName: start.siteName,
    logoAlt: logo?.logo.alt ?? start.logo?.alt,
    brandText:
      probe?.brand?.text ?? (brandElement ? collapse(textContent(brandElement)) : undefined),
    titleText: start.titleText,
    titles,
    startHeading: startHeading ? plainText(startHeading.inlines) : undefined,
    // A menu that starts with a link to the start page starts with the brand: not a page name.
    pageNames: [
      ...navigation
        .filter((link, index) => index > 0 || link.href.split('#')[0] !== start.model.url)
        .map((link) => link.label),
      ...pages
        .slice(1)
        .flatMap((page) =>
          page.sections
            .slice(0, 1)
            .flatMap((s) => (s.heading ? [plainText(s.heading.inlines)] : [])),
        ),
    ],
    host: new URL(raw.finalUrl).hostname,
  });
  // The rebuilt header shows the name as words only where the original's brand showed them, or a
  // heading of its header did (a name set as the header's h1, no link).
  const brandWords =
    probe?.brand?.text ?? (brandElement ? collapse(textContent(brandElement)) : '');
  const banner = findElement(
    start.document,
    (e) => e.tagName === 'header' || getAttr(e, 'role') === 'banner',
  );
  const bannerHeadings = banner
    ? findElements(banner, (e) => /^h[1-3]$/.test(e.tagName)).map((e) => collapse(textContent(e)))
    : [];
  const nameShown =
    isShownName(brandWords, name) ||
    bannerHeadings.some((words) => isShownName(words, name) && words.length >= name.length);
  const menu: MenuItem[] = findMenu(start.document, start.model.url);
  const hero = findHero(probe, start.model, assetIndex);
  // The type scale over the pages, the start page first (decision record 029); a static start
  // page was measured for it alone.
  const typography = mergeTypography(
    [start.probe?.typography ?? raw.pages.find((page) => page.depth === 0)?.typography]
      .concat(ordered.map((page) => page.probe?.typography))
      .filter((t, i, all): t is ProbedTypography => t !== undefined && all.indexOf(t) === i),
  );
  const bodyFamily = toFirstFamily(probe?.fonts.body) ?? brand.fonts.body;
  const headingFamily = toFirstFamily(probe?.fonts.heading) ?? brand.fonts.heading ?? bodyFamily;
  const faces = toFontRefs(
    [bodyFamily, headingFamily],
    listFontFaces(raw.stylesheets),
    new Set(raw.assets.map((asset) => asset.url)),
    listGoogleFamilies([
      ...raw.stylesheets.map((sheet) => sheet.url),
      ...listGoogleImports(raw.stylesheets),
      ...findElements(
        start.document,
        (e) => e.tagName === 'link' && /stylesheet/i.test(getAttr(e, 'rel') ?? ''),
      ).flatMap((link) => resolveUrl(getAttr(link, 'href') ?? '', start.model.url) ?? []),
    ]),
  );
  const { colors, scheme } = probe
    ? toProbedBrand(probe, brand.colors)
    : { colors: brand.colors, scheme: toSchemeOf(brand.colors.background) };
  const assets: ModelAsset[] = raw.assets.map((asset) => {
    const out: ModelAsset = { url: asset.url, contentType: asset.contentType, body: asset.body };
    if (asset.width !== undefined) out.width = asset.width;
    if (asset.height !== undefined) out.height = asset.height;
    return out;
  });
  // An inline <svg> logo becomes a file of its own.
  if (logo?.svgAsset && !assets.some((asset) => asset.url === logo.svgAsset!.url))
    assets.push(logo.svgAsset);
  const faviconUrl = start.favicon ?? new URL('/favicon.ico', raw.finalUrl).href;
  const favicon = raw.assets.some((asset) => asset.url === faviconUrl) ? faviconUrl : undefined;

  const model: SiteModel = {
    origin: new URL(raw.finalUrl).origin,
    startUrl: start.model.url,
    identity: {
      name,
      nameSource,
      nameShown,
      title: start.model.title,
      description: start.model.description,
      language: start.model.language,
      colors,
      scheme,
      fonts: {
        ...(bodyFamily ? { body: bodyFamily } : {}),
        ...(headingFamily ? { heading: headingFamily } : {}),
        ...(faces.length > 0 ? { faces } : {}),
      },
      ...(menu.length > 0 ? { menu } : {}),
      ...(hero ? { hero } : {}),
      ...(typography ? { typography } : {}),
    },
    navigation,
    pages,
    contact,
    social,
    assets,
    diagnostics,
  };
  const siteLogo: LogoRef | ImageRef | undefined = logo?.logo ?? start.logo;
  if (siteLogo) model.identity.logo = siteLogo;
  if (favicon) model.identity.favicon = favicon;
  if (copyright) model.copyright = copyright;
  logger?.log({
    level: 'INFO',
    message: `Extracted ${pages.length} page(s), ${pages.reduce((n, p) => n + p.textBlocks.length, 0)} text blocks`,
  });
  return model;
}

/** True when the brand's words name the site (the name, or a longer or shorter form of it). */
export function isShownName(brandWords: string, name: string): boolean {
  const key = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const words = key(brandWords);
  const named = key(name);
  return words.length > 0 && named.length > 0 && (words.includes(named) || named.includes(words));
}

function parsePage(raw: RawPage, assets: AssetIndex): ParsedPage {
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
  const walked = walkContent(document, url, assets);
  const { sections, sectionOfBlock } = splitSections(walked.blocks);
  markCentredHeadings(sections, document);
  markCollapsedSections(sections, document, url);
  const anchors: Record<string, string> = {};
  for (const [id, index] of walked.anchors) {
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
    textBlocks: walked.textBlocks,
    anchors,
    dropped: walked.dropped,
  };
  if (walked.aside) model.aside = walked.aside;
  const copyright = findCopyright(walked.blocks);
  if (copyright) model.copyright = copyright;
  const titleText = collapse(titleElement ? textContent(titleElement) : '');
  const parsed: ParsedPage = { model, document, frames, titleText };
  if (raw.probe) parsed.probe = raw.probe;
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

/** Splits blocks into sections; `sectionOfBlock[i]` is the index of the section holding block i. */
function splitSections(blocks: Block[]): { sections: Section[]; sectionOfBlock: number[] } {
  const sections: Section[] = [];
  const sectionOfBlock: number[] = [];
  let current: Section | undefined;
  let footerNext = false;
  for (const block of blocks) {
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
  return { sections: uniqueSectionIds(sections), sectionOfBlock };
}

function uniqueSectionIds(sections: Section[]): Section[] {
  const used = new Set<string>();
  return sections.map((section, index) => {
    const first = section.blocks[0];
    const base =
      (section.heading ? slugify(plainText(section.heading.inlines)) : '') ||
      (first?.kind === 'tabs' && first.label ? slugify(first.label) : '') ||
      (section.id.startsWith(FOOTER_SECTION) ? FOOTER_SECTION : `section-${index + 1}`);
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return { ...section, id };
  });
}

function describe(sections: Section[]): string {
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

function isLinkList(page: PageModel): boolean {
  const links = linksOf(page);
  if (links.length < 2) return false;
  const linked = links.reduce((n, link) => n + link.label.replace(/\s+/g, '').length, 0);
  const all = page.textBlocks.reduce((n, text) => n + text.replace(/\s+/g, '').length, 0);
  return linked >= all * 0.9;
}

function linksOf(page: PageModel): NavLink[] {
  const links: NavLink[] = [];
  for (const section of page.sections) {
    const runs = [
      section.heading?.inlines ?? [],
      ...section.blocks.flatMap((block) =>
        block.kind === 'paragraph' ? [block.inlines] : block.kind === 'list' ? block.items : [],
      ),
    ];
    for (const line of runs)
      for (const run of line)
        if (run.href && collapse(run.text))
          links.push({ label: collapse(run.text), href: run.href });
  }
  return links;
}

function mostCommon(values: (string | undefined)[]): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
}
