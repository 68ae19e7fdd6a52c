/**
 * generate: SitePlan -> FileTree. A plain Vite + React 19 + Tailwind v4 project, as the strategy's
 * profile (model/strategy-profiles.ts) says: TypeScript or JavaScript, pages as content modules
 * rendered by components or as literal JSX, and any of prerendered routes, PWA, motion, analytics
 * hook, size budget and JSON-LD. Pure and deterministic: no clock, no randomness, sorted output.
 */
import { AppError } from '@sitelift/shared/error-codes';
import { hasClientRoute } from '../../lib/client-route';
import type { Block, ImageRef, PlannedPage, SitePlan } from '../../model';
import { collapse } from '../../model';
import { STRATEGY_PROFILES, type StrategyProfile } from '../../model/strategy-profiles';
import {
  GENERATED_DEPENDENCIES,
  GENERATED_DEV_DEPENDENCIES,
  GENERATED_NODE_ENGINE,
  GENERATED_TYPESCRIPT_DEV_DEPENDENCIES,
} from '../../package/dependency-versions';
import type { Logger } from '../../ports';
import type { FileTree } from '../../types';
import { formatSource } from './format';
import { usedIcons } from './icons';
import { getLabels, getLanguageLabel } from './labels';
import { toReadme } from './templates/readme';
import { toStylesheet } from './templates/styles';
import { templateFile, type TemplatePath } from './templates/template-files';
import { escapeJsComment, toScriptJson } from './escape';
import { comment, h, indent, toHtmlDocument } from './html-tree';
import { toHostRedirects, toNetlifyToml, toRedirectsFile, toVercelConfig } from './host-redirects';
import { itemSizes, SIZES, srcsetOf } from './responsive';
import { sanitizeSvg } from './sanitize-svg';
import { toXmlDocument, x } from './xml-tree';
import { toJavaScript } from './to-javascript';
import { toAsideLabel, toPageJsx } from './to-jsx';
import { toSafePlan } from './to-safe-plan';
// The template's content types: generate writes its data modules with them (decision record 019).
import type { SiteContent } from '../../../templates/vite-react/src/content/site-types';
import type {
  Block as ContentBlock,
  ImageData,
  KindPageContent,
  PageEntry,
  PanelData,
  SectionData,
} from '../../../templates/vite-react/src/content/types';

/** Sorts object keys recursively so JSON output never depends on insertion order. */
export function toSortedJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object' && !(v instanceof Uint8Array)) {
      return Object.fromEntries(
        Object.keys(v as Record<string, unknown>)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return `${JSON.stringify(sort(value), null, 2)}\n`;
}

/** The tallest a header shows a logo (CSS px at a desktop width): a banner-sized one is kept smaller. */
export const LOGO_MAX_HEIGHT = 160;
/** A header band taller than this (CSS px) scrolls away with the page instead of staying pinned. */
const TALL_HEADER = 120;
/** A logo the original drew at least this wide (CSS px at 1440 px) is a banner across the header. */
const BANNER_MIN_WIDTH = 720;
/** A banner logo at least this wide (CSS px at 1440 px, 90 % of the window) spanned the window. */
const BANNER_BLEED_WIDTH = 1296;

/**
 * The original names itself (decision record 040) when it declares a name (og:site_name or
 * application-name) or shows one as its logo or brand; a name cut from its `<title>` or its host
 * name is a guess, which the project's name replaces where the site is named.
 */
export function namesItself(identity: SitePlan['identity']): boolean {
  return (
    identity.nameSource === 'og:site_name' ||
    identity.nameSource === 'logo' ||
    identity.nameSource === 'brand'
  );
}

/** The site's public name (og:site_name, JSON-LD, the app manifest): its own, else the project's. */
function publicName(plan: SitePlan, projectName: string | undefined): string {
  return projectName === undefined || namesItself(plan.identity) ? plan.identity.name : projectName;
}

function packageName(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'modernized-site'
  );
}

/**
 * src/content/pages/index.ts: every page's route, title and description, with its sections. The start
 * page's sections are bundled with the app (the usual first view); every other page's are a chunk of
 * their own, loaded when the page is first shown, so the first load stays small however many pages.
 */
function pagesIndexSource(plan: SitePlan): string {
  const home = plan.pages[0];
  const moduleOf = (page: PlannedPage) => {
    const path = contentModulePath(page);
    return path.startsWith('../') ? path : `./${path}`;
  };
  const folders = [...new Set(plan.pages.flatMap((page) => page.kind?.plural ?? []))].map(
    (plural) => `\`../${plural}/\``,
  );
  const kindFolders =
    folders.length > 0
      ? ` or, for a page of a kind, in its kind's folder (${folders.join(', ')})`
      : '';
  const entries = plan.pages.map((page) => {
    const meta: Omit<PageEntry, 'sections' | 'load'> = {
      route: page.route,
      title: page.title,
      description: page.description,
      language: page.language,
    };
    // The metadata as an object literal left open, so the loader can follow it.
    const source = JSON.stringify(meta).slice(0, -1);
    return page === home
      ? `${source}, sections: startPageSections }`
      : `${source}, load: () => import('${moduleOf(page)}') }`;
  });
  return `import type { PageEntry } from '../types';
${home ? `import { sections as startPageSections } from '${moduleOf(home)}';\n` : ''}
/**
 * Every page of the site, in the original's order (the start page first). A page's sections live in
 * its own module next to this one${kindFolders}; all but the start page's are loaded when the page is first shown.
 */
export const pages: PageEntry[] = [${entries.join(', ')}];
`;
}

