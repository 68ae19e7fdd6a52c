/**
 * src/index.css of generated projects: Tailwind v4 with the design tokens as a theme, then the
 * template's styles (templates/vite-react/src/styles/base.css, and motion.css for a profile with motion).
 */
import type {
  CornerSize,
  DesignTokens,
  PlannedBackground,
  SitePlan,
  TypeScale,
} from '../../../model';
import { templateFile } from './template-files';

/**
 * The stylesheet for a design; `animations` adds the profile's motion (reduced-motion aware).
 * `contentModules`: the site's text lives in src/content/ (content modules), which Tailwind
 * then does not scan for class names (issue 10).
 */
export function toStylesheet(
  tokens: DesignTokens,
  animations: boolean,
  contentModules = false,
  fontFaces: NonNullable<SitePlan['fontFaces']> = [],
): string {
  const c = tokens.colors;
  const radius = toRadius(tokens.radius);
  // Buttons the original drew as boxes stay boxes (issue 23); absent, base.css draws pills.
  const buttonRadius =
    tokens.buttonRadius === undefined
      ? ''
      : `\n  --radius-button: ${tokens.buttonRadius === 'pill' ? '999px' : toRadius(tokens.buttonRadius)};`;
  // Tailwind makes a rule of anything in the sources that reads as a class, `[--x:'</style>']` in a
  // page's text included: the content modules are text, never markup, so they are not scanned.
  const source = contentModules
    ? '\n/* src/content/ is the site\'s text, not markup: no class names are taken from it. */\n@source not "./content";\n'
    : '';
  // The header and footer: the original's own colours (issue 12), else the page's and the text's.
  const header = tokens.chrome?.headerBackground ?? c.background;
  const onHeader = tokens.chrome?.headerBackground ? (tokens.chrome.headerText ?? c.text) : c.text;
  const dark = tokens.scheme === 'dark';
  // A footer the original did not fill sits on the page's ground, in the page's words (issue 23).
  const isFooterOnPage = tokens.footer === 'page';
  const footer = isFooterOnPage
    ? 'transparent'
    : (tokens.chrome?.footerBackground ?? (dark ? c.surface : c.text));
  const onFooter = isFooterOnPage
    ? c.text
    : tokens.chrome?.footerBackground
      ? (tokens.chrome.footerText ?? c.text)
      : dark
        ? c.text
        : c.background;
  // The site's own fonts, self-hosted (issue 12); `swap` shows text in the fallback at once.
  const faces = fontFaces
    .map(
      (face) => `
@font-face {
  font-family: "${face.family}";
  src: url("/${face.path}")${face.format ? ` format("${face.format}")` : ''};
  font-weight: ${face.weight};
  font-style: ${face.style};
  font-display: swap;
}
`,
    )
    .join('');
  return `@import "tailwindcss";
${source}${faces}
/* ${dark ? 'A dark site, as the original was: form controls and scrollbars follow.' : 'A light site.'} */
:root {
  color-scheme: ${dark ? 'dark' : 'light'};${toTypeScaleVariables(tokens.typography)}${toGroundVariables(tokens)}
}
${toPageGroundRules(tokens)}
@theme {
  --color-primary: ${c.primary};
  --color-on-primary: ${c.onPrimary};
  --color-accent: ${c.accent};
  --color-on-accent: ${c.onAccent};
  --color-canvas: ${c.background};
  --color-surface: ${c.surface};
  --color-ink: ${c.text};
  --color-heading: ${c.heading ?? c.text};${c.term === undefined ? '' : `\n  --color-term: ${c.term};`}
  --color-muted: ${c.muted};
  --color-line: ${c.border};
  --color-link: ${c.link};
  --color-header: ${header};
  --color-on-header: ${onHeader};
  --color-brand-name: ${tokens.chrome?.brandText ?? onHeader};
  --color-menu-item: ${tokens.chrome?.menuItemBackground ?? 'transparent'};
  --color-menu-item-line: ${tokens.chrome?.menuItemBorder ?? 'transparent'};
  --color-on-menu-item: ${tokens.chrome?.menuItemText ?? onHeader};
  --color-footer: ${footer};
  --color-on-footer: ${onFooter};
  --font-sans: ${tokens.fonts.body};
  --font-heading: ${tokens.fonts.heading};
  --font-mono: ${tokens.fonts.mono};
  --radius-theme: ${radius};${buttonRadius}
}

${templateFile('src/styles/base.css')}${animations ? `\n${templateFile('src/styles/motion.css')}` : ''}`;
}

/** A corner size as a CSS length. */
function toRadius(size: CornerSize): string {
  return size === 'none' ? '0' : size === 'small' ? '0.375rem' : '0.875rem';
}

