/**
 * Links whose own text says nothing about where they lead ("here", "read more"). Screen-reader users
 * who list a page's links, and search engines (Lighthouse's link-text audit), need more: plan adds a
 * visually hidden description of the target to such links.
 */

/** Link texts that describe nothing, in the languages of the sites we see most (lower case). */
const NON_DESCRIPTIVE = new Set([
  // English
  'click here',
  'click this',
  'go',
  'here',
  'information',
  'learn more',
  'link',
  'more',
  'more info',
  'more information',
  'right here',
  'read more',
  'see more',
  'start',
  'this',
  'this link',
  'continue',
  'continue reading',
  'details',
  // Dutch
  'hier',
  'klik hier',
  'meer',
  'lees meer',
  'meer info',
  'meer informatie',
  'deze link',
  // German
  'hier klicken',
  'klicke hier',
  'klicken sie hier',
  'mehr',
  'weiterlesen',
  'siehe',
  'dies',
  'das',
  // French
  'ici',
  'cliquez ici',
  'en savoir plus',
  'plus',
  'lire la suite',
  // Spanish and Portuguese
  'aquí',
  'aqui',
  'click aquí',
  'click aqui',
  'más',
  'mas',
  'más información',
  'mas informacion',
  'clique aqui',
  'mais',
  'saiba mais',
  'leia mais',
  // Swedish
  'här',
  'klicka här',
  'läs mer',
  'mer',
]);

/** True when a link's text alone does not say where it leads. */
export function isNonDescriptiveLinkText(text: string): boolean {
  const normalized = text
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/^[\s.,:;!?»«>‹›()[\]"'“”…-]+|[\s.,:;!?»«>‹›()[\]"'“”…-]+$/g, '');
  return NON_DESCRIPTIVE.has(normalized);
}

/**
 * A short description of a link target: the title of a page of the site, an e-mail address, a
 * file's name, or another site's host name. Undefined when there is nothing better to say.
 */
export function describeLinkTarget(
  href: string,
  titleOfPage: (url: string) => string | undefined,
  siteOrigin: string,
): string | undefined {
  if (/^mailto:/i.test(href))
    return decodeURIComponent(href.slice(7).split('?')[0] ?? '') || undefined;
  if (/^tel:/i.test(href)) return decodeURIComponent(href.slice(4)) || undefined;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const title = titleOfPage(href)?.trim();
  if (title) return title;
  const file = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  if (url.origin === siteOrigin) {
    // A page that was not crawled: its file name in words ("about-us.html" -> "about us").
    const page = /^(.+)\.(?:html?|php\d?|aspx?|jsp|cfm|shtml)$/i.exec(file);
    if (page?.[1]) {
      return /^(?:index|default)$/i.test(page[1]) ? undefined : page[1].replace(/[-_+]+/g, ' ');
    }
    return /\.[a-z0-9]{2,5}$/i.test(file) ? file : undefined;
  }
  return url.hostname.replace(/^www\./, '');
}