/** The page has the title its kind's frame shows: its first section's h1, or an h1 of its text. */
function hasKindTitle(page: PlannedPage): boolean {
  const [first] = page.sections;
  if (first?.heading) return first.heading.level === 1;
  return !!first?.blocks.some((block) => block.kind === 'heading' && block.level === 1);
}

/**
 * The plan with the kinds its kinds' components can draw: never the start page's (it is bundled
 * with the app as it is), never one without the title the frame shows (a plan made by hand).
 */
function withDrawnKinds(plan: SitePlan): SitePlan {
  const pages = plan.pages.map((page, index) => {
    if (!page.kind || (index > 0 && hasKindTitle(page))) return page;
    const { kind: _kind, ...rest } = page;
    return rest;
  });
  return { ...plan, pages };
}

/**
 * Where a page's content module is, from src/content/pages/ and without its extension: beside the
 * page list (`home`), or in its kind's folder (`../posts/2019-hello`).
 */
function contentModulePath({ kind, moduleName }: PlannedPage): string {
  return kind ? `../${kind.plural}/${kind.slug}` : moduleName;
}

/** The words of runs as the page's own JSX shows them (one text after the other). */
function runsText(runs: readonly { text: string }[]): string {
  return runs.map((run) => run.text).join('');
}

/**
 * A page of a kind as its kind's component reads it (templates' KindPage): the title's section
 * without its heading (the component's h1) and its date line (the line under it), the others as
 * they are, and the sidebar named as the page's own JSX names it.
 */
function toKindContent(page: PlannedPage, plan: SitePlan): KindPageContent {
  const [first, ...rest] = toSectionsContent(page, plan);
  if (!first) throw new Error(`A page of a kind has a title (hasKindTitle): ${page.route}`);
  const { heading: sectionHeading, aside, ...section } = first;
  // The title: the section's heading, or the h1 of its text after the lines above it.
  const at = sectionHeading
    ? -1
    : section.blocks.findIndex((block) => block.kind === 'heading' && block.level === 1);
  const titleBlock = section.blocks[at];
  const heading = sectionHeading ?? (titleBlock?.kind === 'heading' ? titleBlock : undefined);
  if (!heading) throw new Error(`A page of a kind has a title (hasKindTitle): ${page.route}`);
  const dateBlock = page.kind?.dated ? section.blocks[at + 1] : undefined;
  const date = dateBlock?.kind === 'paragraph' ? runsText(dateBlock.inlines) : undefined;
  const label = page.aside ? toAsideLabel(page.aside) : '';
  // In the order the component reads them: head tags, the frame, the sections, the sidebar.
  return {
    route: page.route,
    title: page.title,
    description: page.description,
    language: page.language,
    ...(at > 0 ? { lead: section.blocks.slice(0, at) } : {}),
    heading: runsText(heading.inlines),
    ...(titleBlock?.kind === 'heading' && titleBlock.id ? { headingId: titleBlock.id } : {}),
    ...(heading.align === 'center' ? { headingCentered: true as const } : {}),
    ...(heading.inlines[0]?.href ? { headingHref: heading.inlines[0].href } : {}),
    ...(date ? { date } : {}),
    sections: [{ ...section, blocks: section.blocks.slice(at + 1 + (date ? 1 : 0)) }, ...rest],
    ...(aside ? { aside: label ? { ...aside, label } : aside } : {}),
  };
}

/**
 * A page's sections for its content module, without plan-only fields: typed with the template's
 * own content types, so what generate writes is what the components read (see also
 * template-content-types.test.ts).
 */
