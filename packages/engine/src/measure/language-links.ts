/**
 * Language versions of a site (issue 23): links that lead to the same site in another language are a
 * language switcher, never the main menu nor content. A link is read by kind, from what the page says
 * (an `hreflang`/`lang` attribute, a label that names a language, a flag picture, an address under a
 * language prefix or parameter), against the ISO 639-1 table (iso-639-1: English and native names)
 * and the runtime's own names (`Intl.DisplayNames`); a flag's country becomes its language by the
 * likely-subtags data of `Intl.Locale` (GB -> en, CN -> zh). Plain data in and out: the identity probe
 * (in the page) and extract (parse5) read the same way.
 */
import ISO6391 from 'iso-639-1';

/** What a link says about itself: its words, attributes, pictures and address. */
export interface LinkClue {
  /** The link's own words, whitespace collapsed. */
  label: string;
  /** Absolute URL. */
  href: string;
  hreflang?: string;
  lang?: string;
  /** The alt, title and file name of each picture inside the link. */
  pictures: string[];
}

/** How sure a link's language is: named by an attribute or a whole name, or only hinted (a code, a flag). */
export interface LinkLanguage {
  code: string;
  strength: 'named' | 'hinted';
  /** The language its address carries (a prefix, a parameter, a file name suffix), when it does. */
  marker?: string;
}

let namesByWord: Map<string, string> | undefined;

/** Lower-cased language names (English, native, the runtime's) -> ISO 639-1 code; built on first use. */
function getNames(): Map<string, string> {
  if (namesByWord) return namesByWord;
  const names = new Map<string, string>();
  const english = new Intl.DisplayNames(['en'], { type: 'language' });
  for (const code of ISO6391.getAllCodes()) {
    const words = [ISO6391.getName(code), ...ISO6391.getNativeName(code).split(/[,;]/)];
    try {
      words.push(
        english.of(code) ?? '',
        new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? '',
      );
    } catch {
      // A code the runtime has no names for keeps the table's.
    }
    for (const word of words) {
      const key = toKey(word);
      if (key.length >= 3 && !names.has(key)) names.set(key, code);
    }
  }
  namesByWord = names;
  return names;
}

function toKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The ISO 639-1 code of a language tag (`de-CH`, `EN_us` -> `de`, `en`); undefined when it is none. */
export function toLanguageCode(tag: string | undefined): string | undefined {
  const value = tag?.trim().replace(/_/g, '-');
  if (!value) return undefined;
  try {
    const primary = Intl.getCanonicalLocales(value)[0]?.split('-')[0];
    return primary && ISO6391.validate(primary) ? primary : undefined;
  } catch {
    return undefined;
  }
}

/** The language a country's flag stands for (`gb` -> `en`, `cn` -> `zh`), for a valid region code. */
function toLanguageOfRegion(code: string): string | undefined {
  const region = code.toUpperCase();
  if (!/^[A-Z]{2}$/.test(region)) return undefined;
  // UK is the flag files' usual name for the United Kingdom (its ISO code is GB).
  const iso = region === 'UK' ? 'GB' : region;
  if (new Intl.DisplayNames(['en'], { type: 'region' }).of(iso) === iso) return undefined;
  try {
    const language = new Intl.Locale(`und-${iso}`).maximize().language;
    return ISO6391.validate(language) ? language : undefined;
  } catch {
    return undefined;
  }
}

/** A whole label that names a language ("Deutsch", "English", "中文"). */
export function toLanguageOfName(label: string): string | undefined {
  return getNames().get(toKey(label));
}

