/**
 * extract, step 4: the site's identity as the start page shows it — name (and whether the header shows
 * it as words), logo, menu, hero, type scale, fonts, colours and corners — from the probe where the browser
 * measured the page, else from its HTML and CSS.
 */
import type { MenuItem, NavLink, PageModel, SiteIdentity } from '../../../model';
import { plainText } from '../../../model';
import { toOutlineSources } from '../../../lib/outline';
import { mergeTypography, toRebuiltOutline } from '../../../lib/type-scale';
import type { ProbedTypography, RawSite } from '../../../types';
import { toBackgroundPictures } from '../background-pictures';
import { findBrand } from '../brand';
import { toSiteCorners } from '../corners';
import { toProbedBrand, toSchemeOf } from '../brand-colors';
import { collapse, findElement, findElements, getAttr, resolveUrl, textContent } from '../dom';
import { findHero } from '../find-hero';
import { findBrandElement, findStaticLogo, toProbedLogo } from '../find-logo';
import {
  listFontFaces,
  listGoogleFamilies,
  listGoogleImports,
  toFallbackFamilies,
  toFirstFamily,
  toFontRefs,
} from '../font-faces';
import { findMenu } from '../menu-tree';
import { findSiteName } from '../site-name';
import type { AssetIndex } from '../walk-content';
import type { ParsedPage } from './parse-page';

/** What {@link readIdentity} reads. */
export interface IdentityInput {
  raw: RawSite;
  /** The start page, then the others. */
  ordered: ParsedPage[];
  /** Every page as read (titles of all of them name the site). */
  parsed: ParsedPage[];
  navigation: NavLink[];
  assetIndex: AssetIndex;
  /** The footer's copyright line: its holder names the site when nothing before it does. */
  copyright?: string;
}

/** The identity, and the logo as found (an inline SVG logo carries a file of its own). */
export interface ReadIdentity {
  identity: Omit<SiteIdentity, 'title' | 'description' | 'language' | 'logo' | 'favicon'>;
  logo: ReturnType<typeof findStaticLogo>;
}

/** Reads the site's identity (see the module comment). */
export function readIdentity({
  raw,
  ordered,
  parsed,
  navigation,
  assetIndex,
  copyright,
}: IdentityInput): ReadIdentity {
  const start = ordered[0]!;
  const pages: PageModel[] = ordered.map((page) => page.model);
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
    copyright,
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
  // Sizes per level as the original drew them (decision record 110); colours, rules and bars per
  // level as each page's rebuilt outline numbers its headings (lib/outline, decision record 107).
  const measured: { typography: ProbedTypography | undefined; model: PageModel }[] = [
    {
      typography: start.probe?.typography ?? raw.pages.find((page) => page.depth === 0)?.typography,
      model: start.model,
    },
    ...ordered.map((page) => ({ typography: page.probe?.typography, model: page.model })),
  ];
  const typed = measured.filter(
    (m, i, all): m is { typography: ProbedTypography; model: PageModel } =>
      m.typography !== undefined &&
      all.findIndex((other) => other.typography === m.typography) === i,
  );
  const typography = mergeTypography(
    typed.map((m) => m.typography),
    typed.map((m) => toRebuiltOutline(m.typography, toOutlineSources(m.model.sections))),
  );
  const bodyFamily = toFirstFamily(probe?.fonts.body) ?? brand.fonts.body;
  const headingFamily = toFirstFamily(probe?.fonts.heading) ?? brand.fonts.heading ?? bodyFamily;
  // The families the original fell back to, for a visitor without its first (issue 23).
  const fallbacks = {
    ...(toFallbackFamilies(probe?.fonts.body).length > 0
      ? { body: toFallbackFamilies(probe?.fonts.body) }
      : {}),
    ...(toFallbackFamilies(probe?.fonts.heading).length > 0
      ? { heading: toFallbackFamilies(probe?.fonts.heading) }
      : {}),
  };
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
  const corners = toSiteCorners(probe?.corners);
  const { colors, scheme } = probe
    ? toProbedBrand(probe, brand.colors)
    : { colors: brand.colors, scheme: toSchemeOf(brand.colors.background) };
  const backgrounds = probe
    ? toBackgroundPictures(
        probe,
        assetIndex,
        ordered.slice(1).flatMap((page) => (page.probe ? [page.probe] : [])),
        // A page read as served keeps the picture its body was drawn on; a probed page's picture
        // may lie under boxes of their own fill (a photo behind a white column): not its ground.
        ordered.map((page) => ({ url: page.model.url, ground: page.ground })),
      )
    : undefined;
  return {
    identity: {
      name,
      nameSource,
      nameShown,
      colors,
      scheme,
      fonts: {
        ...(bodyFamily ? { body: bodyFamily } : {}),
        ...(headingFamily ? { heading: headingFamily } : {}),
        ...(faces.length > 0 ? { faces } : {}),
        ...(Object.keys(fallbacks).length > 0 ? { fallbacks } : {}),
      },
      ...(menu.length > 0 ? { menu } : {}),
      ...(hero ? { hero } : {}),
      ...(typography ? { typography } : {}),
      ...(corners ? { corners } : {}),
      ...(backgrounds ? { backgrounds } : {}),
    },
    logo,
  };
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
