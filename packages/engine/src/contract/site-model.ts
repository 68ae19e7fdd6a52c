/**
 * The extract and plan stages' contract: SiteModel, SitePlan and the Designer's DesignResult, each a
 * zod schema tied to its type in model.ts by {@link exactly}. extract.json, plan.json and
 * optimize.json are checked with them before a resumed run reuses them; generate checks its plan
 * with sitePlanSchema (toSafePlan) and the plan stage a Designer's answer with designResultSchema.
 * The schemas say what the types say (shapes, kinds, optional fields) and nothing more: what a value
 * must look like beyond its type (a safe URL, a colour, a language tag) is toSafePlan's.
 */
import { z } from 'zod';
import type {
  Aside,
  BackgroundPicture,
  Block,
  BoxStyle,
  BrandColors,
  ContactDetails,
  DesignResult,
  DesignTokens,
  FontRef,
  FormModel,
  HeaderPart,
  HeroBackdrop,
  HeroModel,
  ImageRef,
  InlineRun,
  LanguageVersion,
  MenuItem,
  ModelAsset,
  NavLink,
  PageModel,
  Panel,
  PlannedAlternate,
  PlannedPageKind,
  PlannedAsset,
  PlannedBackground,
  PlannedMenuItem,
  PlannedPage,
  Section,
  TitleBand,
  SectionVariant,
  SiteBackgrounds,
  SiteIdentity,
  SiteModel,
  SitePlan,
  SocialLink,
  Tab,
  TypeScale,
} from '../model';
import { STRATEGIES } from '../types';
import { exactly } from './exact';
import { headingCaseSchema, probedTypographySchema } from '../model';
import { bytesSchema, diagnosticSchema } from './raw-site';

// ---------------------------------------------------------------------------------------------
// content

export const inlineRunSchema = exactly<InlineRun>()(
  z.object({
    text: z.string(),
    href: z.string().optional(),
    context: z.string().optional(),
    strong: z.boolean().optional(),
    em: z.boolean().optional(),
    code: z.boolean().optional(),
    br: z.boolean().optional(),
    button: z.enum(['primary', 'secondary']).optional(),
    icon: z.string().optional(),
    opens: z.string().optional(),
  }),
);

export const imageRefSchema = exactly<ImageRef>()(
  z.object({
    src: z.string(),
    alt: z.string(),
    width: z.number().optional(),
    height: z.number().optional(),
    asset: z.string().optional(),
    href: z.string().optional(),
    opens: z.string().optional(),
    shape: z.literal('round').optional(),
    shownWidth: z.number().optional(),
    drawnWidth: z.number().optional(),
  }),
);

const formModelSchema = exactly<FormModel>()(
  z.object({
    action: z.string(),
    method: z.enum(['get', 'post']),
    intro: z.array(z.string()),
    fields: z.array(
      z.object({
        type: z.string(),
        name: z.string(),
        label: z.string(),
        required: z.boolean(),
        placeholder: z.string().optional(),
        value: z.string().optional(),
        options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
      }),
    ),
    submitLabel: z.string(),
    sentMessage: z.string().optional(),
  }),
);

const runsSchema = z.array(inlineRunSchema);
const cornerSizeSchema = z.enum(['none', 'small', 'large']);
const center = z.literal('center').optional();

/** A box the original drew around a section or an item (issue 23). */
export const boxStyleSchema = exactly<BoxStyle>()(
  z.object({
    fill: z.string().optional(),
    gradient: z.string().optional(),
    border: z
      .object({
        width: z.number(),
        color: z.string(),
        sides: z.enum(['all', 'top', 'bottom', 'block']),
      })
      .optional(),
    radius: z.number().optional(),
    text: z.string().optional(),
    heading: z.string().optional(),
    link: z.string().optional(),
    head: z.object({ fill: z.string(), text: z.string() }).optional(),
    isFullWidth: z.literal(true).optional(),
    pad: z.number().optional(),
  }),
);

/** A block of content (recursive: tabs, carousels, items and dialogs hold blocks). */
export const blockSchema: z.ZodType<Block> = z.lazy(() => blockKindsSchema);

const panelSchema = exactly<Panel>()(
  z.object({ image: imageRefSchema.optional(), blocks: z.array(blockSchema) }),
);

