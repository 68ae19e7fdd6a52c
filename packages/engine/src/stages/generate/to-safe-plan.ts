/**
 * The plan as generate may use it (issue 10). First the plan's shape: sitePlanSchema (src/contract),
 * the declaration SitePlan is checked against, with every field and kind, and the routes, module
 * and component names that become import paths and identifiers in code; a plan that fails it is
 * damaged or forged, not a site to rebuild (ENGINE_GENERATE_FAILED). Then what the schema cannot
 * say, once, before any file is written: every value of the original that becomes a URL, a language,
 * a colour, a font, a number in code or a file name. A link that is not http(s), mailto:, tel:,
 * root-relative or a fragment loses its link (its text stays); an image whose source is not an image
 * URL is left out; an invalid `lang` is dropped; a colour or font that does not parse falls back to a
 * default. Plain text needs no check here: every file escapes it for its own context (see escape.ts).
 */
import { AppError } from '@sitelift/shared/error-codes';
import { formatRgb, parse } from 'culori';
import { ROUTE, sitePlanSchema } from '../../contract/site-model';
import type {
  Block,
  DesignTokens,
  HeroBackdrop,
  TitleBand,
  ImageRef,
  InlineRun,
  Panel,
  PlannedAsset,
  PlannedAlternate,
  PlannedBackground,
  PlannedPage,
  SitePlan,
  TableCell,
  TypeScale,
} from '../../model';
import { toLanguageTag } from '../../model';
import {
  toCssColor,
  toCssFontStack,
  toSafeHref,
  toSafeHttpUrl,
  toSafeImageSrc,
  toSafeOrigin,
} from './escape';
import { isRebuiltGradient } from '../../lib/gradient';
import { PUBLIC_FILE_EXTENSIONS } from '../../lib/public-file-types';
import { toSafePosition, toSafeRepeat, toSafeSize } from '../../lib/picture-layout';
import { ICON_NAME } from './icons';

/**
 * A file under public/: plain segments and an extension of {@link PUBLIC_FILE_EXTENSIONS} (pictures,
 * downloads, media). Anything else a host would serve as a page or a script of the new site's own
 * origin.
 */
const ASSET_PATH = new RegExp(
  `^[A-Za-z0-9][A-Za-z0-9._-]*(?:/[A-Za-z0-9][A-Za-z0-9._-]*)*\\.(?:${PUBLIC_FILE_EXTENSIONS.join('|')})$`,
  'i',
);

const FALLBACK_COLORS: DesignTokens['colors'] = {
  primary: '#2563eb',
  onPrimary: '#ffffff',
  accent: '#c2410c',
  onAccent: '#ffffff',
  background: '#ffffff',
  surface: '#f5f7fb',
  text: '#1a1f2b',
  muted: '#5b6275',
  border: '#dfe3ec',
  link: '#2563eb',
};
const FALLBACK_FONTS: DesignTokens['fonts'] = {
  heading: 'ui-sans-serif, system-ui, sans-serif',
  body: 'ui-sans-serif, system-ui, sans-serif',
  mono: 'ui-monospace, monospace',
};

