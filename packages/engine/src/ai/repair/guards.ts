/**
 * Guards that cannot be argued with (issue 25, decision record 058), run after every accepted repair
 * step: the site's words stay the site's — no word in the plan's text that the offline plan did not
 * have — and the generated project gains no script, event handler or external address. Pure: the
 * loop passes the plans and file trees before and after.
 */
import type { SitePlan } from '../../model';
import type { FileTree } from '../../types';

/** Keys of the plan whose string values are words a visitor reads or a crawler indexes. */
const TEXT_KEYS = new Set([
  'text',
  'label',
  'title',
  'caption',
  'alt',
  'description',
  'copyright',
  'context',
  'placeholder',
  'name',
]);

function collectText(value: unknown, key: string | undefined, into: string[]): void {
  if (typeof value === 'string') {
    if (key !== undefined && TEXT_KEYS.has(key)) into.push(value);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) collectText(item, key, into);
    return;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array))
    for (const [name, item] of Object.entries(value)) collectText(item, name, into);
}

/** The words of a plan's text (pages, menus, footer, identity), lower-cased. */
export function planWords(plan: SitePlan): Set<string> {
  const texts: string[] = [];
  collectText(
    {
      pages: plan.pages,
      navigation: plan.navigation,
      footerLinks: plan.footerLinks,
      menu: plan.menu,
      footer: plan.footer,
      copyright: plan.copyright,
      identity: { name: plan.identity.name },
    },
    undefined,
    texts,
  );
  return new Set(texts.flatMap((text) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []));
}

/** Words of `after` the site's own plan does not have (empty: no new words). */
export function findNewWords(before: SitePlan, after: SitePlan): string[] {
  const own = planWords(before);
  return [...planWords(after)].filter((word) => !own.has(word));
}

/** Scripts, inline event handlers and addresses of other hosts, as written in source files. */
const HAZARDS: { name: string; pattern: RegExp }[] = [
  { name: 'a script', pattern: /<script\b/giu },
  { name: 'an event handler', pattern: /\bon[a-z]+\s*=\s*["'{]/giu },
  { name: 'a javascript: address', pattern: /javascript:/giu },
  { name: 'an external address', pattern: /\b(?:https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}[^\s"'`)]*/giu },
];

function decode(body: FileTree['files'][string] | undefined): string | undefined {
  return typeof body === 'string' ? body : undefined;
}

function countMatches(text: string, pattern: RegExp): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of text.matchAll(pattern)) counts.set(match[0], (counts.get(match[0]) ?? 0) + 1);
  return counts;
}

/**
 * What a repaired project introduced that the offline one did not have: a script, an event handler,
 * a `javascript:` address or an address of another host, in any text file (each kind once, with the
 * file). Occurrences the offline project already had (the original's own links) are not new.
 */
export function findIntroducedHazards(before: FileTree, after: FileTree): string[] {
  const found: string[] = [];
  for (const [file, body] of Object.entries(after.files)) {
    const text = decode(body);
    if (text === undefined) continue;
    const old = decode(before.files[file]) ?? '';
    if (old === text) continue;
    for (const { name, pattern } of HAZARDS) {
      const was = countMatches(old, pattern);
      for (const [match, count] of countMatches(text, pattern)) {
        if (count > (was.get(match) ?? 0)) {
          found.push(`${name} in ${file} (${match.slice(0, 60)})`);
          break;
        }
      }
    }
  }
  return found;
}

/** Why a repaired plan and project may not replace the offline ones, or undefined when they may. */
export function checkRepairGuards(
  before: { plan: SitePlan; tree: FileTree },
  after: { plan: SitePlan; tree: FileTree },
): string | undefined {
  const words = findNewWords(before.plan, after.plan);
  if (words.length > 0) return `new words that are not the site's: ${words.slice(0, 5).join(', ')}`;
  const hazards = findIntroducedHazards(before.tree, after.tree);
  if (hazards.length > 0) return `the project gained ${hazards[0]}`;
  return undefined;
}
