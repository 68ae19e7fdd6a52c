/**
 * Understanding (issue 25, task `understand`): where the extract rules are unsure, the model looks
 * at the original's start page and labels what it sees. The rules are unsure of a menu's picture
 * links without words — an image button whose picture carries the item's words, with an empty alt
 * or a file name for one: the rules leave such an item out of the menu (or name it by its file).
 * And when they found no logo, of the pictures linking to the start page outside the menu.
 *
 * One call for the start page: its desktop screenshot, each unsure element's own picture and a
 * numbered list of them (id, what the rules have). The answer names those ids only; a label is
 * taken where the DOM does not contradict it, and every label is listed (ai.labels), taken or not:
 *
 * - `menu` with the words on the picture: short plain words (guards.ts) become the item's label,
 *   in the menu where the link stands; the words are new, so they are listed in ai.written too.
 * - `logo`: taken only when the rules found no logo, the link leads to the start page and the
 *   picture was downloaded.
 * - `decorative`: the rules leave the picture out already; taken, nothing changes.
 *
 * Any other id (one the list does not hold, or named twice) is not taken. The result rides in the
 * site model (`aiUnderstood`), so a resumed run still reports it.
 */
import { parse } from 'parse5';
import { z } from 'zod';
import type { AiWrittenString, MenuItem, SiteModel } from '../model';
import { PROBE_MARKS } from '../measure/probe-marks';
import { toPageAddress } from '../lib/client-route';
import type { Element, Node } from '../stages/extract/dom';
import {
  childrenOf,
  collapse,
  findElement,
  findElements,
  getAttr,
  isElement,
  resolveUrl,
  textContent,
} from '../stages/extract/dom';
import { findMenuRoots } from '../stages/extract/menu-tree';
import type { RawSite } from '../types';
import { guardWritten } from './guards';
import { toModelImage } from './images';
import type { AiClient, AiImage } from './types';

/** Marks an unsure picture link among the words before an element (UnsureElement.before). */
export const PICTURE = '\u0000';

/** Elements asked about at most (one call). */
const MAX_ELEMENTS = 12;
/** A menu item's words: a few. */
const MAX_MENU_WORDS = 40;

/** One element the rules were unsure of. */
export interface UnsureElement {
  /** The id the model answers by (`e1`, `e2`…). */
  id: string;
  /**
   * `picture-link`: a link of the menu made of a picture without words; `home-picture`: a picture
   * linking to the start page outside the menu, asked about when the rules found no logo.
   */
  kind: 'picture-link' | 'home-picture';
  /** Where it is in the original's page (a CSS path from `body`). */
  selector: string;
  /** Absolute URL the link leads to. */
  href: string;
  /** Absolute URL of its picture. */
  picture: string;
  /** What the rules have for its words: '' or the picture's file name. */
  rulesHave: string;
  /**
   * The menu's links before it, in order: their words, or `PICTURE + id` for an unsure picture link
   * (its words are the model's): where it goes in the menu.
   */
  before: string[];
}

export type AiLabel = NonNullable<SiteModel['aiUnderstood']>['labels'][number];

export const understandAnswerSchema = z.object({
  labels: z.array(
    z.object({
      id: z.string().describe('An id from the list, e.g. "e1".'),
      label: z.enum(['menu', 'logo', 'decorative']),
      words: z
        .string()
        .describe('For "menu": the words written on the picture, exactly as shown; else "".'),
    }),
  ),
});
export type UnderstandAnswer = z.infer<typeof understandAnswerSchema>;

const SYSTEM = [
  'You help rebuild an old web page. You get a screenshot of the page, the pictures of some of its elements and a numbered list of those elements, which the rules could not read.',
  'For each element, answer with its id and one label: "menu" when it is an item of the menu (then give the words written on its picture, exactly as they appear), "logo" when it is the site\'s logo, "decorative" when it is decoration that says nothing.',
  'Use only the ids of the list. Never write words that are not visible in the picture; when a picture shows no words, do not label it "menu".',
  'Answer with JSON: {"labels": [{"id": "e1", "label": "menu", "words": "About us"}]}.',
].join(' ');