function toSectionsContent(page: PlannedPage, plan: SitePlan): SectionData[] {
  let first = true;
  /** A picture as the template reads it: its srcset and sizes, and priority when it is the page's first shown. */
  const picture = (image: ImageRef, shown: boolean, sizes: string): ImageData => {
    const out: ImageData = { ...image };
    const srcset = srcsetOf(plan, image.src);
    if (srcset) Object.assign(out, { srcset, sizes });
    if (shown && first) out.priority = true;
    if (shown) first = false;
    return out;
  };
  // `shown`: the block shows when the page loads (it is not in a tab panel other than the first).
  // A `break` never reaches a plan (extract ends the section there): it has no content to write.
  const toContent = (block: Block, shown: boolean, sizes: string): ContentBlock[] => {
    if (block.kind === 'break') return [];
    if (block.kind === 'form') {
      const { action: _action, ...form } = block.form;
      return [{ ...block, form }];
    }
    if (block.kind === 'image') return [{ ...block, image: picture(block.image, shown, sizes) }];
    if (block.kind === 'tabs') {
      return [
        {
          ...block,
          label: block.label ?? page.title,
          tabs: block.tabs.map((tab, index) => ({
            ...tab,
            blocks: tab.blocks.flatMap((inner) => toContent(inner, shown && index === 0, sizes)),
          })),
        },
      ];
    }
    if (block.kind === 'dialog') {
      // Closed at first: its pictures never take the first image's priority.
      return [
        { ...block, blocks: block.blocks.flatMap((inner) => toContent(inner, false, sizes)) },
      ];
    }
    if (block.kind === 'items' && block.widths !== undefined) {
      // A layout row (a title and its date, a picture beside its text): its columns side by side
      // as the original had them (components/Blocks.tsx), each column's picture its first block.
      return [
        {
          kind: 'items',
          columns: block.columns,
          widths: block.widths,
          ...(block.rowWidth !== undefined ? { rowWidth: block.rowWidth } : {}),
          ...(block.align ? { align: block.align } : {}),
          items: block.items.map((item) => ({
            blocks: [
              ...(item.image ? [{ kind: 'image' as const, image: item.image }] : []),
              ...item.blocks,
            ].flatMap((inner) => toContent(inner, shown, sizes)),
          })),
        },
      ];
    }
    if (block.kind === 'carousel' || block.kind === 'items') {
      // A carousel shows its first slide at first; an items grid shows every item.
      const panelSizes = block.kind === 'carousel' ? SIZES.full : itemSizes(block.columns);
      const panels = (block.kind === 'carousel' ? block.slides : block.items).map(
        (panel, index) => {
          const visible = shown && (block.kind === 'items' || index === 0);
          const out: PanelData = { blocks: [] };
          if (panel.image) out.image = picture(panel.image, visible, panelSizes);
          out.blocks = panel.blocks.flatMap((inner) => toContent(inner, visible, panelSizes));
          return out;
        },
      );
      return [
        block.kind === 'carousel'
          ? { kind: 'carousel', slides: panels, ...(block.band ? { band: block.band } : {}) }
          : { kind: 'items', columns: block.columns, items: panels },
      ];
    }
    return [block];
  };
  const sections = page.sections.map(({ backdrop, titleBand, ...section }) => {
    const out: SectionData = { ...section, blocks: [] };
    // A hero's backdrop is the first thing the page shows: its picture takes the priority.
    if (backdrop) out.backdrop = { ...backdrop, image: picture(backdrop.image, true, SIZES.full) };
    // So is a title band's picture, at the top of the page.
    if (titleBand) {
      const { image, ...band } = titleBand;
      out.titleBand = image ? { ...band, image: picture(image, true, SIZES.full) } : band;
    }
    const sizes =
      section.variant === 'hero'
        ? SIZES.hero
        : section.variant === 'gallery'
          ? SIZES.gallery
          : SIZES.content;
    out.blocks = section.blocks.flatMap((block) => toContent(block, true, sizes));
    return out;
  });
  // The page's sidebar rides on its first section (components/PageView.tsx draws it beside them all).
  if (page.aside && sections[0]) {
    const blocks = page.aside.blocks.flatMap((block) => toContent(block, false, SIZES.content));
    sections[0].aside = { ...page.aside, blocks };
  }
  return sections;
}

function jsonLd(plan: SitePlan, name: string): string {
  const { contact } = plan;
  const local = contact.addresses.length > 0 || contact.hours.length > 0;
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': local ? 'LocalBusiness' : 'Organization',
    name,
    url: `${plan.origin}/`,
  };
  if (plan.identity.description) data.description = plan.identity.description;
  if (plan.identity.logoPath) data.logo = `${plan.origin}/${plan.identity.logoPath}`;
  if (contact.phones[0]) data.telephone = contact.phones[0];
  if (contact.emails[0]) data.email = contact.emails[0];
  if (contact.addresses[0]) data.address = contact.addresses[0];
  if (local && contact.hours.length > 0) data.openingHours = contact.hours;
  if (plan.social.length > 0) data.sameAs = plan.social.map((s) => s.href);
  return toScriptJson(data, 2);
}

/** The link type of a favicon, by its extension; undefined when none fits. */
function iconType(path: string): string | undefined {
  if (path.endsWith('.ico')) return 'image/x-icon';
  if (path.endsWith('.svg')) return 'image/svg+xml';
  if (path.endsWith('.png')) return 'image/png';
  return undefined;
}

/**
 * index.html, built as a tree and printed by parse5 (html-tree.ts): every value of the original is
 * escaped by the serializer. `<!--head:start-->`/`<!--head:end-->` mark what the prerender script
 * replaces per route; `<!--app-html-->` where it puts the rendered page.
 */
function toIndexHtml(plan: SitePlan, profile: StrategyProfile, siteName: string): string {
  const home = plan.pages[0]!;
  const favicon = plan.identity.faviconPath;
  const entry = profile.language === 'typescript' ? 'main.tsx' : 'main.jsx';
  const ld = profile.jsonLd && jsonLd(plan, siteName);
  const meta = (attributes: Record<string, string>) => h('meta', attributes);
  const head = h('head', {}, [
    meta({ charset: 'UTF-8' }),
    meta({ name: 'viewport', content: 'width=device-width, initial-scale=1' }),
    meta({ name: 'theme-color', content: plan.design.tokens.colors.primary }),
    favicon && h('link', { rel: 'icon', href: `/${favicon}`, type: iconType(favicon) }),
    profile.pwa && h('link', { rel: 'manifest', href: '/manifest.webmanifest' }),
    comment('head:start'),
    h('title', {}, [home.title]),
    meta({ name: 'description', content: home.description }),
    meta({ property: 'og:title', content: home.title }),
    meta({ property: 'og:description', content: home.description }),
    meta({ property: 'og:type', content: 'website' }),
    meta({ property: 'og:site_name', content: siteName }),
    comment('head:end'),
    // toScriptJson: no `</script>` or `<!--` can occur in the JSON, which the serializer keeps as is.
    ld && h('script', { type: 'application/ld+json' }, [`\n${ld}\n    `]),
  ]);
  const body = h('body', {}, [
    h('div', { id: 'root' }, [comment('app-html')]),
    h('script', { type: 'module', src: `/src/${entry}` }),
  ]);
  // An invalid lang of the original was dropped (toSafePlan): no lang beats a wrong one.
  return toHtmlDocument(indent(h('html', { lang: home.language || undefined }, [head, body])));
}