const tabSchema = exactly<Tab>()(
  z.object({ id: z.string(), label: z.string(), blocks: z.array(blockSchema) }),
);

const blockKindsSchema = exactly<Block>()(
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('paragraph'),
      inlines: runsSchema,
      role: z.enum(['quote', 'caption', 'term', 'definition', 'address']).optional(),
      align: center,
      tone: z
        .object({
          step: z.number().optional(),
          color: z.string().optional(),
          fill: z.string().optional(),
          font: z
            .object({
              scale: z.number(),
              leading: z.number().optional(),
              bold: z.literal(true).optional(),
              italic: z.literal(true).optional(),
            })
            .optional(),
        })
        .optional(),
      inline: z.literal('continue').optional(),
      breadcrumb: z.literal(true).optional(),
    }),
    z.object({
      kind: z.literal('heading'),
      level: z.number(),
      inlines: runsSchema,
      id: z.string().optional(),
      collapsed: z.literal(true).optional(),
      align: center,
      drawnAs: z.number().optional(),
    }),
    z.object({
      kind: z.literal('list'),
      ordered: z.boolean(),
      start: z.number().optional(),
      items: z.array(runsSchema),
      breadcrumb: z.boolean().optional(),
      inline: z.literal(true).optional(),
      align: center,
      dated: z.enum(['start', 'end']).optional(),
      priced: z.literal(true).optional(),
      compact: z.literal(true).optional(),
    }),
    z.object({
      kind: z.literal('table'),
      caption: z.string().optional(),
      head: z.array(z.array(runsSchema)),
      rows: z.array(z.array(runsSchema)),
      cells: z
        .array(
          z.object({
            row: z.number().int().nonnegative(),
            cell: z.number().int().nonnegative(),
            rows: z.number().int().min(2).optional(),
            columns: z.number().int().min(2).optional(),
            head: z.literal(true).optional(),
          }),
        )
        .optional(),
    }),
    z.object({
      kind: z.literal('image'),
      image: imageRefSchema,
      caption: z.string().optional(),
      inline: z.enum(['start', 'continue']).optional(),
      align: center,
      float: z.enum(['left', 'right']).optional(),
    }),
    z.object({ kind: z.literal('pre'), text: z.string(), plain: z.literal(true).optional() }),
    z.object({ kind: z.literal('form'), form: formModelSchema }),
    z.object({ kind: z.literal('rule') }),
    z.object({ kind: z.literal('tabs'), label: z.string().optional(), tabs: z.array(tabSchema) }),
    z.object({
      kind: z.literal('carousel'),
      slides: z.array(panelSchema),
      band: z
        .object({ width: z.number(), height: z.number(), isFullBleed: z.boolean() })
        .optional(),
    }),
    z.object({
      kind: z.literal('items'),
      columns: z.number(),
      items: z.array(panelSchema),
      widths: z.array(z.number()).optional(),
      rowWidth: z.number().optional(),
      align: z.literal('center').optional(),
      boxed: z.array(z.enum(['border', 'fill', 'shadow'])).optional(),
      boxStyle: boxStyleSchema.optional(),
    }),
    z.object({
      kind: z.literal('dialog'),
      id: z.string(),
      title: z.string(),
      blocks: z.array(blockSchema),
    }),
    z.object({ kind: z.literal('break') }),
  ]),
);

const headingSchema = z.object({
  level: z.number(),
  inlines: runsSchema,
  align: center,
  visuallyHidden: z.literal(true).optional(),
  drawnAs: z.number().optional(),
});

const titleBandSchema = exactly<TitleBand>()(
  z.object({
    height: z.number(),
    fill: z.string().optional(),
    opacity: z.number().optional(),
    image: imageRefSchema.optional(),
    size: z.number().optional(),
    color: z.string().optional(),
    align: z.literal('center').optional(),
  }),
);

export const sectionSchema = exactly<Section>()(
  z.object({
    id: z.string(),
    heading: headingSchema.optional(),
    blocks: z.array(blockSchema),
    collapsed: z.literal(true).optional(),
    box: boxStyleSchema.optional(),
    afterBox: z.literal(true).optional(),
    titleBand: titleBandSchema.optional(),
  }),
);