/** A file name where words should be (`btn_about.gif`, `nav-02`), or nothing. */
function isFileName(text: string): boolean {
  return (
    text === '' ||
    /\.(?:gif|jpe?g|png|webp|svg|bmp)$/i.test(text) ||
    (!/\s/.test(text) && /[_\d]/.test(text))
  );
}

function hasMarkedAncestor(element: Element, marks: string[]): boolean {
  for (let node: Node | null = element; node && isElement(node); node = node.parentNode) {
    if (marks.some((mark) => getAttr(node as Element, mark) !== undefined)) return true;
  }
  return false;
}

/** A CSS path from `body` to the element (`body > div:nth-of-type(2) > a`). */
export function cssPath(element: Element): string {
  const parts: string[] = [];
  for (let node: Node | null = element; node && isElement(node); node = node.parentNode) {
    if (node.tagName === 'body' || node.tagName === 'html') break;
    const parent = node.parentNode;
    const same = parent
      ? childrenOf(parent).filter(
          (child) => isElement(child) && child.tagName === (node as Element).tagName,
        )
      : [];
    parts.unshift(
      same.length > 1 ? `${node.tagName}:nth-of-type(${same.indexOf(node) + 1})` : node.tagName,
    );
  }
  return ['body', ...parts].join(' > ');
}

/**
 * What the rules were unsure of on the start page: its menu's picture links without words, in the
 * page's order, then (when the rules found no logo) the home pictures of its header part.
 */
