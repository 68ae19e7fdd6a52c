/**
 * plan: SiteModel + strategy -> SitePlan. Routes (clean paths, a redirect map from the old ones),
 * self-hosted assets, internal links rewritten to routes, one h1 per page with an orderly outline,
 * a component variant per section, and the design from the Designer. Pure and deterministic.
 */
import { AppError } from '@sitelift/shared/error-codes';
import type { UnbuiltLinks } from '@sitelift/shared/validation/create-project';
import { applyDesign } from '../../design/designer';
import { buildTokens, designOffline, offlineDesigner } from '../../design/offline-designer';
import type {
  Block,
  PageModel,
  PlannedAlternate,
  PlannedPage,
  Section,
  SitePlan,
  TitleBand,
  SiteModel,
} from '../../model';
import type { Diagnostic, Strategy } from '../../types';
import { strategyProfile } from '../../model/strategy-profiles';
import { createAssetHost } from './asset-host';
import { chooseVariant } from './choose-variant';
import { createContentRewriter } from './content-rewriter';
import { toFooterContact } from './footer-contact';
import { planFooter, showsCopyright, toFooterLinks } from './plan-footer';
import { toHeaderParts, toUnshownHeaderBlocks, withHeaderWords } from './plan-header';
import { fitTabs } from './fit-tabs';
import { fixOutline, isPathTitle } from '../../lib/outline';
import { groupSections } from './group-sections';
import { createHrefRewriter } from './href-rewriter';
import { applyHero } from './plan-hero';
import { withoutPictureChrome } from './picture-chrome';
import { planNavigation, withoutMenuCopies } from './plan-navigation';
import { normalizeUrl, planRoutes, toComponentName, toModuleName } from './plan-routes';
import { planRedirects } from './plan-redirects';
import { planAside } from './plan-aside';
import { withLandingAnchors } from './landing-anchors';
import { withReadableTones } from './block-tones';
import { planPageKinds } from './page-kinds';
import { toCardRuns } from './to-card-runs';
import { toBlockKinds, toDatedSections, toListKind } from './list-kinds';
import { plainText, toFlatBlocks } from '../../model';
import { hasClientRoute, toDocumentUrl } from '../../lib/client-route';

export { chooseVariant } from './choose-variant';
export { fitTabs } from './fit-tabs';
export { fixOutline } from '../../lib/outline';
export { groupSections } from './group-sections';
export { normalizeUrl, toRoute, toShortHash } from './plan-routes';
export { splitCards } from './split-cards';
export { toCardRuns } from './to-card-runs';

/** Options of the plan stage. */
export interface PlanOptions {
  strategy: Strategy;
  /**
   * A link to a page of the site that was not rebuilt (issue 24): kept as a link to the original
   * page (`keep`, the default; listed in `linksToOriginal`) or removed, its words kept (`remove`).
   */
  unbuiltLinks?: UnbuiltLinks;
}

/**
 * The page's language versions as routes (issue 23), its own current; none when no other version
 * is a page of the rebuild.
 */
function toAlternates(
  page: PageModel,
  route: string,
  routeOf: (url: string) => string | undefined,
): PlannedAlternate[] | undefined {
  const alternates = (page.languages ?? []).flatMap((version): PlannedAlternate[] => {
    const target = version.current ? route : routeOf(version.href);
    if (!target) return [];
    return [
      {
        code: version.code,
        label: version.label,
        route: target,
        ...(version.current ? { current: true as const } : {}),
      },
    ];
  });
  return alternates.filter((alternate) => !alternate.current).length > 0 ? alternates : undefined;
}

