/**
 * extract: RawSite -> SiteModel. Pure: parse5 trees in, plain data out; problems with single pages
 * become diagnostics and the walk goes on. The steps live in `site/`: each page read alone
 * (parse-page), framesets merged (frames), what the pages share (site-wide), the identity (identity).
 */
import { AppError } from '@sitelift/shared/error-codes';
import type { LogoRef, ImageRef, ModelAsset, SiteModel } from '../../model';
import type { Logger } from '../../ports';
import type { Diagnostic, RawSite } from '../../types';
import { mergeFramesets } from './site/frames';
import { readIdentity } from './site/identity';
import { parsePage, type ParsedPage } from './site/parse-page';
import { splitSwitchedParts } from './site/switched-parts';
import {
  collectContact,
  collectLanguages,
  collectNavigation,
  collectSocial,
  requireVisibleText,
  takeCopyright,
} from './site/site-wide';
import { toPictureKey } from './picture-key';
import type { AssetIndex } from './walk-content';

export { isShownName } from './site/identity';
export { toSections } from './site/parse-page';

/** Reads the content model out of everything fetch read. */
export function extractSite(raw: RawSite, ports: { logger?: Logger } = {}): SiteModel {
  const logger = ports.logger;
  const diagnostics: Diagnostic[] = [...raw.diagnostics];
  const assetIndex = toAssetIndex(raw);
  const read = raw.pages.filter((page) => page.html.trim().length > 0);
  // A one-document site's script-switched parts are pages of their own, as the original shows them.
  const taken = new Set(read.map((page) => page.url));
  const htmlPages = read.flatMap((page) => splitSwitchedParts(page, taken));
  if (htmlPages.length === 0) {
    throw new AppError('ENGINE_EXTRACT_NO_CONTENT', { details: { url: raw.startUrl } });
  }

  const parsed: ParsedPage[] = [];
  htmlPages.forEach((page, index) => {
    parsed.push(parsePage(page, assetIndex, raw.stylesheets));
    logger?.log({ level: 'DEBUG', message: `Extracted ${page.url}` });
    logger?.progress?.({ stage: 'extract', done: index + 1, total: htmlPages.length });
  });
  const byUrl = new Map(parsed.map((page) => [page.model.url, page]));
  mergeFramesets(parsed, byUrl);
  requireVisibleText(parsed, raw, diagnostics, logger);

  const start = byUrl.get(raw.finalUrl) ?? byUrl.get(raw.startUrl) ?? parsed[0]!;
  const ordered = [start, ...parsed.filter((page) => page !== start)];
  const pages = ordered.map((page) => page.model);
  const navigation = collectNavigation(pages);
  const languages = collectLanguages(pages);
  const contact = collectContact(pages);
  const social = collectSocial(pages);
  const copyright = takeCopyright(start.model, pages);
  const { identity, logo } = readIdentity({
    raw,
    ordered,
    parsed,
    navigation,
    assetIndex,
    ...(copyright ? { copyright } : {}),
  });

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
      name: identity.name,
      nameSource: identity.nameSource,
      nameShown: identity.nameShown,
      title: start.model.title,
      description: start.model.description,
      language: start.model.language,
      colors: identity.colors,
      scheme: identity.scheme,
      fonts: identity.fonts,
      ...(identity.menu ? { menu: identity.menu } : {}),
      ...(identity.hero ? { hero: identity.hero } : {}),
      ...(identity.typography ? { typography: identity.typography } : {}),
      ...(identity.corners ? { corners: identity.corners } : {}),
      ...(identity.backgrounds ? { backgrounds: identity.backgrounds } : {}),
    },
    navigation,
    pages,
    contact,
    social,
    assets,
    diagnostics,
  };
  const siteLogo: LogoRef | ImageRef | undefined =
    logo?.logo ?? (start.logo ? toShownLogo(start.logo) : undefined);
  if (siteLogo) model.identity.logo = siteLogo;
  if (favicon) model.identity.favicon = favicon;
  if (copyright) model.copyright = copyright;
  if (languages) model.languages = languages;
  logger?.log({
    level: 'INFO',
    message: `Extracted ${pages.length} page(s), ${pages.reduce((n, p) => n + p.textBlocks.length, 0)} text blocks`,
  });
  return model;
}

/** The width and height fetch measured of each asset, and which picture its bytes are, by address. */
function toAssetIndex(raw: RawSite): AssetIndex {
  const assetIndex: AssetIndex = new Map();
  for (const asset of raw.assets) {
    const entry: { width?: number; height?: number; picture?: string } = {};
    if (asset.width !== undefined) entry.width = asset.width;
    if (asset.height !== undefined) entry.height = asset.height;
    if (asset.body.length > 0) entry.picture = toPictureKey(asset.body);
    assetIndex.set(asset.url, entry);
  }
  return assetIndex;
}

/**
 * A logo found among the start page's first pictures (no brand element said which): the page drew
 * it at its own size (a title drawn as a picture, 420 × 100 in the page's `<h1>`), so the header
 * shows it as high, not at a 40 px icon's height (issue 23).
 */
function toShownLogo(image: ImageRef): LogoRef {
  const logo: LogoRef = { ...image, kind: 'img' };
  if (image.height !== undefined && image.height > 0) logo.shownHeight = image.height;
  const width = image.shownWidth ?? image.width;
  if (width !== undefined && width > 0) logo.shownWidth = width;
  return logo;
}