/**
 * The original's background pictures and footer ground as CSS variables (issue 23): base.css draws
 * the page, the header and the footer on `--page-ground`, `--header-ground` and `--footer-ground`,
 * and flat colours where they are absent (the other strategies, an original without pictures).
 */
const layer = (picture: PlannedBackground): string =>
  `url("${picture.src}") ${picture.position} / ${picture.size} ${picture.repeat} ${picture.attachment}`;

/** Words that do not read on the picture: a plate of the page's colour over it (`plate`). */
const plateOf = (picture: PlannedBackground): string => {
  const color = `color-mix(in srgb, var(--color-canvas) ${Math.round((picture.plate ?? 1) * 100)}%, transparent)`;
  return `linear-gradient(${color}, ${color})`;
};

/** A page's ground: its picture, and its plate under the content column, from top to end. */
function toPageGround(page: PlannedBackground, tokens: DesignTokens): string {
  const plate =
    page.plate === undefined
      ? ''
      : `${plateOf(page)} ${
          tokens.typography?.column?.align === 'left' ? 'left' : 'center'
        } top / min(100%, var(--wrap-max, 72rem)) 100% no-repeat, `;
  return `${plate}${layer(page)}, var(--color-canvas)`;
}

export function toGroundVariables(tokens: DesignTokens): string {
  const { page, header, footer } = tokens.backgrounds ?? {};
  // The header's: across the bar (its menu and name sit anywhere in it).
  const headerPlate = header?.plate === undefined ? '' : `${plateOf(header)}, `;
  const lines = [
    ...(page || header || footer
      ? ["/* The original's background pictures, laid as it laid them (issue 23). */"]
      : []),
    ...(page ? [`--page-ground: ${toPageGround(page, tokens)};`] : []),
    // The sections lie on the page's picture, not on bands of its mean colour.
    ...(page && !tokens.typography?.hasBands
      ? ['--section-alt-fill: transparent;', '--hero-fill: transparent;']
      : []),
    ...(header ? [`--header-ground: ${headerPlate}${layer(header)}, var(--color-header);`] : []),
    ...(footer ? [`--footer-ground: ${layer(footer)}, var(--color-footer);`] : []),
    // The original drew no band under its footer: a thin rule above it instead.
    ...(tokens.footer === 'page' ? ['--footer-rule: 1px solid var(--color-line);'] : []),
  ];
  return lines.map((line) => `\n  ${line}`).join('');
}

/**
 * The routes drawn on a picture of their own (issue 23): the page's ground while the route's page
 * is shown (Layout marks <main> with its route), the sections on it as on the page's.
 */
export function toPageGroundRules(tokens: DesignTokens): string {
  const grounds = tokens.pageGrounds ?? [];
  if (grounds.length === 0) return '';
  const sections = tokens.typography?.hasBands
    ? ''
    : ' --section-alt-fill: transparent; --hero-fill: transparent;';
  const rules = grounds.map(
    ({ route, picture }) =>
      `body:has(main[data-route="${route}"]) {\n  --page-ground: ${toPageGround(picture, tokens)};${sections}\n}\n`,
  );
  return `\n/* Pages drawn on a picture of their own, as the original drew them (issue 23). */\n${rules.join('')}`;
}

/**
 * The original's measured type scale and column as CSS variables (decision record 029); base.css
 * falls back to the template's own scale where they are absent (the other strategies, a page the
 * probe could not measure).
 */
/** The menu bar's fill as a picture (a gradient as measured, else its one colour). */
function toMenuBarFill(bar: NonNullable<TypeScale['menuBar']>): string {
  return bar.gradient ?? `linear-gradient(${bar.color}, ${bar.color})`;
}