const contactDetailsSchema = exactly<ContactDetails>()(
  z.object({
    phones: z.array(z.string()),
    emails: z.array(z.string()),
    addresses: z.array(z.string()),
    hours: z.array(z.string()),
  }),
);

const navLinkSchema = exactly<NavLink>()(z.object({ label: z.string(), href: z.string() }));

const languageVersionSchema = exactly<LanguageVersion>()(
  z.object({
    code: z.string(),
    label: z.string(),
    href: z.string(),
    current: z.literal(true).optional(),
  }),
);

const plannedAlternateSchema = exactly<PlannedAlternate>()(
  z.object({
    code: z.string(),
    label: z.string(),
    route: z.string().regex(/^\/[A-Za-z0-9._~/-]*$/, 'not a route of a plan'),
    current: z.literal(true).optional(),
  }),
);

const socialLinkSchema = exactly<SocialLink>()(z.object({ network: z.string(), href: z.string() }));

const asideSchema = exactly<Aside>()(
  z.object({
    side: z.enum(['left', 'right']),
    width: z.number(),
    span: z.number().optional(),
    isNavigation: z.boolean(),
    besideFrom: z.string().optional(),
    fill: z.string().optional(),
    text: z.string().optional(),
    blocks: z.array(blockSchema),
  }),
);

const headerPartSchema = exactly<HeaderPart>()(
  z.object({
    place: z.enum(['strip', 'start', 'end', 'under']),
    blocks: z.array(blockSchema),
  }),
);

const pageModelSchema = exactly<PageModel>()(
  z.object({
    url: z.string(),
    requestedUrl: z.string().optional(),
    title: z.string(),
    description: z.string(),
    language: z.string(),
    kind: z.enum(['page', 'frameset', 'frame']),
    sections: z.array(sectionSchema),
    aside: asideSchema.optional(),
    asideOf: z.string().optional(),
    navLinks: z.array(navLinkSchema),
    languages: z.array(languageVersionSchema).optional(),
    contact: contactDetailsSchema,
    social: z.array(socialLinkSchema),
    copyright: z.string().optional(),
    textBlocks: z.array(z.string()),
    anchors: z.record(z.string(), z.string()),
    dropped: z.array(
      z.object({
        kind: z.enum(['script', 'tracker', 'embed', 'form', 'image', 'other']),
        what: z.string(),
        reason: z.string(),
      }),
    ),
    header: z.array(headerPartSchema).optional(),
  }),
);

const modelAssetSchema = exactly<ModelAsset>()(
  z.object({
    url: z.string(),
    contentType: z.string(),
    body: bytesSchema,
    width: z.number().optional(),
    height: z.number().optional(),
  }),
);

const logoRefSchema = imageRefSchema.extend({
  kind: z.enum(['img', 'svg', 'css-background']),
  svg: z.string().optional(),
  shownHeight: z.number().optional(),
  shownWidth: z.number().optional(),
});

const fontRefSchema = exactly<FontRef>()(
  z.object({
    family: z.string(),
    source: z.enum(['self-hosted', 'google', 'system']),
    files: z
      .array(
        z.object({
          url: z.string(),
          weight: z.string(),
          style: z.string(),
          format: z.string().optional(),
        }),
      )
      .optional(),
  }),
);

const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  exactly<MenuItem>()(
    z.object({ label: z.string(), href: z.string().optional(), children: z.array(menuItemSchema) }),
  ),
);

const heroModelSchema = exactly<HeroModel>()(
  z.object({
    pageUrl: z.string(),
    image: imageRefSchema.optional(),
    layout: z.enum(['full-bleed', 'contained']),
    isUnderHeader: z.literal(true).optional(),
    overlay: z.string().optional(),
    headline: z.string().optional(),
    subline: z.string().optional(),
    cta: z.object({ label: z.string(), href: z.string() }).optional(),
    shownHeight: z.number().optional(),
  }),
);

const brandColorsSchema = exactly<BrandColors>()(
  z.object({
    primary: z.string().optional(),
    accent: z.string().optional(),
    background: z.string().optional(),
    text: z.string().optional(),
    heading: z.string().optional(),
    term: z.string().optional(),
    onPrimary: z.string().optional(),
    headerBackground: z.string().optional(),
    headerText: z.string().optional(),
    footerBackground: z.string().optional(),
    footerText: z.string().optional(),
    link: z.string().optional(),
    menuItemBackground: z.string().optional(),
    menuItemBorder: z.string().optional(),
    menuItemText: z.string().optional(),
  }),
);