export function findUnsure(
  html: string,
  pageUrl: string,
  options: { logoFound: boolean } = { logoFound: true },
): UnsureElement[] {
  const document = parse(html) as Node;
  const found: UnsureElement[] = [];
  const roots = findMenuRoots(document);
  const words: string[] = [];
  for (const root of roots) {
    const links = findElements(root, (e) => e.tagName === 'a' && !!getAttr(e, 'href'));
    for (const link of links) {
      const text = collapse(textContent(link));
      if (text !== '') {
        words.push(text);
        continue;
      }
      if (hasMarkedAncestor(link, [PROBE_MARKS.brand, PROBE_MARKS.language])) continue;
      const image = findElement(link, (e) => e.tagName === 'img');
      const raw = getAttr(link, 'href') ?? '';
      const href = /^\s*(?:javascript:|#)/i.test(raw) ? undefined : resolveUrl(raw, pageUrl);
      const src = image ? resolveUrl(getAttr(image, 'src') ?? '', pageUrl) : undefined;
      if (!image || !href || !src) continue;
      const alt = collapse(getAttr(image, 'alt') ?? '');
      const title = collapse(getAttr(link, 'title') ?? getAttr(image, 'title') ?? '');
      if (!isFileName(alt) || title !== '') {
        words.push(isFileName(alt) ? title : alt);
        continue;
      }
      if (found.some((element) => element.href === href)) continue;
      found.push({
        id: `e${found.length + 1}`,
        kind: 'picture-link',
        selector: cssPath(link),
        href,
        picture: src,
        rulesHave: alt,
        before: [...words],
      });
      words.push(`${PICTURE}${found[found.length - 1]!.id}`);
      if (found.length >= MAX_ELEMENTS) return found;
    }
  }
  if (!options.logoFound) found.push(...findHomePictures(document, pageUrl, roots, found.length));
  return found.slice(0, MAX_ELEMENTS);
}

/** Home pictures asked about at most. */
const MAX_HOME_PICTURES = 2;

/**
 * Pictures linking to the start page outside the menu, without words beside them in the link, in
 * the page's header part (before the menu ends, or before the first heading): the logo the rules
 * did not find is often one.
 */
function findHomePictures(
  document: Node,
  pageUrl: string,
  roots: Element[],
  count: number,
): UnsureElement[] {
  const found: UnsureElement[] = [];
  // The header's part of the page: up to the end of the menu, else up to the first heading (a
  // partner's logo linking home further down is no logo of the site).
  const all = findElements(document, () => true);
  const menuEnd = roots[0] === undefined ? -1 : lastIndexWithin(all, roots[0]);
  const heading = all.findIndex((e) => /^h[1-3]$/.test(e.tagName));
  const end = menuEnd >= 0 ? menuEnd : heading >= 0 ? heading : all.length;
  const links = all
    .slice(0, end)
    .filter((e) => e.tagName === 'a' && getAttr(e, 'href') !== undefined);
  for (const link of links) {
    if (found.length >= MAX_HOME_PICTURES) break;
    const href = resolveUrl(getAttr(link, 'href') ?? '', pageUrl);
    // A link to the start page itself, not to one of its parts (`#program`).
    if (href === undefined || /#./.test(href) || toPageAddress(href) !== toPageAddress(pageUrl))
      continue;
    if (roots.some((root) => within(root, link)) || collapse(textContent(link)) !== '') continue;
    const image = findElement(link, (e) => e.tagName === 'img');
    const src = image ? resolveUrl(getAttr(image, 'src') ?? '', pageUrl) : undefined;
    if (!image || src === undefined) continue;
    found.push({
      id: `e${count + found.length + 1}`,
      kind: 'home-picture',
      selector: cssPath(link),
      href,
      picture: src,
      rulesHave: collapse(getAttr(image, 'alt') ?? ''),
      before: [],
    });
  }
  return found;
}

/** The index in `all` (the page's elements in order) of the last element inside `root`. */
function lastIndexWithin(all: Element[], root: Element): number {
  let last = all.indexOf(root);
  for (let index = last + 1; index < all.length && within(root, all[index]!); index++) last = index;
  return last;
}

function within(ancestor: Element, node: Element): boolean {
  for (let parent: Node | null = node; parent; parent = (parent as Element).parentNode ?? null)
    if (parent === ancestor) return true;
  return false;
}

/** The prompt's list: one line per element. */
export function understandPrompt(
  pageUrl: string,
  elements: UnsureElement[],
  pictureNumbers: Map<string, number>,
): string {
  const lines = elements.map((element) => {
    const picture = pictureNumbers.get(element.id);
    const has = element.rulesHave === '' ? 'no words' : `only the file name "${element.rulesHave}"`;
    if (element.kind === 'home-picture')
      return `${element.id}: a picture linking to the start page, outside the menu; the rules found no logo${picture === undefined ? '' : ` (picture ${picture})`}`;
    return `${element.id}: a link to ${toPageAddress(element.href)} made of a picture; the rules have ${has} for it${picture === undefined ? '' : ` (picture ${picture})`}`;
  });
  return [`Page: ${pageUrl}`, 'Elements:', ...lines].join('\n');
}

function sameAddress(a: string, b: string): boolean {
  return toPageAddress(a) === toPageAddress(b);
}

/**
 * Applies the model's labels to a copy of the model where the DOM does not contradict them; every
 * label is listed with `taken`, and the words taken as `written`.
 */
export function applyLabels(
  model: SiteModel,
  elements: UnsureElement[],
  answer: UnderstandAnswer,
  route: string,
): { model: SiteModel; labels: AiLabel[]; written: AiWrittenString[]; notes: string[] } {
  const byId = new Map(elements.map((element) => [element.id, element]));
  const seen = new Set<string>();
  const labels: AiLabel[] = [];
  const written: AiWrittenString[] = [];
  const notes: string[] = [];
  const identity = { ...model.identity };
  let menu = identity.menu === undefined ? undefined : [...identity.menu];
  let navigation = [...model.navigation];
  const language = model.identity.language || 'en';
  /** The words taken for each picture link, by id. */
  const taken = new Map<string, string>();

  // In the page's order, so that picture items placed one after the other keep it.
  const ordered = [...answer.labels].sort(
    (a, b) => (elementIndex(elements, a.id) ?? 1e9) - (elementIndex(elements, b.id) ?? 1e9),
  );
  for (const { id, label, words } of ordered) {
    const element = byId.get(id);
    if (element === undefined || seen.has(id)) {
      labels.push({ route, selector: id, label, taken: false });
      continue;
    }
    seen.add(id);
    const { selector } = element;
    if (label === 'decorative') {
      labels.push({ route, selector, label, taken: true });
      continue;
    }
    if (label === 'logo') {
      const asset = model.assets.find((candidate) => candidate.url === element.picture);
      const taken =
        identity.logo === undefined &&
        asset !== undefined &&
        sameAddress(element.href, model.startUrl);
      if (taken) identity.logo = { kind: 'img', src: element.picture, alt: '', asset: asset.url };
      labels.push({ route, selector, label, taken });
      continue;
    }
    if (element.kind !== 'picture-link') {
      // The DOM says no: the picture is not in the menu.
      labels.push({ route, selector, label, taken: false });
      continue;
    }
    const guarded = guardWritten(words, 'alt', language);
    const text = guarded.ok ? guarded.text : '';
    const why = !guarded.ok
      ? guarded.reason
      : text.length > MAX_MENU_WORDS
        ? `longer than ${MAX_MENU_WORDS} characters`
        : (menu ?? []).some(
              (item) => item.href !== undefined && sameAddress(item.href, element.href),
            )
          ? 'names a page the menu has already'
          : undefined;
    labels.push({ route, selector, label: why ? 'menu' : `menu: ${text}`, taken: !why });
    if (why !== undefined) {
      notes.push(`The menu words read for ${selector} were dropped: it ${why}.`);
      continue;
    }
    const item: MenuItem = { label: text, href: element.href, children: [] };
    const list = menu ?? [];
    const after = element.before
      .map((key) => (key.startsWith(PICTURE) ? taken.get(key.slice(1)) : key))
      .map((words) => (words === undefined ? -1 : list.findIndex((entry) => entry.label === words)))
      .reduce((last, index) => (index >= 0 ? index : last), -1);
    list.splice(after + 1, 0, item);
    menu = list;
    taken.set(id, text);
    // The rules' link named by the file name takes the words; else the words are a new link.
    const named = navigation.findIndex(
      (link) => sameAddress(link.href, element.href) && isFileName(link.label),
    );
    if (named >= 0) navigation[named] = { label: text, href: navigation[named]!.href };
    else navigation = [...navigation, { label: text, href: element.href }];
    written.push({ route, field: 'alt', target: element.picture, text });
  }
  if (menu !== undefined) identity.menu = menu;
  return { model: { ...model, identity, navigation }, labels, written, notes };
}

function elementIndex(elements: UnsureElement[], id: string): number | undefined {
  const index = elements.findIndex((element) => element.id === id);
  return index < 0 ? undefined : index;
}

/**
 * Asks the model about the start page's unsure elements and applies its labels (see the file's
 * comment); the model as it was when nothing is unsure or the call fails.
 */
export async function understandSite(
  raw: RawSite,
  model: SiteModel,
  ai: AiClient,
): Promise<SiteModel> {
  if (!ai.allows('understand')) return model;
  const page = raw.pages.find((candidate) => candidate.url === model.startUrl) ?? raw.pages[0];
  if (page === undefined) return model;
  const elements = findUnsure(page.html, page.url, {
    logoFound: model.identity.logo !== undefined,
  });
  if (elements.length === 0) return model;

  const images: AiImage[] = [];
  if (page.screenshots?.desktop !== undefined) {
    const shot = await toModelImage(page.screenshots.desktop, {
      maxWidth: 1024,
      maxHeight: 1400,
      top: true,
    });
    if (shot !== undefined) images.push(shot);
  }
  const pictureNumbers = new Map<string, number>();
  for (const element of elements) {
    const asset = raw.assets.find((candidate) => candidate.url === element.picture);
    if (asset === undefined) continue;
    const image = await toModelImage(asset.body, { maxWidth: 320, maxHeight: 160 });
    if (image === undefined) continue;
    images.push(image);
    pictureNumbers.set(element.id, images.length);
  }
  const result = await ai.call({
    task: 'understand',
    schema: understandAnswerSchema,
    system: SYSTEM,
    prompt: understandPrompt(page.url, elements, pictureNumbers),
    images,
    maxOutputTokens: 400,
  });
  if (!result.ok) return model;
  const applied = applyLabels(model, elements, result.value, '/');
  for (const note of applied.notes) ai.note(note);
  if (applied.labels.length === 0) return model;
  return {
    ...applied.model,
    aiUnderstood: { labels: applied.labels, written: applied.written },
  };
}
