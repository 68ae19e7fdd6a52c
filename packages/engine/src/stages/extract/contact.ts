/** Contact details, social links and the copyright line, read from a page's text blocks and links. */
import type { Block, ContactDetails, InlineRun, SocialLink } from '../../model';
import { plainText } from '../../model';

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
const PHONE = /(?:\+|\(?\d)[\d\s()./-]{6,}\d/g;
const PHONE_CONTEXT =
  /\b(?:tel|phone|telephone|fon|telefoon|telefon|call|mobile|mob|fax|ph)\b|(?:^|\s)[pt]\s*:|☎|📞|电话/i;
/**
 * A street address: a house number of its own (not the end of a word such as "PCRE2"), one to four
 * capitalised words and a street type ("12 Main Street", "5 Rue Street"), or a Dutch/German street
 * name ending in straat, laan, straße... followed by its number ("Kerkstraat 12").
 */
const STREET =
  /(?<![\w-])\d{1,5}[a-z]?,?\s+(?:[A-Z0-9][\w.'-]*\s+){1,4}(?:Street|St\.?|Avenue|Ave\.?|Road|Rd\.?|Boulevard|Blvd\.?|Lane|Ln\.?|Drive|Dr\.?|Way|Place|Pl\.?|Square|Sq\.?|Court|Ct\.?|Terrace|Highway|Hwy\.?)(?![\w-])/;
const STREET_CONTINENTAL =
  /(?<![\w-])[A-ZÄÖÜ][\wäöüß-]*(?:straat|laan|weg|plein|gracht|straße|strasse|gasse|allee)\s+\d{1,5}[a-z]?(?![\w-])/;
const DAYS =
  /\b(?:mon|tue|wed|thu|fri|sat|sun|ma|di|wo|do|vr|za|zo|mo|mi|fr|sa|so)(?:[a-z]*)\b\.?/i;
const TIME =
  /\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|h|uur)?\s*(?:-|–|—|to|tot|bis)\s*\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|h|uur)?/i;
const COPYRIGHT = /©|&copy;|\(c\)\s*(?:copyright\s*)?\d{4}|\bcopyright\b/i;
const SOCIAL: [RegExp, string][] = [
  [/(?:^|\.)facebook\.com$/, 'Facebook'],
  [/(?:^|\.)(?:twitter\.com|x\.com)$/, 'X'],
  [/(?:^|\.)instagram\.com$/, 'Instagram'],
  [/(?:^|\.)linkedin\.com$/, 'LinkedIn'],
  [/(?:^|\.)(?:youtube\.com|youtu\.be)$/, 'YouTube'],
  [/(?:^|\.)github\.com$/, 'GitHub'],
  [/(?:^|\.)tiktok\.com$/, 'TikTok'],
  [/(?:^|\.)pinterest\.com$/, 'Pinterest'],
  [/(?:^|\.)(?:mastodon\.social|fosstodon\.org)$/, 'Mastodon'],
];

/** Every inline run of a block list (paragraphs, headings, list items, table cells, tab panels). */
export function blockRuns(blocks: Block[]): InlineRun[][] {
  const out: InlineRun[][] = [];
  for (const block of blocks) {
    if (block.kind === 'paragraph' || block.kind === 'heading') out.push(block.inlines);
    else if (block.kind === 'list') out.push(...block.items);
    else if (block.kind === 'table')
      for (const row of [...block.head, ...block.rows]) out.push(...row);
    else if (block.kind === 'tabs')
      for (const tab of block.tabs) out.push(...blockRuns(tab.blocks));
    else if (block.kind === 'dialog') out.push(...blockRuns(block.blocks));
  }
  return out;
}

function addUnique(list: string[], value: string): void {
  if (value && !list.includes(value)) list.push(value);
}

/** Contact details of a page: phones, e-mails, addresses and opening hours. */
export function findContact(blocks: Block[]): ContactDetails {
  const contact: ContactDetails = { phones: [], emails: [], addresses: [], hours: [] };
  for (const runs of blockRuns(blocks)) {
    const text = plainText(runs);
    for (const run of runs) {
      if (run.href?.startsWith('mailto:'))
        addUnique(contact.emails, decodeURIComponent(run.href.slice(7).split('?')[0] ?? ''));
      if (run.href?.startsWith('tel:'))
        addUnique(contact.phones, collapseInner(run.text) || decodeURIComponent(run.href.slice(4)));
    }
    for (const match of text.matchAll(EMAIL)) addUnique(contact.emails, match[0]);
    if (PHONE_CONTEXT.test(text)) {
      for (const match of text.matchAll(PHONE)) {
        const digits = match[0].replace(/\D/g, '');
        if (digits.length >= 7 && digits.length <= 15) addUnique(contact.phones, match[0].trim());
      }
    }
    if (text.length <= 160 && (STREET.test(text) || STREET_CONTINENTAL.test(text)))
      addUnique(contact.addresses, text);
    if (text.length <= 140 && DAYS.test(text) && TIME.test(text)) addUnique(contact.hours, text);
  }
  for (const block of blocks) {
    if (block.kind === 'paragraph' && block.role === 'address')
      addUnique(contact.addresses, plainText(block.inlines));
  }
  return contact;
}

function collapseInner(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Links to the site's profiles on social networks. */
export function findSocial(blocks: Block[], extraLinks: string[] = []): SocialLink[] {
  const out: SocialLink[] = [];
  const hrefs = [
    ...blockRuns(blocks).flatMap((runs) => runs.map((run) => run.href)),
    ...extraLinks,
  ];
  for (const href of hrefs) {
    if (!href) continue;
    let host: string;
    try {
      host = new URL(href).hostname.replace(/^www\./, '');
    } catch {
      continue;
    }
    const network = SOCIAL.find(([pattern]) => pattern.test(host))?.[1];
    // Share buttons (sharer.php, intent/tweet) are not the site's profile.
    if (network && !/share|intent|sharer/i.test(href) && !out.some((s) => s.href === href))
      out.push({ network, href });
  }
  return out;
}

/** The copyright line of a page, when a short paragraph reads like one. */
export function findCopyright(blocks: Block[]): string | undefined {
  for (let i = blocks.length - 1; i >= 0; i--) {
    const block = blocks[i]!;
    if (block.kind !== 'paragraph') continue;
    const text = plainText(block.inlines);
    if (text.length <= 200 && COPYRIGHT.test(text)) return text;
  }
  return undefined;
}