const backgroundPictureSchema = exactly<BackgroundPicture>()(
  z.object({
    image: imageRefSchema,
    repeat: z.string(),
    size: z.string(),
    position: z.string(),
    attachment: z.enum(['scroll', 'fixed']),
    color: z.string().optional(),
  }),
);

const siteBackgroundsSchema = exactly<SiteBackgrounds>()(
  z.object({
    page: backgroundPictureSchema.optional(),
    header: backgroundPictureSchema.optional(),
    footer: backgroundPictureSchema.optional(),
    isHeaderOnPage: z.boolean().optional(),
    isFooterOnPage: z.boolean().optional(),
    pages: z.array(z.object({ url: z.string(), picture: backgroundPictureSchema })).optional(),
  }),
);

const siteIdentitySchema = exactly<SiteIdentity>()(
  z.object({
    name: z.string(),
    nameSource: z.enum(['og:site_name', 'logo', 'brand', 'title', 'copyright', 'host']).optional(),
    nameShown: z.boolean().optional(),
    title: z.string(),
    description: z.string(),
    language: z.string(),
    logo: z.union([logoRefSchema, imageRefSchema]).optional(),
    favicon: z.string().optional(),
    colors: brandColorsSchema,
    scheme: z.enum(['light', 'dark']).optional(),
    fonts: z.object({
      heading: z.string().optional(),
      body: z.string().optional(),
      faces: z.array(fontRefSchema).optional(),
      fallbacks: z
        .object({ body: z.array(z.string()).optional(), heading: z.array(z.string()).optional() })
        .optional(),
    }),
    hero: heroModelSchema.optional(),
    menu: z.array(menuItemSchema).optional(),
    typography: probedTypographySchema.optional(),
    corners: z
      .object({
        boxes: cornerSizeSchema.optional(),
        buttons: z.union([cornerSizeSchema, z.literal('pill')]).optional(),
      })
      .optional(),
    backgrounds: siteBackgroundsSchema.optional(),
  }),
);

/** A string a model wrote (the report's `ai.written`). */
const aiWrittenStringSchema = z.object({
  route: z.string(),
  field: z.enum(['description', 'alt', 'json_ld']),
  target: z.string().optional(),
  text: z.string(),
});

/** What extract knows about a site (extract.json). */
export const siteModelSchema = exactly<SiteModel>()(
  z.object({
    origin: z.string(),
    startUrl: z.string(),
    identity: siteIdentitySchema,
    navigation: z.array(navLinkSchema),
    languages: z.array(languageVersionSchema).optional(),
    pages: z.array(pageModelSchema),
    contact: contactDetailsSchema,
    social: z.array(socialLinkSchema),
    copyright: z.string().optional(),
    assets: z.array(modelAssetSchema),
    diagnostics: z.array(diagnosticSchema),
    aiUnderstood: z
      .object({
        labels: z.array(
          z.object({
            route: z.string(),
            selector: z.string(),
            label: z.string(),
            taken: z.boolean(),
          }),
        ),
        written: z.array(aiWrittenStringSchema),
      })
      .optional(),
  }),
);

// ---------------------------------------------------------------------------------------------
// plan + design

const scaledHeadingSchema = z.object({
  size: z.number(),
  weight: z.number(),
  case: headingCaseSchema.optional(),
  tracking: z.number().optional(),
  leading: z.number().optional(),
  color: z.string().optional(),
  fill: z.object({ color: z.string(), text: z.string() }).optional(),
  rule: z
    .object({
      side: z.enum(['top', 'bottom']),
      width: z.number(),
      color: z.string(),
      gap: z.number(),
    })
    .optional(),
});

const plannedBackgroundSchema = exactly<PlannedBackground>()(
  z.object({
    src: z.string(),
    width: z.number().optional(),
    height: z.number().optional(),
    repeat: z.string(),
    size: z.string(),
    position: z.string(),
    attachment: z.enum(['scroll', 'fixed']),
    plate: z.number().optional(),
  }),
);