/**
 * The site's description when the original's pages show it as text (issue 12), else empty: a meta
 * description the visitor never saw does not become a footer line.
 */
function shownDescription(plan: SitePlan): string {
  const squash = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  const description = squash(plan.identity.description);
  if (!description) return '';
  const shown = plan.pages.some((page) =>
    page.textBlocks.some((block) => squash(block).includes(description)),
  );
  return shown ? plan.identity.description : '';
}

function toSiteModule(plan: SitePlan, profile: StrategyProfile, siteName: string): string {
  const labels = getLabels(plan.pages[0]?.language ?? 'en');
  const site: SiteContent = {
    name: plan.identity.name,
    language: plan.pages[0]?.language ?? 'en',
    // The footer shows the description only where the original showed it (not a meta description).
    description: shownDescription(plan),
    siteUrl: plan.origin,
    // The profile's extras, as data the static code reads (issue 11 item 2).
    features: { analytics: profile.analytics, pwa: profile.pwa },
    navigation: plan.navigation,
    menu: plan.menu ?? [],
    footerLinks: plan.footerLinks,
    contact: plan.contact,
    social: plan.social,
    labels,
  };
  if (plan.identity.logoPath) {
    const logo = plan.assets.find((asset) => asset.path === plan.identity.logoPath);
    const data: NonNullable<SiteContent['logo']> = { src: `/${plan.identity.logoPath}` };
    const logoRef = plan.identity.logo;
    if (logo?.width !== undefined && logo.height !== undefined) {
      // The header shows the logo as high as the original drew it (at most LOGO_MAX_HEIGHT), or
      // 40 px high at most when that was not measured; never larger than its file.
      const shown = logoRef && 'shownHeight' in logoRef ? logoRef.shownHeight : undefined;
      const scale = Math.min(1, (shown ? Math.min(shown, LOGO_MAX_HEIGHT) : 40) / logo.height);
      data.width = Math.round(logo.width * scale);
      data.height = Math.round(logo.height * scale);
    }
    const shownWidth = logoRef && 'shownWidth' in logoRef ? (logoRef.shownWidth ?? 0) : 0;
    if (shownWidth >= BANNER_MIN_WIDTH) data.banner = true;
    // A banner across the whole window stays edge to edge where the layout is kept (issue 23).
    if (profile.keepsOriginalLayout && shownWidth >= BANNER_BLEED_WIDTH) data.bleed = true;
    // A phone showed the menu's button in the banner's rows (laid over it): it stays over the
    // banner there, in no row of its own under it (issue 23).
    if (
      data.banner &&
      profile.keepsOriginalLayout &&
      plan.design.tokens.typography?.phoneHeader?.isOneRow
    )
      data.buttonOver = true;
    site.logo = data;
  }
  // The original's header band (its tokens exist only where the layout is kept, issue 23).
  const band = plan.design.tokens.typography?.header;
  if (band) {
    const layout: NonNullable<SiteContent['headerLayout']> = {};
    if (band.menuTop !== undefined) layout.stacked = true;
    if (band.isBrandCentered) layout.centered = true;
    if (band.height > TALL_HEADER) layout.tall = true;
    // Every page opens with the band's title (the words of the original's header, made a section):
    // that section is drawn on the band, above the menu's row, as the original drew it.
    const title = band.title && collapse(band.title.text);
    if (title && plan.pages.length > 0 && plan.pages.every((page) => isTitleBand(page, title)))
      layout.titled = true;
    if (Object.keys(layout).length > 0) site.headerLayout = layout;
  }
  // A header laid over the hero's picture is the original's layout: kept where the layout is.
  if (profile.keepsOriginalLayout && plan.identity.hero?.isUnderHeader) site.headerOverHero = true;
  if (plan.copyright) site.copyright = plan.copyright;
  // Only line kinds (paragraphs, lists, headings, rules) reach a plan's footer: no pictures to size.
  if (plan.footer) site.footer = plan.footer as NonNullable<SiteContent['footer']>;
  // The header's strip and the lines beside or under its brand (issue 23): line kinds only, too.
  if (plan.header) site.header = plan.header as NonNullable<SiteContent['header']>;
  if (plan.identity.nameSource === 'host') site.nameIsHost = true;
  if (siteName !== plan.identity.name) site.siteName = siteName;
  if (plan.identity.nameShown === false) site.nameShown = false;
  const alternates = plan.pages.flatMap((page) =>
    page.alternates ? [[page.route, page.alternates] as const] : [],
  );
  if (alternates.length > 0) {
    site.languageLabel = getLanguageLabel(site.language);
    site.alternates = Object.fromEntries(alternates);
  }
  // The original's client-side routes (`#/guide`), so that an old bookmark opens its page.
  const hashRoutes = plan.pages.flatMap((page) => {
    const hash = page.url.slice(page.url.indexOf('#'));
    return hasClientRoute(page.url) ? [[hash, page.route] as const] : [];
  });
  if (hashRoutes.length > 0) site.hashRoutes = Object.fromEntries(hashRoutes);
  return profile.language === 'typescript'
    ? `import type { SiteContent } from './site-types';\n\n/** The site's identity, navigation and footer details. */\nexport const site: SiteContent = ${JSON.stringify(site)};\n`
    : `/** The site's identity, navigation and footer details. */\nexport const site = ${JSON.stringify(site)};\n`;
}