/** The language a same-site address carries: `/en/…`, `?lang=de`, `index-de.html`, `de.html`. */
export function toLanguageOfHref(href: string, pageUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href, pageUrl);
    if (url.origin !== new URL(pageUrl).origin) return undefined;
  } catch {
    return undefined;
  }
  for (const [key, value] of url.searchParams) {
    if (/^(?:lang|language|locale|lng|hl|l)$/i.test(key)) return toLanguageCode(value);
  }
  const segments = decodeURIComponent(url.pathname).split('/').filter(Boolean);
  const file = /\.[a-z0-9]+$/i.test(segments[segments.length - 1] ?? '')
    ? segments.pop()
    : undefined;
  for (const segment of segments) {
    if (/^[a-z]{2}(?:[-_][a-z]{2,4})?$/i.test(segment)) {
      const code = toLanguageCode(segment);
      if (code) return code;
    }
  }
  // A file named after its language: `de.html`, `index-de.html`, `index_de.htm`, `index.de.html`.
  const suffix = file?.match(/(?:^|[-_.])([a-z]{2}(?:[-_][a-z]{2})?)\.[a-z0-9]+$/i)?.[1];
  return suffix ? toLanguageCode(suffix) : undefined;
}

/** The language a picture names: its alt or title, else a code or name in its file name (`flag_de.png`). */
function toLanguageOfPicture(words: string): string | undefined {
  const named = toLanguageOfName(words);
  if (named) return named;
  const tokens = words
    .toLowerCase()
    .replace(/\.[a-z0-9]+$/i, '')
    .split(/[^a-z]+/)
    .filter(Boolean);
  for (const token of tokens) {
    const name = token.length >= 3 ? toLanguageOfName(token) : undefined;
    if (name) return name;
  }
  for (const token of tokens) {
    if (token.length !== 2) continue;
    const code = ISO6391.validate(token) ? token : toLanguageOfRegion(token);
    if (code) return code;
  }
  return undefined;
}

/**
 * The language a link leads to, or undefined when it reads as an ordinary link. Named: an `hreflang`
 * or `lang` attribute, or a whole label that is a language's name. Hinted: a label that is a code
 * ("EN") or holds one its address agrees with ("Home en"), or a flag picture. Long labels are words
 * of the page, never a switcher's.
 */
export function toLinkLanguage(link: LinkClue, pageUrl: string): LinkLanguage | undefined {
  const marker = toLanguageOfHref(link.href, pageUrl);
  const withMarker = (language: LinkLanguage): LinkLanguage =>
    marker ? { ...language, marker } : language;
  const label = link.label.trim();
  if (label.length > 24 || label.split(/\s+/).length > 3) return undefined;
  const attribute = toLanguageCode(link.hreflang) ?? toLanguageCode(link.lang);
  if (attribute) return withMarker({ code: attribute, strength: 'named' });
  const named = label ? toLanguageOfName(label) : undefined;
  if (named) return withMarker({ code: named, strength: 'named' });
  const words = toKey(label).split(' ').filter(Boolean);
  if (words.length === 1 && words[0]!.length === 2 && ISO6391.validate(words[0]!))
    return withMarker({ code: words[0]!, strength: 'hinted' });
  if (marker && words.some((word) => word === marker))
    return { code: marker, strength: 'hinted', marker };
  if (!label || label.length <= 3) {
    for (const picture of link.pictures) {
      const code = toLanguageOfPicture(picture);
      if (code) return withMarker({ code, strength: 'hinted' });
    }
  }
  return undefined;
}

/**
 * Whether links read together (a group's) are language versions: two or more that lead to two
 * languages or more, each named or hinted with an address that carries its language; or a single
 * link whose language is named and whose address carries it too.
 */
export function isLanguageGroup(languages: readonly (LinkLanguage | undefined)[]): boolean {
  if (languages.length === 0 || languages.some((language) => language === undefined)) return false;
  const known = languages as readonly LinkLanguage[];
  if (known.length === 1) {
    const [only] = known;
    return only!.strength === 'named' && only!.marker === only!.code;
  }
  const codes = new Set(known.map((language) => language.code));
  if (codes.size < 2) return false;
  // Two letters alone ("IT", "NO") are words too: a hinted group needs an address that carries its
  // link's language, and no address that carries another (the default language often has none).
  const agrees = (language: LinkLanguage): boolean =>
    language.strength === 'named' || language.marker === language.code;
  return (
    known.some(agrees) &&
    known.every((language) => agrees(language) || language.marker === undefined)
  );
}

/** A language's own name for itself, capitalised ("Deutsch", "English"); the code when unknown. */
export function toEndonym(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}