/** Plans the rebuild, with the offline design (a Designer of the pipeline's input runs after it: designSite). */
export function planSite(model: SiteModel, options: PlanOptions): SitePlan {
  const diagnostics: Diagnostic[] = [];
  if (model.pages.length === 0) throw new AppError('ENGINE_PLAN_NO_PAGES');

  // Routes, unique, start page first.
  const routeOf = planRoutes(model);
  // Self-hosted assets: every downloaded image a page shows, plus favicon and logo.
  const host = createAssetHost(model);
  const { planned, hostAsset } = host;
  const links = createHrefRewriter(model, routeOf, host, {
    unbuiltLinks: options.unbuiltLinks ?? 'keep',
  });
  const { rewriteHref } = links;
  const contentRewriter = createContentRewriter(model, rewriteHref, host, links.isRemovedLink);
  // A frameset's side frame is drawn as that frameset's aside: no page of its own.
  const shownPages = model.pages.filter((page) => !page.asideOf);
  // The header's strip and lines (issue 23): the start page's are the site's.
  const siteHeader = shownPages[0]
    ? toHeaderParts(shownPages[0].header, contentRewriter(shownPages[0]).rewriteBlock).header
    : [];
  let pages: PlannedPage[] = shownPages.map((page, pageIndex) => {
    const route = routeOf(page.url)!;
    const moduleName = toModuleName(route);
    const { rewriteRuns, rewriteBlock } = contentRewriter(page);
    const ownHeader = toHeaderParts(page.header, rewriteBlock);
    const headerWords = [
      ...toUnshownHeaderBlocks(ownHeader.header, siteHeader),
      ...ownHeader.content,
    ];
    let sections: Section[] = page.sections.map((section) => {
      const out: Section = {
        id: section.id,
        blocks: section.blocks.map(rewriteBlock).filter((b): b is Block => b !== undefined),
      };
      if (section.heading)
        out.heading = {
          level: section.heading.level,
          inlines: rewriteRuns(section.heading.inlines),
          ...(section.heading.align ? { align: section.heading.align } : {}),
          // A part a menu links to that the original titled with a picture (extract, issue 23).
          ...(section.heading.visuallyHidden ? { visuallyHidden: true as const } : {}),
        };
      if (section.collapsed) out.collapsed = true;
      // The box the original drew the section in (issue 23, decision record 084).
      if (section.box) out.box = section.box;
      if (section.afterBox) out.afterBox = true;
      if (section.titleBand) {
        // The page's title band (issue 23): its picture self-hosted, else its fill alone.
        const { image, ...band } = section.titleBand;
        const block = image ? rewriteBlock({ kind: 'image', image }) : undefined;
        const picture = block?.kind === 'image' ? block.image : undefined;
        if (picture || band.fill)
          out.titleBand = picture ? { ...band, image: picture } : withoutOpacity(band);
      }
      return out;
    });
    // A title that is only the page's file path is never shown nor used (issue 12).
    const title = isPathTitle(page.title)
      ? toFallbackTitle(page.url, sections, model)
      : (toRouteTitle(page, sections, model) ?? page.title);
    sections = withHeaderWords(sections, headerWords);
    sections = fitTabs(
      toCardRuns(
        toDatedSections(groupSections(fixOutline(sections, title), page.aside?.besideFrom)),
      )
        .map((section) => ({ ...section, blocks: toBlockKinds(section.blocks) }))
        .filter((section) => section.heading || section.blocks.length > 0),
      title || model.identity.name,
    );
    const variants = sections.map((section, index) =>
      chooseVariant(section, index, pageIndex === 0),
    );
    const description =
      page.description || model.identity.description || `${title} — ${model.identity.name}`;
    const planned: PlannedPage = {
      url: page.url,
      route,
      moduleName,
      componentName: toComponentName(moduleName),
      title,
      description,
      language: page.language || model.identity.language || 'en',
      sections: sections.map((section, index) => ({ ...section, variant: variants[index]! })),
      textBlocks: page.textBlocks,
    };
    const aside = page.aside
      ? planAside(page.aside, (block) => {
          const out = rewriteBlock(block);
          return out?.kind === 'list' ? toListKind(out) : out;
        })
      : undefined;
    if (aside) planned.aside = aside;
    const alternates = toAlternates(page, route, routeOf);
    if (alternates) planned.alternates = alternates;
    const sectionIds = new Set(sections.map((section) => section.id));
    return applyHero(planned, model.identity.hero, {
      image: (image) => {
        const block = rewriteBlock({ kind: 'image', image });
        return block?.kind === 'image' ? block.image : undefined;
      },
      href: (href) => rewriteHref(href, page.url, sectionIds),
    });
  });

  const redirects = planRedirects(model, pages, routeOf);
  const { navigation, footerLinks, menu } = planNavigation(model, pages, routeOf, rewriteHref, {
    keepsOriginalLayout: strategyProfile(options.strategy).keepsOriginalLayout,
  });
  // The original's own menu tree (not the fallback from its pages): its copies in content go.
  if ((model.identity.menu ?? []).length > 0)
    pages = pages.map((page) => withoutMenuCopies(page, menu));
  // A sliced layout's wordless slices and its menu drawn again as pictures (issue 23).
  pages = pages.map((page) => withoutPictureChrome(page, menu));
  // The original's footer lines go to the rebuilt footer (issue 12), out of the pages that show them.
  const lifted = planFooter(pages);
  // Pages of one kind (a blog's posts) share one component (issue 24): read once their content is final.
  pages = planPageKinds(lifted.pages);

  const favicon = model.identity.favicon
    ? hostAsset(model.identity.favicon, '', 'favicon')
    : undefined;
  // The logo (issue 12): a downloaded picture (an <img> or a CSS background, which becomes an
  // <img>), or the original's inline SVG as a file of its own (sanitised like every SVG at generate).
  const logoRef = model.identity.logo;
  const inlineSvg = logoRef && 'svg' in logoRef ? logoRef.svg : undefined;
  const logo = logoRef?.asset
    ? hostAsset(logoRef.asset, 'images')
    : inlineSvg
      ? host.hostDataUri(
          `data:image/svg+xml;base64,${Buffer.from(inlineSvg, 'utf8').toString('base64')}`,
        )
      : undefined;
  for (const page of model.pages) {
    for (const section of page.sections) {
      for (const block of toFlatBlocks(section.blocks)) {
        if (block.kind === 'image' && !block.image.asset && !planned.has(block.image.src)) {
          diagnostics.push({
            level: 'info',
            code: 'ENGINE_PLAN_IMAGE_MISSING',
            message: `Image not downloaded: ${block.image.src}`,
            url: page.url,
          });
        }
      }
    }
  }

  // The original's background pictures (issue 23), for a profile that keeps its look: the designer
  // lays them as the original did; the other profiles keep flat colours and ship none.
  if (strategyProfile(options.strategy).keepsOriginalLayout) {
    const { page, header, footer, pages } = model.identity.backgrounds ?? {};
    for (const picture of [page, header, footer, ...(pages ?? []).map((own) => own.picture)])
      if (picture?.image.asset) hostAsset(picture.image.asset, 'images');
  }

  // The site's own fonts (its @font-face files, Google Fonts files fetch downloaded): self-hosted.
  const fontFaces: NonNullable<SitePlan['fontFaces']> = [];
  for (const face of model.identity.fonts.faces ?? []) {
    for (const file of face.files ?? []) {
      const hosted = hostAsset(file.url, 'fonts');
      if (!hosted) continue;
      fontFaces.push({
        family: face.family,
        weight: file.weight,
        style: file.style,
        path: hosted.path,
        ...(file.format ? { format: file.format } : {}),
      });
    }
  }

  const identity: SitePlan['identity'] = { ...model.identity };
  if (favicon) identity.faviconPath = favicon.path;
  if (logo) identity.logoPath = logo.path;
  const draft: SitePlan = {
    strategy: options.strategy,
    origin: model.origin,
    identity,
    navigation,
    footerLinks: toFooterLinks(footerLinks, menu, lifted.footer),
    menu,
    pages,
    redirects,
    assets: [...planned.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    contact: toFooterContact(model),
    social: model.social,
    designer: '',
    design: { tokens: buildTokens(model), sections: {} },
    diagnostics,
  };
  // The copyright line once: not again beside the original's footer lines that hold it.
  if (model.copyright && !(lifted.footer && showsCopyright(lifted.footer, model.copyright)))
    draft.copyright = model.copyright;
  if (lifted.footer) draft.footer = lifted.footer;
  if (siteHeader.length > 0) draft.header = siteHeader;
  if (fontFaces.length > 0) draft.fontFaces = fontFaces;
  const linksToOriginal = links.linksToOriginal();
  if (linksToOriginal.length > 0) draft.linksToOriginal = linksToOriginal;
  const landed = withLandingAnchors(draft);
  const design = designOffline(model, landed);
  // A paragraph's own size and colour (an old page's <font>) on the rebuild's grounds (issue 23).
  const toned = {
    ...landed,
    pages: withReadableTones(
      landed.pages,
      model,
      design.tokens,
      strategyProfile(options.strategy).keepsOriginalLayout,
    ),
  };
  return applyDesign(toned, design, offlineDesigner.name);
}

/**
 * A client-side route's title when it kept its document's (a script router seldom sets one, issue
 * 23): its first heading its document does not have.
 */
function toRouteTitle(page: PageModel, sections: Section[], model: SiteModel): string | undefined {
  if (!hasClientRoute(page.url)) return undefined;
  const documentKey = normalizeUrl(toDocumentUrl(page.url));
  const document = model.pages.find((other) => normalizeUrl(other.url) === documentKey);
  if (!document || document.title.trim() !== page.title.trim()) return undefined;
  const headingsOf = (list: Section[]): string[] =>
    list.flatMap((section) => (section.heading ? [plainText(section.heading.inlines).trim()] : []));
  const documentHeadings = new Set(headingsOf(document.sections));
  return headingsOf(sections).find((heading) => heading && !documentHeadings.has(heading));
}

/**
 * A page's title when the original's was only its file path: its first heading, else the label of
 * a menu link to it, else the site's name.
 */
function toFallbackTitle(url: string, sections: Section[], model: SiteModel): string {
  const heading = sections.find((section) => section.heading)?.heading;
  const headingText = heading ? plainText(heading.inlines).trim() : '';
  if (headingText) return headingText;
  const key = normalizeUrl(url);
  const link = model.navigation.find(
    (item) => normalizeUrl(item.href) === key && item.label.trim() !== '',
  );
  return link?.label.trim() ?? model.identity.name;
}

/** A title band drawn without its picture: its fill, opaque. */
function withoutOpacity({ opacity: _opacity, ...band }: TitleBand): TitleBand {
  return band;
}