/** src/content/icons.ts: the drawings of the icons the site's pages use, and no others (issue 12). */
function toIconsModule(plan: SitePlan, typescript: boolean): string {
  const icons = JSON.stringify(usedIcons(plan));
  return typescript
    ? `import type { IconData } from './site-types';\n\n/** The icons the pages use, from Font Awesome's free packs (CC BY 4.0 icons, MIT code). */\nexport const icons: Record<string, IconData> = ${icons};\n`
    : `/** The icons the pages use, from Font Awesome's free packs (CC BY 4.0 icons, MIT code). */\nexport const icons = ${icons};\n`;
}

/** `source` with `from` replaced by `to`; a template that no longer has `from` is a generator bug. */
function swap(source: string, from: string, to: string): string {
  if (!source.includes(from)) throw new Error(`The template no longer contains ${from}`);
  return source.replace(from, () => to);
}

/**
 * src/main.tsx: the template's (it registers the service worker when `site.features.pwa` says so);
 * with page components it preloads those (src/pages/) rather than content modules.
 */
function mainSource(profile: StrategyProfile): string {
  const source = templateFile('src/main.tsx');
  return profile.pages === 'page-components'
    ? swap(source, "'./lib/page-content'", "'./pages'")
    : source;
}

/**
 * src/pages/index.ts (page components): every page's route and component, in the original's
 * order. The start page is bundled with the app; every other page is a chunk loaded when first shown.
 */
function pagesComponentsIndex(plan: SitePlan): string {
  const lazy = plan.pages.length > 1;
  const kinds = plan.pages.slice(1).filter((page) => page.kind).length;
  // The loaders the entries use: a page's own component, or its kind's with its content.
  const loaders = [
    ...(kinds > 0 ? ["import { lazyContentPage } from '../lib/lazy-content-page';"] : []),
    ...(kinds < plan.pages.length - 1 ? ["import { lazyPage } from '../lib/lazy-page';"] : []),
    "import { settleWithin } from '../lib/preload';",
  ];
  const imports = plan.pages
    .map((page, index) => {
      const kind = page.kind;
      if (index === 0) return `import ${page.componentName} from './${page.componentName}';`;
      return kind
        ? `const ${page.componentName} = lazyContentPage(() => import('./${kind.componentName}'), () => import('../content/${kind.plural}/${kind.slug}'));`
        : `const ${page.componentName} = lazyPage(() => import('./${page.componentName}'));`;
    })
    .join('\n');
  const entries = plan.pages
    .map((page) => `  { route: ${JSON.stringify(page.route)}, Component: ${page.componentName} },`)
    .join('\n');
  const preload = lazy
    ? `/**
 * Loads the page at \`path\` (a route) before the app first renders, so that the first view shows the
 * page at once instead of a placeholder. Waits at most \`maxWaitMs\`; never rejects.
 */
export function preloadPage(path: string, maxWaitMs = 1500): Promise<void> {
  const Component = pages.find((page) => page.route === path)?.Component;
  return Component?.preload ? settleWithin(Component.preload(), maxWaitMs) : Promise.resolve();
}`
    : `/** The only page is bundled with the app: nothing to load before the first render. */
export function preloadPage(_path: string): Promise<void> {
  return Promise.resolve();
}`;
  return `import type { ComponentType } from 'react';
${lazy ? `${loaders.join('\n')}\n` : ''}${imports}

/** One entry per page of the original site, in its order. */
export const pages: { route: string; Component: ComponentType & { preload?: () => Promise<unknown> } }[] = [
${entries}
];

${preload}
`;
}

/** src/App.tsx of page components (with content modules it is the template's). */
function appSource(): string {
  return `import { Route, Routes } from 'react-router';
import { Layout } from './components/Layout';
import { NotFound } from './components/NotFound';
import { pages } from './pages';

/** One route per page of the original site, in its order. */
export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {pages.map(({ route, Component }) => (
          <Route key={route} path={route} element={<Component />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
`;
}

function packageJson(
  plan: SitePlan,
  profile: StrategyProfile,
  projectName: string | undefined,
): string {
  const typescript = profile.language === 'typescript';
  const build = [
    'vite build',
    ...(profile.prerender
      ? [
          `vite build --ssr src/entry-server.${typescript ? 'tsx' : 'jsx'} --outDir dist-server`,
          'node scripts/prerender.mjs',
        ]
      : []),
    ...(profile.sizeBudget ? ['node scripts/check-size.mjs'] : []),
  ];
  const scripts: Record<string, string> = {
    dev: 'vite',
    build: build.join(' && '),
    preview: 'vite preview',
  };
  if (typescript) scripts.typecheck = 'tsc --noEmit';
  if (profile.sizeBudget) scripts.size = 'node scripts/check-size.mjs';
  return toSortedJson({
    name: packageName(projectName ?? plan.identity.name),
    private: true,
    version: '1.0.0',
    type: 'module',
    engines: { node: GENERATED_NODE_ENGINE },
    scripts,
    dependencies: GENERATED_DEPENDENCIES,
    devDependencies: typescript
      ? { ...GENERATED_DEV_DEPENDENCIES, ...GENERATED_TYPESCRIPT_DEV_DEPENDENCIES }
      : GENERATED_DEV_DEPENDENCIES,
  });
}