const typeScaleSchema = exactly<TypeScale>()(
  z.object({
    body: z.object({ size: z.number(), lineHeight: z.number() }),
    headings: z.object({
      h1: scaledHeadingSchema,
      h2: scaledHeadingSchema,
      h3: scaledHeadingSchema,
    }),
    hero: z.number().optional(),
    heroCase: headingCaseSchema.optional(),
    heroTracking: z.number().optional(),
    menuCase: headingCaseSchema.optional(),
    menuBar: z
      .object({
        color: z.string(),
        gradient: z.string().optional(),
        text: z.string(),
        weight: z.number(),
        size: z.number(),
        height: z.number(),
        isFullWidth: z.boolean(),
        isCentered: z.literal(true).optional(),
        fillsRow: z.literal(true).optional(),
        under: z.number().optional(),
      })
      .optional(),
    menuRow: z
      .object({
        isCentered: z.literal(true).optional(),
        isOneLine: z.literal(true).optional(),
        radius: z.number().optional(),
        linkHeight: z.number().optional(),
      })
      .optional(),
    phoneHeader: z.object({ height: z.number(), isOneRow: z.literal(true).optional() }).optional(),
    isTextCentered: z.literal(true).optional(),
    column: z
      .object({
        width: z.number(),
        measure: z.number(),
        align: z.enum(['center', 'left']),
        isMeasureCentered: z.literal(true).optional(),
      })
      .optional(),
    flowGap: z.number(),
    headingGap: z.number().optional(),
    sectionPadding: z.number(),
    hasBands: z.boolean(),
    header: z
      .object({
        height: z.number(),
        menuTop: z.number().optional(),
        isBrandCentered: z.literal(true).optional(),
        strip: z.object({ height: z.number(), color: z.string(), text: z.string() }).optional(),
        title: z
          .object({ text: z.string(), size: z.number(), color: z.string(), height: z.number() })
          .optional(),
        gradient: z.string().optional(),
      })
      .optional(),
    box: z
      .object({
        width: z.number(),
        color: z.string(),
        ground: z.string().optional(),
        header: z.literal(true).optional(),
        footer: z.literal(true).optional(),
      })
      .optional(),
  }),
);

const designTokensSchema = exactly<DesignTokens>()(
  z.object({
    colors: z.object({
      primary: z.string(),
      onPrimary: z.string(),
      accent: z.string(),
      onAccent: z.string(),
      background: z.string(),
      surface: z.string(),
      text: z.string(),
      heading: z.string().optional(),
      term: z.string().optional(),
      muted: z.string(),
      border: z.string(),
      link: z.string(),
    }),
    fonts: z.object({ heading: z.string(), body: z.string(), mono: z.string() }),
    radius: cornerSizeSchema,
    buttonRadius: z.union([cornerSizeSchema, z.literal('pill')]).optional(),
    header: z.enum(['light', 'brand']),
    scheme: z.enum(['light', 'dark']).optional(),
    chrome: z
      .object({
        headerBackground: z.string().optional(),
        headerText: z.string().optional(),
        brandText: z.string().optional(),
        menuItemBackground: z.string().optional(),
        menuItemBorder: z.string().optional(),
        menuItemText: z.string().optional(),
        footerBackground: z.string().optional(),
        footerText: z.string().optional(),
      })
      .optional(),
    typography: typeScaleSchema.optional(),
    backgrounds: z
      .object({
        page: plannedBackgroundSchema.optional(),
        header: plannedBackgroundSchema.optional(),
        footer: plannedBackgroundSchema.optional(),
      })
      .optional(),
    pageGrounds: z
      .array(z.object({ route: z.string(), picture: plannedBackgroundSchema }))
      .optional(),
    footer: z.enum(['band', 'page']).optional(),
  }),
);

const SECTION_VARIANTS = [
  'hero',
  'prose',
  'gallery',
  'table',
  'contact',
  'cards',
  'doc',
  'accordion',
] as const satisfies readonly SectionVariant[];

export const sectionVariantSchema = exactly<SectionVariant>()(z.enum(SECTION_VARIANTS));

/** What a Designer returns; the plan stage checks a Designer's answer with it. */
export const designResultSchema = exactly<DesignResult>()(
  z.object({
    tokens: designTokensSchema,
    sections: z.record(z.string(), z.object({ variant: sectionVariantSchema })),
  }),
);