export function toTypeScaleVariables(scale: TypeScale | undefined): string {
  if (!scale) return '';
  const { body, headings, column } = scale;
  const lines = [
    "/* The original's type scale, column and rhythm, measured at 1440 px. */",
    `--type-body: ${body.size}px;`,
    `--type-leading: ${body.lineHeight};`,
    ...(['h1', 'h2', 'h3'] as const).flatMap((level) => [
      `--type-${level}: ${headings[level].size}px;`,
      `--type-${level}-weight: ${headings[level].weight};`,
      ...(headings[level].case ? [`--type-${level}-case: ${headings[level].case};`] : []),
      ...(headings[level].tracking !== undefined
        ? [`--type-${level}-tracking: ${headings[level].tracking}em;`]
        : []),
      ...(headings[level].leading !== undefined
        ? [`--type-${level}-leading: ${headings[level].leading};`]
        : []),
      ...(headings[level].color ? [`--type-${level}-color: ${headings[level].color};`] : []),
      ...(headings[level].fill
        ? [
            `--type-${level}-fill: ${headings[level].fill.color};`,
            `--type-${level}-on-fill: ${headings[level].fill.text};`,
            `--type-${level}-bar-pad: 0.3em 0.6em;`,
          ]
        : []),
      // A filled bar keeps its own padding; a line is drawn on a heading without one.
      ...(headings[level].fill ? [] : headingRuleVars(level, headings[level].rule)),
    ]),
    // The header band as the original drew it at a desktop width (issue 23).
    ...(scale.header
      ? [
          `--header-h: ${scale.header.height}px;`,
          ...(scale.header.menuTop !== undefined
            ? [`--header-menu-h: ${scale.header.height - scale.header.menuTop}px;`]
            : []),
          // The strip across its top in its own colour (issue 23).
          ...(scale.header.strip
            ? [
                `--strip-h: ${scale.header.strip.height}px;`,
                `--strip-fill: ${scale.header.strip.color};`,
                `--on-strip: ${scale.header.strip.text};`,
              ]
            : []),
          // The header's own gradient behind it where it had one and no title band draws it.
          ...(scale.header.gradient && !scale.header.title
            ? [`--header-ground: ${scale.header.gradient};`]
            : []),
          // A title band above the menu (issue 23): its height, fill, and the title's size and colour.
          ...(scale.header.title
            ? [
                `--title-band-h: ${scale.header.title.height}px;`,
                `--title-band: ${scale.header.gradient ?? 'var(--color-header)'};`,
                `--title-size: ${scale.header.title.size}px;`,
                `--title-color: ${scale.header.title.color};`,
              ]
            : []),
        ]
      : []),
    // A boxed page's column over the page's ground (issue 23); the header and footer in it or not.
    ...(scale.box
      ? [
          `--box-w: ${scale.box.width}px;`,
          `--box-fill: ${scale.box.color};`,
          ...(scale.box.ground ? [`--box-ground: ${scale.box.ground};`] : []),
          ...(scale.box.header ? [`--box-header-w: ${scale.box.width}px;`] : []),
          ...(scale.box.footer ? [`--box-footer-w: ${scale.box.width}px;`] : []),
        ]
      : []),
    // The bar a phone showed at the page's top (issue 23; 0: none, the menu button's alone).
    ...(scale.phoneHeader ? [`--phone-header-h: ${scale.phoneHeader.height}px;`] : []),
    ...(scale.hero ? [`--type-hero: ${scale.hero}px;`] : []),
    ...(scale.heroCase ? [`--type-hero-case: ${scale.heroCase};`] : []),
    ...(scale.heroTracking !== undefined ? [`--type-hero-tracking: ${scale.heroTracking}em;`] : []),
    ...(scale.menuCase ? [`--menu-case: ${scale.menuCase};`] : []),
    // The band the menu's row was drawn on (issue 23): across the header, or a box around the links.
    ...(scale.menuBar
      ? [
          `--menu-${scale.menuBar.isFullWidth ? 'bar' : 'box'}: ${toMenuBarFill(scale.menuBar)};`,
          ...(scale.menuBar.isFullWidth
            ? [
                // Drawn past the menu's row to the header's edges (border-image outset, no layout).
                `--menu-bar-bleed: ${toMenuBarFill(scale.menuBar)} fill 0 / 0 / 0 100vmax;`,
                '--menu-bar-clip: clip;',
              ]
            : []),
          ...(scale.menuBar.fillsRow ? ['--menu-row-align: stretch;'] : []),
          `--menu-bar-fill: ${scale.menuBar.color};`,
          `--menu-bar-h: ${scale.menuBar.height}px;`,
          // The bars stacked under it (their links joined its row): the band keeps their height.
          ...(scale.menuBar.under ? [`--menu-under-h: ${scale.menuBar.under}px;`] : []),
          '--menu-bar-align: center;',
          `--on-menu-bar: ${scale.menuBar.text};`,
          `--menu-weight: ${scale.menuBar.weight};`,
          `--menu-size: ${scale.menuBar.size}px;`,
          // Square unless the items were boxes or pills of their own (menuRow's radius, below).
          ...(scale.menuRow?.radius === undefined ? ['--menu-item-radius: 0;'] : []),
          ...(scale.menuBar.isCentered && !scale.menuRow?.isCentered
            ? ['--menu-justify: center;']
            : []),
        ]
      : []),
    // The menu's row as the original laid it (issue 23): in the page's middle, labels on one line,
    // items with the original's corners.
    ...(scale.menuRow
      ? [
          ...(scale.menuRow.isCentered ? ['--menu-justify: center;'] : []),
          ...(scale.menuRow.isOneLine ? ['--nav-link-max: none;', '--nav-link-wrap: nowrap;'] : []),
          ...(scale.menuRow.radius !== undefined
            ? [`--menu-item-radius: ${scale.menuRow.radius}px;`]
            : []),
          ...(scale.menuRow.linkHeight !== undefined
            ? [`--nav-link-h: ${scale.menuRow.linkHeight}px;`]
            : []),
        ]
      : []),
    ...(scale.isTextCentered ? ['--text-align: center;'] : []),
    `--flow-gap: ${scale.flowGap}px;`,
    `--section-pad: ${scale.sectionPadding}px;`,
    // A long list of links (a manual's contents) as the original drew it: one column of list rows
    // with their markers, not the other strategies' columns of bare links (issue 23: STYLE keeps the
    // original's layout; five columns left the page's text under it hundreds of pixels too high).
    '--compact-columns: auto;',
    '--compact-marker: disc;',
    '--compact-indent: var(--list-indent);',
    '--compact-row-pad: 0;',
    // A list's items one under another as a browser sets them (no gap between rows), indented by
    // a browser's 40 px (the template's 1.4rem moved every item's words 18 px left of the original's).
    '--li-gap: 0px;',
    '--list-indent: 2.5rem;',
    // Preformatted text (a manual's synopses, examples) as a page sets it: the browser's 13 px
    // monospace at its own line pitch, in the page's ink on a faint ground, not the dark slate of
    // the other strategies: a dark block where the original had lines of text on white was the
    // largest difference a section of such a page showed (issue 23).
    '--pre-size: 0.8125rem;',
    '--pre-leading: normal;',
    '--pre-fill: var(--color-surface);',
    '--pre-ink: var(--color-ink);',
    '--pre-pad: 0.5rem 0.75rem;',
    // A hero over a picture on a phone: its words and the section's padding, no less than a
    // strip of the picture (the original's hero, padded around its words, was a third of the
    // screen where the rebuild's filled most of it and pushed every section under it down).
    '--hero-phone-min: min(40vh, 20rem);',
    ...(scale.headingGap === undefined ? [] : [`--heading-gap: ${scale.headingGap}px;`]),
    // No bands in the original: every section on the page's own background.
    ...(scale.hasBands
      ? []
      : [
          '--section-alt-fill: var(--color-canvas);',
          '--hero-fill: var(--color-canvas);',
          // The opening's words are the flow's first lines: no larger, muted lead, no other measure.
          '--hero-lead-size: 1em;',
          '--hero-lead-ink: inherit;',
          '--hero-measure: var(--measure, 46rem);',
        ]),
    // The wrap's padding (2rem on each side at a desktop width) comes on top of the column's width;
    // a centred column with a narrower gutter than that keeps its own gutter (see toWrapVariables).
    ...(column
      ? [
          ...toWrapVariables(column),
          `--measure: ${column.measure}px;`,
          ...(column.align === 'left' ? ['--wrap-margin-left: 0;'] : []),
          // A measure centred in its column: the text centred in the column too.
          ...(column.isMeasureCentered ? ['--measure-margin: auto;'] : []),
        ]
      : []),
  ];
  return lines.map((line) => `\n  ${line}`).join('');
}