function toSize(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** A dialog's id: an HTML id its triggers name. */
const SAFE_DIALOG_ID = /^[A-Za-z][\w.:-]{0,80}$/;

/** A span the template can draw: a whole number from 2 to `most`. */
function toSafeSpan(span: number | undefined, most: number): number | undefined {
  return Number.isInteger(span) && span! > 1 ? Math.min(span!, most) : undefined;
}

/** A table's cell marks that point at one of its cells, with spans it can draw; else none. */
function toSafeCells(
  cells: TableCell[] | undefined,
  rows: InlineRun[][][],
): TableCell[] | undefined {
  const safe = (cells ?? []).flatMap((mark): TableCell[] => {
    const row = rows[mark.row];
    if (!Number.isInteger(mark.row) || !Number.isInteger(mark.cell) || !row?.[mark.cell]) return [];
    const spanRows = toSafeSpan(mark.rows, rows.length - mark.row);
    const columns = toSafeSpan(mark.columns, 50);
    if (!spanRows && !columns && mark.head !== true) return [];
    return [
      {
        row: mark.row,
        cell: mark.cell,
        ...(spanRows ? { rows: spanRows } : {}),
        ...(columns ? { columns } : {}),
        ...(mark.head === true ? { head: true as const } : {}),
      },
    ];
  });
  return safe.length > 0 ? safe : undefined;
}

function toSafeRuns(runs: InlineRun[]): InlineRun[] {
  return runs.flatMap((run) => {
    // An icon name becomes a key in code: only `prefix:name` of an installed pack.
    if (run.icon !== undefined && !ICON_NAME.test(run.icon)) {
      const { icon: _icon, ...rest } = run;
      if (!rest.text) return [];
      run = rest;
    }
    if (run.opens !== undefined && !SAFE_DIALOG_ID.test(run.opens)) {
      const { opens: _opens, ...rest } = run;
      run = rest;
    }
    if (run.href === undefined) return run;
    const href = toSafeHref(run.href);
    if (href !== undefined) return run;
    const { href: _href, context: _context, button: _button, ...text } = run;
    return text;
  });
}

function toSafeImage<T extends ImageRef>(image: T): T | undefined {
  const src = toSafeImageSrc(image.src);
  if (src === undefined) return undefined;
  const out: T = { ...image };
  const width = toSize(image.width);
  const height = toSize(image.height);
  if (width === undefined) delete out.width;
  if (height === undefined) delete out.height;
  if (image.href !== undefined && toSafeHref(image.href) === undefined) delete out.href;
  if (image.opens !== undefined && !SAFE_DIALOG_ID.test(image.opens)) delete out.opens;
  return out;
}

function toSafeBlock(block: Block): Block | undefined {
  switch (block.kind) {
    case 'paragraph': {
      const out = { ...block, inlines: toSafeRuns(block.inlines) };
      if (block.tone) {
        const { step, color, fill, font } = block.tone;
        const within = (n: unknown, low: number, high: number): n is number =>
          typeof n === 'number' && Number.isFinite(n) && n >= low && n <= high;
        const tone = {
          ...(step !== undefined && [1, 2, 3].includes(step) ? { step } : {}),
          ...(color !== undefined && /^#[0-9a-f]{6}$/i.test(color) ? { color } : {}),
          ...(fill !== undefined && /^#[0-9a-f]{6}$/i.test(fill) ? { fill } : {}),
          ...(font && within(font.scale, 0.5, 3)
            ? {
                font: {
                  scale: font.scale,
                  ...(within(font.leading, 1, 2.2) ? { leading: font.leading } : {}),
                  ...(font.bold === true ? { bold: true as const } : {}),
                  ...(font.italic === true ? { italic: true as const } : {}),
                },
              }
            : {}),
        };
        if (Object.keys(tone).length > 0) out.tone = tone;
        else delete out.tone;
      }
      return out;
    }
    case 'heading': {
      const { drawnAs, ...rest } = block;
      return {
        ...rest,
        level: toLevel(block.level),
        inlines: toSafeRuns(block.inlines),
        ...toSafeDrawnAs(drawnAs),
      };
    }
    case 'list': {
      const out = { ...block, items: block.items.map(toSafeRuns) };
      if (block.start !== undefined && !Number.isInteger(block.start)) delete out.start;
      return out;
    }
    case 'table': {
      const out = {
        ...block,
        head: block.head.map((row) => row.map(toSafeRuns)),
        rows: block.rows.map((row) => row.map(toSafeRuns)),
      };
      const cells = toSafeCells(block.cells, [...block.head, ...block.rows]);
      if (cells) out.cells = cells;
      else delete out.cells;
      return out;
    }
    case 'image': {
      const image = toSafeImage(block.image);
      return image ? { ...block, image } : undefined;
    }
    case 'tabs':
      return {
        ...block,
        tabs: block.tabs.map((tab) => ({ ...tab, blocks: toSafeBlocks(tab.blocks) })),
      };
    case 'carousel': {
      const { band, ...rest } = block;
      const slides = block.slides.map(toSafePanel);
      // A measured box: finite CSS px within a screen's reach, or none.
      const isPx = (n: number, max: number) => Number.isFinite(n) && n > 0 && n <= max;
      return band && isPx(band.width, 8000) && isPx(band.height, 4000)
        ? {
            ...rest,
            slides,
            band: {
              width: Math.round(band.width),
              height: Math.round(band.height),
              isFullBleed: band.isFullBleed === true,
            },
          }
        : { ...rest, slides };
    }
    case 'items': {
      const columns = Number.isInteger(block.columns) ? Math.min(6, Math.max(1, block.columns)) : 1;
      const items = block.items.map(toSafePanel);
      // A layout row's widths: one finite share per column, or no row (a grid of items).
      const widths =
        block.widths !== undefined &&
        block.widths.length === items.length &&
        block.widths.every((width) => width > 0 && width <= 100)
          ? block.widths.map((width) => Math.round(width * 10) / 10)
          : undefined;
      const { rowWidth, align, ...rest } = block;
      // A narrower row's width in px (a layout table's, issue 23), and its centring.
      const row =
        widths !== undefined && rowWidth !== undefined && rowWidth >= 40 && rowWidth <= 4000
          ? { rowWidth: Math.round(rowWidth), ...(align === 'center' ? { align } : {}) }
          : {};
      return { ...rest, columns, items, widths, ...row };
    }
    case 'dialog':
      // The id becomes an HTML id and the target of its triggers: a plain token or nothing.
      if (!SAFE_DIALOG_ID.test(block.id)) return undefined;
      return { ...block, blocks: toSafeBlocks(block.blocks) };
    default:
      return block;
  }
}

function toSafePanel(panel: Panel): Panel {
  const out: Panel = { blocks: toSafeBlocks(panel.blocks) };
  const image = panel.image ? toSafeImage(panel.image) : undefined;
  if (image) out.image = image;
  return out;
}

function toSafeBlocks(blocks: Block[]): Block[] {
  return blocks.flatMap((block) => toSafeBlock(block) ?? []);
}

/** The level a heading was drawn at (a class name's part): 1 to 3, or none. */
function toSafeDrawnAs(drawnAs: number | undefined): { drawnAs?: number } {
  return drawnAs !== undefined && Number.isInteger(drawnAs) && drawnAs >= 1 && drawnAs <= 3
    ? { drawnAs }
    : {};
}

function toLevel(level: number): number {
  return Number.isInteger(level) ? Math.min(6, Math.max(1, level)) : 2;
}

function toSafePage({ alternates, ...page }: PlannedPage): PlannedPage {
  return {
    ...page,
    language: toLanguageTag(page.language) ?? '',
    ...toSafeAlternates(alternates),
    sections: page.sections.map(({ backdrop, titleBand, ...section }) => ({
      ...section,
      ...toSafeTitleBand(titleBand),
      ...(section.heading
        ? {
            heading: {
              level: toLevel(section.heading.level),
              inlines: toSafeRuns(section.heading.inlines),
              ...(section.heading.align ? { align: section.heading.align } : {}),
              ...(section.heading.visuallyHidden
                ? { visuallyHidden: section.heading.visuallyHidden }
                : {}),
              ...toSafeDrawnAs(section.heading.drawnAs),
            },
          }
        : {}),
      blocks: toSafeBlocks(section.blocks),
      ...toSafeBackdrop(backdrop),
    })),
  };
}

/** A page's language versions: each a language tag and a route of the plan, or left out. */
function toSafeAlternates(alternates: PlannedPage['alternates']): {
  alternates?: PlannedAlternate[];
} {
  const safe = (alternates ?? []).filter(
    (alternate) =>
      toLanguageTag(alternate.code) === alternate.code &&
      /^\/[A-Za-z0-9._~/-]*$/.test(alternate.route),
  );
  return safe.length >= 2 ? { alternates: safe } : {};
}

/** A hero's backdrop: its image checked like any other, its overlay a CSS colour or nothing. */
/** The tallest picture band printed (px). */
const MAX_BAND_HEIGHT = 4000;

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * A page's title band (issue 23): a hosted picture, hex colours, an opacity between 0 and 1, a
 * height and a heading size of finite px within a band's reach; else none.
 */
function toSafeTitleBand(band: TitleBand | undefined): { titleBand?: TitleBand } {
  if (!band || !Number.isFinite(band.height) || band.height <= 0) return {};
  const out: TitleBand = { height: Math.round(Math.min(band.height, MAX_BAND_HEIGHT)) };
  if (band.fill !== undefined && HEX_COLOR.test(band.fill)) out.fill = band.fill;
  const opacity = band.opacity;
  if (opacity !== undefined && Number.isFinite(opacity) && opacity >= 0 && opacity <= 1)
    out.opacity = opacity;
  const image = band.image ? toSafeImage(band.image) : undefined;
  if (image) out.image = image;
  if (!out.fill && !out.image) return {};
  if (band.size !== undefined && Number.isFinite(band.size) && band.size > 0)
    out.size = Math.round(Math.min(band.size, 96));
  if (band.color !== undefined && HEX_COLOR.test(band.color)) out.color = band.color;
  if (band.align === 'center') out.align = 'center';
  return { titleBand: out };
}

function toSafeBackdrop(backdrop: HeroBackdrop | undefined): { backdrop?: HeroBackdrop } {
  const image = backdrop ? toSafeImage(backdrop.image) : undefined;
  if (!backdrop || !image) return {};
  // Printed again by culori (digits only), its transparency kept: an overlay is see-through.
  const parsed = backdrop.overlay ? parse(backdrop.overlay) : undefined;
  const overlay = parsed ? formatRgb(parsed) : undefined;
  // A band's height: finite CSS px, at most a tall screen's reach (a band stays a band).
  const height = backdrop.shownHeight;
  const shownHeight =
    height !== undefined && Number.isFinite(height) && height > 0
      ? { shownHeight: Math.round(Math.min(height, MAX_BAND_HEIGHT)) }
      : {};
  // A plate's alpha: 0..1, two digits.
  const plate =
    backdrop.plate !== undefined && Number.isFinite(backdrop.plate)
      ? { plate: Math.round(Math.min(1, Math.max(0, backdrop.plate)) * 100) / 100 }
      : {};
  return { backdrop: { image, ...(overlay ? { overlay } : {}), ...shownHeight, ...plate } };
}

/**
 * A background picture printed into the stylesheet (issue 23): a hosted file, its layout of CSS
 * values of the shapes CSS computes, a plate's opacity between 0 and 1; else none.
 */
function toSafeBackground(
  picture: PlannedBackground | undefined,
  paths: Set<string>,
): PlannedBackground | undefined {
  if (!picture || !picture.src.startsWith('/') || !paths.has(picture.src.slice(1)))
    return undefined;
  const repeat = toSafeRepeat(picture.repeat);
  const size = toSafeSize(picture.size);
  const position = toSafePosition(picture.position);
  if (!repeat || !size || !position) return undefined;
  const plate =
    picture.plate !== undefined && Number.isFinite(picture.plate)
      ? Math.min(1, Math.max(0, picture.plate))
      : undefined;
  return {
    src: picture.src,
    repeat,
    size,
    position,
    attachment: picture.attachment === 'fixed' ? 'fixed' : 'scroll',
    ...(plate === undefined ? {} : { plate }),
  };
}

/** A route as a CSS attribute selector may quote it. */
const SAFE_ROUTE = /^\/[\w\-./~%]*$/;

/** A menu bar whose colours are colours and whose gradient is one the engine rebuilt; else none. */
function toSafeMenuBar(
  bar: NonNullable<TypeScale['menuBar']>,
): NonNullable<TypeScale['menuBar']> | undefined {
  const color = toCssColor(bar.color);
  const text = toCssColor(bar.text);
  if (!color || !text) return undefined;
  const { gradient, ...rest } = bar;
  return {
    ...rest,
    color,
    text,
    ...(gradient !== undefined && isRebuiltGradient(gradient) ? { gradient } : {}),
  };
}

function toSafeTokens(tokens: DesignTokens, paths: Set<string>): DesignTokens {
  const colors = Object.fromEntries(
    Object.entries(FALLBACK_COLORS).map(([name, fallback]) => [
      name,
      toCssColor(tokens.colors[name as keyof DesignTokens['colors']] ?? '') ?? fallback,
    ]),
  ) as DesignTokens['colors'];
  // The headings' own colour is optional: kept when it is a colour, else the text's.
  const heading =
    tokens.colors.heading === undefined ? undefined : toCssColor(tokens.colors.heading);
  if (heading !== undefined) colors.heading = heading;
  const term = tokens.colors.term === undefined ? undefined : toCssColor(tokens.colors.term);
  if (term !== undefined) colors.term = term;
  const out: DesignTokens = {
    ...tokens,
    colors,
    fonts: {
      heading: toCssFontStack(tokens.fonts.heading) ?? FALLBACK_FONTS.heading,
      body: toCssFontStack(tokens.fonts.body) ?? FALLBACK_FONTS.body,
      mono: toCssFontStack(tokens.fonts.mono) ?? FALLBACK_FONTS.mono,
    },
    scheme: tokens.scheme ?? 'light',
  };
  const menuBar = tokens.typography?.menuBar && toSafeMenuBar(tokens.typography.menuBar);
  if (tokens.typography) {
    const { menuBar: _drop, ...typography } = tokens.typography;
    out.typography = menuBar ? { ...typography, menuBar } : typography;
    // The header's strip (issue 23): its colours are colours, its height a pixel size; else none.
    // Its band's gradient only as the engine rebuilt it; its title's colour a colour, else no band.
    const header = typography.header;
    if (header) {
      const { strip, gradient, title, ...rest } = header;
      const color = strip && toCssColor(strip.color);
      const text = strip && toCssColor(strip.text);
      const titleColor = title && toCssColor(title.color);
      out.typography.header = {
        ...rest,
        ...(strip &&
        color &&
        text &&
        Number.isFinite(strip.height) &&
        strip.height > 0 &&
        strip.height < 200
          ? { strip: { height: Math.round(strip.height), color, text } }
          : {}),
        ...(gradient !== undefined && isRebuiltGradient(gradient) ? { gradient } : {}),
        ...(title && titleColor ? { title: { ...title, color: titleColor } } : {}),
      };
    }
  }
  const chrome = Object.fromEntries(
    Object.entries(tokens.chrome ?? {}).flatMap(([name, value]) => {
      const color = value === undefined ? undefined : toCssColor(value);
      return color ? [[name, color]] : [];
    }),
  );
  if (Object.keys(chrome).length > 0) out.chrome = chrome;
  else delete out.chrome;
  const backgrounds = Object.fromEntries(
    (['page', 'header', 'footer'] as const).flatMap((key) => {
      const safe = toSafeBackground(tokens.backgrounds?.[key], paths);
      return safe ? [[key, safe]] : [];
    }),
  );
  if (Object.keys(backgrounds).length > 0) out.backgrounds = backgrounds;
  else delete out.backgrounds;
  // A route's own ground is printed into a selector: a route of plain path characters only.
  const pageGrounds = (tokens.pageGrounds ?? []).flatMap(({ route, picture }) => {
    const safe = SAFE_ROUTE.test(route) ? toSafeBackground(picture, paths) : undefined;
    return safe ? [{ route, picture: safe }] : [];
  });
  if (pageGrounds.length > 0) out.pageGrounds = pageGrounds;
  else delete out.pageGrounds;
  return out;
}

function toSafeLinks(
  links: { label: string; route: string }[],
): { label: string; route: string }[] {
  return links.flatMap((link) => (toSafeHref(link.route) === undefined ? [] : [link]));
}

/** Throws ENGINE_GENERATE_FAILED unless `plan` is a SitePlan (sitePlanSchema), saying where it is not. */
function assertPlan(plan: SitePlan): void {
  const parsed = sitePlanSchema.safeParse(plan);
  if (parsed.success) return;
  const issue = parsed.error.issues[0];
  throw new AppError('ENGINE_GENERATE_FAILED', {
    details: {
      path: issue?.path.map(String).join('.') ?? '',
      reason: issue?.message ?? 'not a plan',
    },
  });
}

/** The plan with its shape and every URL, language, colour, font, number and file name checked (see above). */
export function toSafePlan(plan: SitePlan): SitePlan {
  assertPlan(plan);
  // `generated:` names the files generate draws itself (and does not sanitise): none comes in.
  const assets: PlannedAsset[] = plan.assets.filter(
    (asset) => ASSET_PATH.test(asset.path) && !asset.url.startsWith('generated:'),
  );
  const paths = new Set(assets.map((asset) => asset.path));
  const identity: SitePlan['identity'] = {
    ...plan.identity,
    language: toLanguageTag(plan.identity.language) ?? '',
  };
  if (identity.faviconPath !== undefined && !paths.has(identity.faviconPath))
    delete identity.faviconPath;
  if (identity.logoPath !== undefined && !paths.has(identity.logoPath)) delete identity.logoPath;
  // Responsive copies: only of hosted pictures, only hosted files, whole pixel widths.
  const imageVariants = Object.fromEntries(
    Object.entries(plan.imageVariants ?? {}).flatMap(([path, copies]) => {
      const safe = paths.has(path)
        ? copies.filter(
            (copy) => paths.has(copy.path) && Number.isInteger(copy.width) && copy.width > 0,
          )
        : [];
      return safe.length > 0 ? [[path, safe]] : [];
    }),
  );
  const out: SitePlan = {
    ...plan,
    origin: toSafeOrigin(plan.origin) ?? '',
    identity,
    navigation: toSafeLinks(plan.navigation),
    footerLinks: toSafeLinks(plan.footerLinks),
    pages: plan.pages.map(toSafePage),
    redirects: Object.fromEntries(
      Object.entries(plan.redirects).filter(([, to]) => ROUTE.test(to)),
    ),
    assets: assets.map((asset) => {
      const out = { ...asset };
      if (toSize(asset.width) === undefined) delete out.width;
      if (toSize(asset.height) === undefined) delete out.height;
      return out;
    }),
    social: plan.social.flatMap((profile) =>
      toSafeHttpUrl(profile.href) === undefined ? [] : [profile],
    ),
    design: { ...plan.design, tokens: toSafeTokens(plan.design.tokens, paths) },
  };
  // Font faces become CSS: a family name of letters, digits, spaces, `.`, `_` and `-`; a weight and
  // style CSS knows; a hosted file; a known format.
  const fontFaces = (plan.fontFaces ?? []).flatMap((face) => {
    const family = face.family.replace(/[^\p{L}\p{N} ._-]/gu, '').trim();
    const weight = /^(?:normal|bold|[1-9]00(?: [1-9]00)?)$/.test(face.weight) ? face.weight : '400';
    const style = /^(?:normal|italic|oblique)$/.test(face.style) ? face.style : 'normal';
    const format =
      face.format && /^(?:woff2|woff|truetype|opentype)$/.test(face.format)
        ? face.format
        : undefined;
    if (!family || !paths.has(face.path)) return [];
    return [{ family, weight, style, path: face.path, ...(format ? { format } : {}) }];
  });
  // The original's footer lines: checked like a page's blocks, and only line kinds (the template's
  // footer draws paragraphs, lists, headings and rules).
  const footer = toSafeBlocks(plan.footer ?? []).filter((block) =>
    ['paragraph', 'list', 'heading', 'rule'].includes(block.kind),
  );
  if (footer.length > 0) out.footer = footer;
  else delete out.footer;
  // The header's strip and lines (issue 23): checked like the footer's, each part keeping its place.
  const header = (plan.header ?? []).flatMap((part) => {
    const blocks = toSafeBlocks(part.blocks).filter((block) =>
      ['paragraph', 'list', 'heading', 'rule'].includes(block.kind),
    );
    return blocks.length > 0 && ['strip', 'start', 'end', 'under'].includes(part.place)
      ? [{ place: part.place, blocks }]
      : [];
  });
  if (header.length > 0) out.header = header;
  else delete out.header;
  if (fontFaces.length > 0) out.fontFaces = fontFaces;
  else delete out.fontFaces;
  if (Object.keys(imageVariants).length > 0) out.imageVariants = imageVariants;
  else delete out.imageVariants;
  return out;
}
