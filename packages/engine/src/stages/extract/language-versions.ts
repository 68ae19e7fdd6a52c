/**
 * A page's language versions (issue 23): `<link rel=alternate hreflang>` in its head, and the links
 * of its body that lead to the same site in another language (measure/language-links.ts reads each
 * link). Those links are marked PROBE_MARKS.language, with the smallest part of the page that holds
 * only them (the "EN | DE" line with its bars): the walk leaves them out of the content and the
 * navigation, the menu tree out of the main menu. The rebuild shows them as its language switcher.
 */
import type { LanguageVersion } from '../../model';
import type { LinkLanguage } from '../../measure/language-links';
import {
  isLanguageGroup,
  toEndonym,
  toLanguageCode,
  toLinkLanguage,
} from '../../measure/language-links';
import { PROBE_MARKS } from '../../measure/probe-marks';
import type { Element, Node } from './dom';
import {
  childrenOf,
  collapse,
  findElement,
  findElements,
  getAttr,
  isElement,
  resolveUrl,
  textContent,
} from './dom';

interface Candidate {
  anchor: Element;
  href: string;
  label: string;
  language: LinkLanguage;
  /** The largest part of the page around the link that holds no other link and no words of its own. */
  box: Element;
}

/**
 * Marks the page's language links (see the module comment) and lists its language versions, the
 * head's alternates first (each language once; the page's own is added by the caller).
 */
export function markLanguageVersions(document: Node, pageUrl: string): LanguageVersion[] {
  const head = findElement(document, (e) => e.tagName === 'head');
  const body = findElement(document, (e) => e.tagName === 'body');
  const versions: LanguageVersion[] = [];
  const add = (version: LanguageVersion): void => {
    const same = versions.find((other) => other.code === version.code);
    if (!same) versions.push(version);
    // A head alternate names the page's own version; the switcher's words name the language.
    else if (same.label === toEndonym(same.code) && version.label) same.label = version.label;
  };
  for (const link of head ? findElements(head, isAlternate) : []) {
    const code = toLanguageCode(getAttr(link, 'hreflang'));
    const href = resolveUrl(getAttr(link, 'href') ?? '', pageUrl);
    if (code && href) add({ code, label: toEndonym(code), href: withoutHash(href) });
  }
  if (!body) return versions;
  for (const candidate of findLanguageLinks(body, pageUrl)) {
    if (getAttr(candidate.box, PROBE_MARKS.language) === undefined)
      candidate.box.attrs.push({ name: PROBE_MARKS.language, value: candidate.language.code });
    add({
      code: candidate.language.code,
      label: candidate.label || toEndonym(candidate.language.code),
      href: withoutHash(candidate.href),
    });
  }
  return versions;
}

function isAlternate(element: Element): boolean {
  return (
    element.tagName === 'link' &&
    /(?:^|\s)alternate(?:\s|$)/i.test(getAttr(element, 'rel') ?? '') &&
    getAttr(element, 'hreflang') !== undefined
  );
}

function withoutHash(href: string): string {
  return href.split('#')[0]!;
}

/** The body's language links: read alone, then together with the links beside them. */
function findLanguageLinks(body: Element, pageUrl: string): Candidate[] {
  const anchors = findElements(body, (e) => e.tagName === 'a' && !!getAttr(e, 'href'));
  const candidates: Candidate[] = [];
  for (const anchor of anchors) {
    const href = resolveUrl(getAttr(anchor, 'href')!, pageUrl);
    if (!href || !/^https?:/.test(href)) continue;
    const pictures = findElements(anchor, (e) => e.tagName === 'img').flatMap((img) =>
      ['alt', 'title', 'src'].flatMap((name) => {
        const value = getAttr(img, name);
        return value
          ? [name === 'src' ? (value.split(/[?#]/)[0]!.split('/').pop() ?? '') : value]
          : [];
      }),
    );
    const label = collapse(textContent(anchor));
    const clue = {
      label,
      href,
      pictures,
      hreflang: getAttr(anchor, 'hreflang'),
      lang: getAttr(anchor, 'lang'),
    };
    const language = toLinkLanguage(clue, pageUrl);
    if (language)
      candidates.push({ anchor, href, label: label || altOf(anchor), language, box: anchor });
  }
  const anchorSet = new Set(candidates.map((candidate) => candidate.anchor));
  for (const candidate of candidates) candidate.box = toBox(candidate.anchor, anchorSet, body);
  // Links whose parts sit side by side (one list, one line) are read together.
  const groups = new Map<Node | null, Candidate[]>();
  for (const candidate of candidates) {
    const key = parentOf(candidate.box);
    groups.set(key, [...(groups.get(key) ?? []), candidate]);
  }
  const found: Candidate[] = [];
  for (const group of groups.values()) {
    if (isLanguageGroup(group.map((candidate) => candidate.language))) found.push(...group);
    else found.push(...group.filter((candidate) => isLanguageGroup([candidate.language])));
  }
  return found;
}

function altOf(anchor: Element): string {
  const img = findElement(anchor, (e) => e.tagName === 'img');
  return collapse((img && (getAttr(img, 'alt') || getAttr(img, 'title'))) ?? '');
}

/** From the link up while the parent holds no other link and no words outside the language links. */
function toBox(anchor: Element, languageLinks: Set<Element>, body: Element): Element {
  let box = anchor;
  for (
    let parent = parentOf(box);
    parent && parent !== body && isElement(parent);
    parent = parentOf(parent)
  ) {
    const links = findElements(parent, (e) => e.tagName === 'a' && !!getAttr(e, 'href'));
    if (!links.every((link) => languageLinks.has(link))) break;
    if (/[\p{L}\p{N}]/u.test(wordsOutsideLinks(parent))) break;
    box = parent;
  }
  return box;
}

/** The words of an element outside its links (separators such as `|` and `/` are no words). */
function wordsOutsideLinks(element: Node): string {
  return childrenOf(element)
    .map((child) => {
      if (child.nodeName === '#text') return (child as { value: string }).value;
      if (!isElement(child) || child.tagName === 'a') return '';
      if (child.tagName === 'script' || child.tagName === 'style') return '';
      return wordsOutsideLinks(child);
    })
    .join(' ');
}

function parentOf(node: Node): Node | null {
  return (node as { parentNode?: Node | null }).parentNode ?? null;
}

/**
 * The page's language versions with its own marked current (its `<html lang>`), or none when it
 * has no other; `own` is the page's language tag.
 */
export function withCurrentLanguage(
  versions: LanguageVersion[],
  own: string,
  pageUrl: string,
): LanguageVersion[] {
  const code = toLanguageCode(own);
  const others = versions.filter((version) => version.code !== code);
  if (!code || others.length === 0) return [];
  const mine = versions.find((version) => version.code === code);
  const current: LanguageVersion = {
    code,
    label: mine?.label ?? toEndonym(code),
    href: pageUrl.split('#')[0]!,
    current: true,
  };
  return mine
    ? versions.map((version) => (version === mine ? current : version))
    : [current, ...versions];
}