/**
 * tsconfig.json: the template's own (the options its components are type-checked with), without its
 * "//" comment, so the project and the template cannot disagree.
 */
function tsconfig(): string {
  const { '//': _comment, ...config } = JSON.parse(templateFile('tsconfig.json')) as Record<
    string,
    unknown
  >;
  return toSortedJson(config);
}

function hostFiles(plan: SitePlan): Record<string, string> {
  const redirects = toHostRedirects(plan.redirects);
  return {
    'public/_redirects': toRedirectsFile(redirects),
    'netlify.toml': toNetlifyToml(redirects),
    'vercel.json': toSortedJson(toVercelConfig(redirects)),
    'redirects.json': toSortedJson(plan.redirects),
  };
}

function seoFiles(plan: SitePlan): Record<string, string> {
  const sitemap = x(
    'urlset',
    { xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9' },
    plan.pages.map((page) => x('url', {}, [x('loc', {}, [plan.origin + page.route])])),
  );
  return {
    'public/sitemap.xml': toXmlDocument(sitemap, { indent: '  ' }),
    'public/robots.txt': `User-agent: *\nAllow: /\n\nSitemap: ${plan.origin}/sitemap.xml\n`,
  };
}

/** A site without a favicon gets one: its initial on the brand colour, as an SVG tree. */
function withFavicon(plan: SitePlan): SitePlan {
  if (plan.identity.faviconPath) return plan;
  const { primary, onPrimary } = plan.design.tokens.colors;
  const initial = [...plan.identity.name.trim()][0]?.toUpperCase() ?? 'S';
  const svg = x('svg', { xmlns: 'http://www.w3.org/2000/svg', viewBox: '0 0 64 64' }, [
    x('rect', { width: 64, height: 64, rx: 14, fill: primary }),
    x(
      'text',
      {
        x: 32,
        y: 44,
        'font-family': 'system-ui, sans-serif',
        'font-size': 36,
        'font-weight': 700,
        'text-anchor': 'middle',
        fill: onPrimary,
      },
      [initial],
    ),
  ]);
  return {
    ...plan,
    identity: { ...plan.identity, faviconPath: 'favicon.svg' },
    assets: [
      ...plan.assets,
      {
        url: 'generated:favicon.svg',
        path: 'favicon.svg',
        contentType: 'image/svg+xml',
        body: new TextEncoder().encode(toXmlDocument(svg, { declaration: false })),
      },
    ],
  };
}

function manifest(plan: SitePlan, name: string): string {
  const icons = plan.identity.faviconPath
    ? [
        {
          // Relative to the manifest, so the site also works under a base path.
          src: plan.identity.faviconPath,
          sizes: 'any',
          type:
            plan.assets.find((a) => a.path === plan.identity.faviconPath)?.contentType ??
            'image/x-icon',
        },
      ]
    : [];
  const lang = plan.pages[0]?.language;
  return toSortedJson({
    name,
    short_name: name.slice(0, 12),
    description: plan.identity.description,
    ...(lang ? { lang } : {}),
    start_url: '.',
    scope: '.',
    display: 'standalone',
    background_color: plan.design.tokens.colors.background,
    theme_color: plan.design.tokens.colors.primary,
    icons,
  });
}

/** What an emitter writes: files as they ship, and sources (TS/TSX) a JavaScript profile strips. */
interface Emitted {
  /** TypeScript sources by their TypeScript path; a JavaScript profile gets them as .js/.jsx. */
  sources?: Record<string, string>;
  files?: Record<string, string | Uint8Array>;
}

/** The plan an emitter writes from, and the profile's say over lines inside shared files. */
interface EmitContext {
  plan: SitePlan;
  profile: StrategyProfile;
  /** The project's name as the user gave it (decision record 040); absent from the CLI. */
  projectName?: string;
  /** og:site_name and the like: the site's own name, else the project's. */
  siteName: string;
}

/** One concern of the generated project: the files it writes. */
type Emitter = (context: EmitContext) => Emitted | Promise<Emitted>;

/** The template's files at these paths, as sources. */
function templateSources(paths: readonly TemplatePath[]): Record<string, string> {
  return Object.fromEntries(paths.map((path) => [path, templateFile(path)]));
}

/** The layout every strategy has: header, footer, forms, tabs, SEO tags, the site module, the entry. */
const emitShell: Emitter = ({ plan, profile, siteName }) => ({
  sources: {
    ...templateSources([
      'src/components/InlineText.tsx',
      'src/components/Picture.tsx',
      'src/components/Seo.tsx',
      'src/components/Header.tsx',
      'src/components/Footer.tsx',
      'src/components/ContactForm.tsx',
      'src/components/Tabs.tsx',
      'src/components/Carousel.tsx',
      'src/components/Dialog.tsx',
      'src/components/Aside.tsx',
      'src/components/Icon.tsx',
      'src/components/Layout.tsx',
      'src/components/NotFound.tsx',
      'src/lib/asset.ts',
      'src/lib/analytics.ts',
      'src/lib/scroll-on-navigate.ts',
    ]),
    // Content modules load ahead of their first view; so do page components past the first.
    ...(profile.pages === 'content-modules' || plan.pages.length > 1
      ? templateSources(['src/lib/preload.ts'])
      : {}),
    'src/content/site.ts': toSiteModule(plan, profile, siteName),
    'src/content/icons.ts': toIconsModule(plan, profile.language === 'typescript'),
    'src/main.tsx': mainSource(profile),
  },
});

/** TypeScript: the content types the components are written with, and the compiler's options. */
const emitTypes: Emitter = () => ({
  sources: templateSources([
    'src/content/types.ts',
    'src/content/site-types.ts',
    'src/vite-env.d.ts',
  ]),
  files: { 'tsconfig.json': tsconfig() },
});

/** Content modules: each page's content as data, rendered by the template's components. */
const emitContentModules: Emitter = ({ plan }) => {
  const sources = templateSources([
    'src/App.tsx',
    'src/components/Blocks.tsx',
    'src/components/Heading.tsx',
    'src/components/Gallery.tsx',
    'src/components/Accordion.tsx',
    'src/components/Section.tsx',
    'src/components/PageView.tsx',
    'src/lib/page-content.ts',
  ]);
  for (const page of plan.pages) {
    // A kind's pages in its folder (issue 24): src/content/posts/2019-hello.ts.
    const kind = page.kind;
    const path = kind
      ? `src/content/${kind.plural}/${kind.slug}.ts`
      : `src/content/pages/${page.moduleName}.ts`;
    sources[path] =
      `import type { SectionData } from '../types';\n\n/** ${escapeJsComment(page.title)} — from ${escapeJsComment(page.url)} */\nexport const sections: SectionData[] = ${JSON.stringify(toSectionsContent(page, plan))};\n`;
  }
  sources['src/content/pages/index.ts'] = pagesIndexSource(plan);
  return { sources };
};

/**
 * A page of a kind's content module (page components): plain data, typed with the template's
 * KindPageContent (stripped for JavaScript).
 */
function toKindModule(page: PlannedPage, plan: SitePlan): string {
  return `import type { KindPageContent } from '../types';

/** ${escapeJsComment(page.title)} — from ${escapeJsComment(page.url)} */
const content: KindPageContent = ${JSON.stringify(toKindContent(page, plan))};

export default content;
`;
}

/**
 * Page components: each page as literal JSX, one component per page; the pages of a kind
 * (plan/page-kinds.ts) one component for them all, each page's content a module of data.
 */
const emitPageComponents: Emitter = ({ plan, profile }) => {
  const sources: Record<string, string> = { 'src/App.tsx': appSource() };
  const srcset = (src: string) => srcsetOf(plan, src);
  for (const page of plan.pages) {
    const kind = page.kind;
    if (!kind) {
      sources[`src/pages/${page.componentName}.tsx`] = toPageJsx(
        page,
        srcset,
        profile.keepsOriginalLayout === true,
      );
      continue;
    }
    // One component per kind, the template's, named after the kind; each page's content is data.
    sources[`src/pages/${kind.componentName}.tsx`] ??= swap(
      swap(
        templateFile('src/pages/KindPage.tsx'),
        'export default function KindPage(',
        `export default function ${kind.componentName}(`,
      ),
      ' * Every page of this kind:',
      ` * Every ${kind.name.replace(/-/g, ' ')} of the site:`,
    );
    sources[`src/content/${kind.plural}/${kind.slug}.ts`] = toKindModule(page, plan);
  }
  sources['src/pages/index.ts'] = pagesComponentsIndex(plan);
  // The kinds' components draw their pages' text with the template's block renderer.
  if (plan.pages.some((page) => page.kind))
    Object.assign(
      sources,
      templateSources([
        'src/components/Blocks.tsx',
        'src/components/Heading.tsx',
        'src/lib/lazy-content-page.tsx',
      ]),
    );
  if (plan.pages.length > 1) Object.assign(sources, templateSources(['src/lib/lazy-page.tsx']));
  return { sources };
};

/** Prerendered routes: the server entry and the script that writes every route's HTML. */
const emitPrerender: Emitter = () => ({
  sources: templateSources(['src/entry-server.tsx']),
  files: templateSources(['scripts/prerender.mjs']),
});

/** Installable: the service worker and the web manifest. */
const emitPwa: Emitter = ({ plan, siteName }) => ({
  files: {
    ...templateSources(['public/sw.js']),
    'public/manifest.webmanifest': manifest(plan, siteName),
  },
});

/** The performance budget every build checks. */
const emitSizeBudget: Emitter = () => ({ files: templateSources(['scripts/check-size.mjs']) });

/** The project around the app: page shell, styles, package, build and tool configuration. */
const emitProject: Emitter = ({ plan, profile, projectName, siteName }) => ({
  files: {
    'src/index.css': toStylesheet(
      plan.design.tokens,
      profile.motion,
      // Text kept as data (content modules, or the pages of a kind): never scanned for class names.
      profile.pages === 'content-modules' || plan.pages.some((page) => page.kind),
      plan.fontFaces,
    ),
    'index.html': toIndexHtml(plan, profile, siteName),
    'package.json': packageJson(plan, profile, projectName),
    // vite.config: BASE_PATH (environment or .env) builds the site for a sub-path (`BASE_PATH=/docs/`).
    [profile.language === 'typescript' ? 'vite.config.ts' : 'vite.config.js']:
      templateFile('vite.config.ts'),
    // The style the generator formats with, so `npx prettier --check .` passes in the project.
    '.prettierrc.json': toSortedJson({
      overrides: [{ files: '*.css', options: { singleQuote: false } }],
      printWidth: 100,
      singleQuote: true,
      trailingComma: 'all',
    }),
    '.prettierignore': 'dist\ndist-server\npublic\nindex.html\n',
    '.gitignore': 'node_modules\ndist\ndist-server\n.env\n.env.*\n!.env.example\n',
    '.env.example': [
      '# Public address of the site, for canonical links (default: the current origin).',
      `VITE_SITE_URL=${plan.origin}`,
      '# Where forms post (Formspree, Basin, a serverless function...). Forms say they are not connected until set.',
      'VITE_FORM_ENDPOINT=',
      ...(profile.analytics
        ? ['# Page-view beacon endpoint; analytics stay off until set.', 'VITE_ANALYTICS_ENDPOINT=']
        : []),
      '',
    ].join('\n'),
    'README.md': toReadme(plan, profile, projectName),
  },
});

/** Redirects of the original's addresses, for the usual hosts; sitemap and robots.txt. */
const emitHosting: Emitter = ({ plan }) => ({ files: { ...hostFiles(plan), ...seoFiles(plan) } });

/** The original's images under public/. */
const emitAssets: Emitter = async ({ plan }) => {
  const files: Record<string, Uint8Array> = {};
  for (const asset of plan.assets) {
    // An SVG of the original can carry scripts that run when it is opened from the new site's
    // origin: every one is sanitised (the favicon generate draws itself is ours already).
    const isSvg = /svg/i.test(asset.contentType) || /\.svg$/i.test(asset.path);
    files[`public/${asset.path}`] =
      isSvg && !asset.url.startsWith('generated:') ? await sanitizeSvg(asset.body) : asset.body;
  }
  return { files };
};

/** The emitters of a profile: one per concern, none of them asks which strategy it is in. */
function emittersOf(profile: StrategyProfile): Emitter[] {
  // The server entry renders the content modules: page components have nothing for it to render.
  if (profile.prerender && profile.pages !== 'content-modules')
    throw new Error('A profile that prerenders its routes needs content modules');
  return [
    emitShell,
    profile.pages === 'content-modules' ? emitContentModules : emitPageComponents,
    ...(profile.language === 'typescript' ? [emitTypes] : []),
    ...(profile.prerender ? [emitPrerender] : []),
    ...(profile.pwa ? [emitPwa] : []),
    ...(profile.sizeBudget ? [emitSizeBudget] : []),
    emitProject,
    emitHosting,
    emitAssets,
  ];
}

/**
 * Generates the project for a plan, as its strategy's profile says (`profile` replaces it: a
 * strategy not in STRATEGY_PROFILES yet, in tests). Async only because Prettier is.
 */
export async function generateProject(
  input: SitePlan,
  ports: { logger?: Logger; projectName?: string } = {},
  profile: StrategyProfile = STRATEGY_PROFILES[input.strategy],
): Promise<FileTree> {
  const logger = ports.logger;
  if (input.pages.length === 0) throw new AppError('ENGINE_PLAN_NO_PAGES');
  const plan = withDrawnKinds(withFavicon(toSafePlan(input)));
  const projectName = ports.projectName?.replace(/\s+/g, ' ').trim() || undefined;
  const context: EmitContext = {
    plan,
    profile,
    projectName,
    siteName: publicName(plan, projectName),
  };
  const files: Record<string, string | Uint8Array> = {};
  for (const emit of emittersOf(profile)) {
    const emitted = await emit(context);
    for (const [path, source] of Object.entries(emitted.sources ?? {})) {
      if (profile.language === 'typescript') {
        files[path] = source;
      } else {
        // The template is TypeScript; a JavaScript profile gets it with the types stripped.
        const jsPath = path.replace(/\.tsx$/, '.jsx').replace(/\.ts$/, '.js');
        files[jsPath] = path.endsWith('.d.ts') ? '' : await toJavaScript(source, path);
      }
    }
    Object.assign(files, emitted.files);
  }

  const formatted: Record<string, string | Uint8Array> = {};
  for (const path of Object.keys(files).sort()) {
    const content = files[path]!;
    try {
      formatted[path] = typeof content === 'string' ? await formatSource(path, content) : content;
    } catch (error) {
      // A file Prettier cannot parse is a generator bug: stop rather than ship broken code.
      throw new AppError('ENGINE_GENERATE_FAILED', { cause: error, details: { path } });
    }
  }
  logger?.log({
    level: 'INFO',
    message: `Generated ${Object.keys(formatted).length} files for ${plan.pages.length} route(s) (${plan.strategy})`,
  });
  logger?.progress?.({ stage: 'generate', done: 1, total: 1 });
  return { files: formatted };
}

/** The most lines of words under the title the band holds (its height is the original's). */
const TITLE_BAND_LINES = { blocks: 4, characters: 320 } as const;

/**
 * True when the page opens with the header band's title (issue 23): its first section is headed by
 * those words and holds only a few short lines besides (the band's own), no pictures or lists.
 */
function isTitleBand(page: PlannedPage, title: string): boolean {
  const section = page.sections[0];
  if (!section?.heading) return false;
  if (collapse(section.heading.inlines.map((run) => run.text).join('')) !== title) return false;
  if (section.backdrop || section.blocks.length > TITLE_BAND_LINES.blocks) return false;
  let characters = 0;
  for (const block of section.blocks) {
    if (block.kind !== 'paragraph' && block.kind !== 'heading') return false;
    characters += block.inlines.reduce((sum, run) => sum + run.text.length, 0);
  }
  return characters <= TITLE_BAND_LINES.characters;
}