const plannedAssetSchema = exactly<PlannedAsset>()(
  z.object({
    url: z.string(),
    path: z.string(),
    contentType: z.string(),
    body: bytesSchema,
    width: z.number().optional(),
    height: z.number().optional(),
  }),
);

const heroBackdropSchema = exactly<HeroBackdrop>()(
  z.object({
    image: imageRefSchema,
    overlay: z.string().optional(),
    shownHeight: z.number().optional(),
    plate: z.number().optional(),
  }),
);

/**
 * A page route of the plan: `/`, `/about`, `/docs/page-2` (slugs, see plan's toRoute). Routes,
 * module and component names become import paths and identifiers in code: a plan holding anything
 * else is damaged or forged, not a site to rebuild.
 */
export const ROUTE = /^\/(?:[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*)?$/;
const MODULE_NAME = /^[a-z][a-z0-9-]*$/;
const COMPONENT_NAME = /^[A-Z][A-Za-z0-9]*$/;

/** A kind's names and a page's slug become paths and identifiers: slugs of a plan only. */
const plannedPageKindSchema = exactly<PlannedPageKind>()(
  z.object({
    name: z.string().regex(MODULE_NAME, 'not a kind name of a plan'),
    plural: z.string().regex(MODULE_NAME, 'not a kind name of a plan'),
    componentName: z.string().regex(COMPONENT_NAME, 'not a component name of a plan'),
    slug: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'not a slug of a plan'),
    dated: z.literal(true).optional(),
  }),
);

const plannedPageSchema = exactly<PlannedPage>()(
  z.object({
    url: z.string(),
    route: z.string().regex(ROUTE, 'not a route of a plan'),
    componentName: z.string().regex(COMPONENT_NAME, 'not a component name of a plan'),
    moduleName: z.string().regex(MODULE_NAME, 'not a module name of a plan'),
    title: z.string(),
    description: z.string(),
    language: z.string(),
    sections: z.array(
      sectionSchema.extend({
        variant: sectionVariantSchema,
        backdrop: heroBackdropSchema.optional(),
      }),
    ),
    aside: asideSchema.optional(),
    textBlocks: z.array(z.string()),
    alternates: z.array(plannedAlternateSchema).optional(),
    kind: plannedPageKindSchema.optional(),
  }),
);

const plannedMenuItemSchema: z.ZodType<PlannedMenuItem> = z.lazy(() =>
  exactly<PlannedMenuItem>()(
    z.object({
      label: z.string(),
      route: z.string().optional(),
      children: z.array(plannedMenuItemSchema),
    }),
  ),
);

const routeLinkSchema = z.object({ label: z.string(), route: z.string() });

/** What generate builds (plan.json, optimize.json). */
export const sitePlanSchema = exactly<SitePlan>()(
  z.object({
    strategy: z.enum(STRATEGIES),
    origin: z.string(),
    identity: siteIdentitySchema.extend({
      faviconPath: z.string().optional(),
      logoPath: z.string().optional(),
    }),
    navigation: z.array(routeLinkSchema),
    footerLinks: z.array(routeLinkSchema),
    menu: z.array(plannedMenuItemSchema).optional(),
    pages: z.array(plannedPageSchema),
    redirects: z.record(z.string(), z.string()),
    linksToOriginal: z.array(z.object({ route: z.string(), url: z.string() })).optional(),
    assets: z.array(plannedAssetSchema),
    imageVariants: z
      .record(z.string(), z.array(z.object({ path: z.string(), width: z.number() })))
      .optional(),
    fontFaces: z
      .array(
        z.object({
          family: z.string(),
          weight: z.string(),
          style: z.string(),
          path: z.string(),
          format: z.string().optional(),
        }),
      )
      .optional(),
    contact: contactDetailsSchema,
    social: z.array(socialLinkSchema),
    copyright: z.string().optional(),
    footer: z.array(blockSchema).optional(),
    designer: z.string(),
    design: designResultSchema,
    aiWritten: z.array(aiWrittenStringSchema).optional(),
    diagnostics: z.array(diagnosticSchema),
    header: z.array(headerPartSchema).optional(),
  }),
);
