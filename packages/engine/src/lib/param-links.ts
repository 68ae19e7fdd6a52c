/**
 * Links held in the <param>s of a Java applet or an <object>: the tree and scroller menus of 1990s
 * sites ("treemenu.class" with `<param name="config3" value="1,[WGP] Software,1,products.html">`). No
 * browser runs applets any more, so these pages are reachable only if the crawl reads the params, and
 * the menu survives only as a list of links.
 */

import type { DefaultTreeAdapterMap } from 'parse5';

type Element = DefaultTreeAdapterMap['element'];

/** A page path or an absolute http(s)/mailto address, as a param value spells it. */
const LINK_TOKEN =
  /^(?:(?:https?:\/\/|mailto:)\S+|[\w~%./-]*[\w~%-]\.(?:s?html?|php\d?|aspx?|jspx?|cfm|cgi|pl)(?:[?#]\S*)?)$/i;
/** A label: some letters, not a number, a colour, a flag or a file name. */
const LABEL_TOKEN = /\p{L}.*\p{L}|\p{L}{2,}/u;
const NOT_A_LABEL =
  /^(?:yes|no|true|false|on|off|[0-9a-f]{6}|#[0-9a-f]{3,6}|_?(?:self|top|blank|parent)|[\w~%./-]+\.[a-z0-9]{2,4})$/i;

/** One link of a param menu: its label when the value names one. */
export interface ParamLink {
  href: string;
  label?: string;
}

/**
 * The links in a list of param values, in order, without duplicates. A value holding one link, such as
 * `1,Links,1,links.html` or `Links|links.html|main`, labels it with its first wordy part ("Links").
 */
export function parseParamLinks(values: string[]): ParamLink[] {
  const links: ParamLink[] = [];
  const seen = new Set<string>();
  for (const value of values) {
    const tokens = value
      .split(/[,;|]/)
      .map((token) => token.trim())
      .filter(Boolean);
    const targets = tokens.filter((token) => LINK_TOKEN.test(token));
    // A value with one link is a menu item and may name it; one with several is a list of targets.
    const label =
      targets.length === 1
        ? tokens.find(
            (token) =>
              !LINK_TOKEN.test(token) && LABEL_TOKEN.test(token) && !NOT_A_LABEL.test(token),
          )
        : undefined;
    for (const href of targets) {
      if (seen.has(href)) continue;
      seen.add(href);
      links.push(label ? { href, label } : { href });
    }
  }
  return links;
}

/** The links in the `<param>`s of an `<applet>` or `<object>` element (see parseParamLinks). */
export function listParamLinks(element: Element): ParamLink[] {
  const values = element.childNodes.flatMap((child) =>
    'tagName' in child && child.tagName === 'param'
      ? [child.attrs.find((attribute) => attribute.name === 'value')?.value ?? '']
      : [],
  );
  return parseParamLinks(values);
}