/** The probe's viewport width, where the column was measured. */
const PROBE_VIEWPORT = 1440;
/** The wrap's padding on each side at a desktop width (base.css `.wrap`: 2rem). */
const WRAP_PADDING = 32;
/** The least gutter a text column keeps at the window's edges. */
const MIN_GUTTER = 8;

/**
 * The wrap's width and padding for the measured column. A centred column whose gutter at 1440 px was
 * narrower than the wrap's 2rem (a page set across the window with the browser's 8 px body margin:
 * a generated manual, a plain HTML page) keeps that gutter, at least MIN_GUTTER: with the 2rem
 * padding its text started 24 px right of the original's and wrapped 48 px narrower, every line of
 * every text block off the original's (issue 23). base.css reads `--wrap-pad` (phones keep at most
 * their own 1.25rem).
 */
function toWrapVariables(column: NonNullable<TypeScale['column']>): string[] {
  const gutter = (PROBE_VIEWPORT - column.width) / 2;
  if (column.align !== 'center' || gutter >= WRAP_PADDING)
    return [`--wrap-max: calc(${column.width}px + 4rem);`];
  const pad = Math.max(MIN_GUTTER, Math.round(gutter));
  return [`--wrap-max: ${column.width + 2 * pad}px;`, `--wrap-pad: ${pad}px;`];
}

/** A heading level's line above or under its words (issue 23), as the CSS variables base.css draws. */
function headingRuleVars(
  level: 'h1' | 'h2' | 'h3',
  rule: TypeScale['headings']['h1']['rule'],
): string[] {
  if (!rule) return [];
  return [
    `--type-${level}-rule-${rule.side}: ${rule.width}px solid ${rule.color};`,
    `--type-${level}-bar-pad: ${rule.side === 'top' ? `${rule.gap}px 0 0` : `0 0 ${rule.gap}px`};`,
  ];
}
