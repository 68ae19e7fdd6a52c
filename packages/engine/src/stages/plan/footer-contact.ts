/**
 * The site's own contact details for its structured data (JSON-LD). The rebuilt footer no longer
 * lists them: it shows the original footer's own lines, contact details only where those had them
 * (plan-footer.ts, issue 12).
 */
import type { ContactDetails, SiteModel } from '../../model';

/** At most this many details of one kind in the footer (the pages keep all of theirs). */
export const MAX_FOOTER_DETAILS = 3;

/**
 * The site's own contact details: all of a kind when the site has at most MAX_FOOTER_DETAILS of it
 * (a contact page's phone and address), else those its start page (or a frameset's frames) shows,
 * or that at least half of its pages
 * (two or more) show, at most MAX_FOOTER_DETAILS of each kind. The model's site-wide contact is the
 * union of every page's, so one page listing 80 projects' mail addresses (ant-site-2004's external
 * tools) would otherwise put all 80 into every page's footer: text the original never showed there,
 * a footer taller than most of its pages (issue 12: fidelity). Each page keeps its own details in
 * its content.
 */
export function toFooterContact(model: SiteModel): ContactDetails {
  const pages = model.pages;
  // What the first view shows: the start page, and a frameset's frames with it.
  const first = pages[0];
  const start =
    first?.kind === 'frameset' ? pages.filter((page) => page.kind !== 'page') : pages.slice(0, 1);
  const needed = Math.max(2, Math.ceil(pages.length / 2));
  const pick = (kind: keyof ContactDetails): string[] =>
    model.contact[kind].length <= MAX_FOOTER_DETAILS
      ? model.contact[kind]
      : model.contact[kind]
          .filter(
            (value) =>
              start.some((page) => page.contact[kind].includes(value)) ||
              pages.filter((page) => page.contact[kind].includes(value)).length >= needed,
          )
          .slice(0, MAX_FOOTER_DETAILS);
  return {
    phones: pick('phones'),
    emails: pick('emails'),
    addresses: pick('addresses'),
    hours: pick('hours'),
  };
}
