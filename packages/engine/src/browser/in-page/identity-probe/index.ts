/**
 * The identity probe (issue 12), run in the rendered page before fetch reads its HTML (see
 * stages/fetch/identity-probe.ts, which bundles this folder into one script): it reads what only a
 * browser knows — computed colours, the families in use, where things sit — and returns a PageProbe
 * (measure/page-probe.ts). It also marks the DOM (measure/probe-marks.ts) so that extract finds
 * brand, menus, buttons, sliders, items, sidebars, rows, entry screens, overlays (cookie notices),
 * docks pinned to a side of the window, panels hidden at load that a control opens, a clock,
 * hover-only marks,
 * print-only parts and round pictures without a browser of its own.
 *
 * The steps run in this order: each later one reads the marks of the earlier ones (a button is no
 * button inside a menu; a row is no row inside a sidebar).
 */
import type { PageProbe } from '../../../measure/page-probe';
import { readAccents } from './accents';
import { markAlignment, markDrawnWidths, markFloats } from './align';
import { markAsides } from './aside';
import { readBackground } from './background';
import { markButtons } from './buttons';
import { measureBox } from './box';
import { markClocks } from './clocks';
import { markClosedPanels } from './closed-panels';
import { markDialogs } from './dialogs';
import { markDocks } from './docks';
import { ranked, rectOf, style } from './dom';
import { markEntryScreen } from './entry-screen';
import { markHiddenText } from './hidden-text';
import { markHoverOnly } from './hover-only';
import { fillOf } from './fill';
import { measureHeaderBand } from './header-band';
import { markHeaderParts } from './header-parts';
import { findHero } from './hero';
import { markBrand } from './logo';
import { markMenus, measureMenuBar, measureMenuRow, readMenuItems } from './menus';
import { markOverlays } from './overlays';
import { markPrintOnly } from './print-only';
import { findFooter, findHeader, regionOf } from './regions';
import { markRepeatedItems } from './repeated-items';
import { markScreenCopies } from './screen-copies';
import { markSectionBoxes } from './section-boxes';
import { markSkipLinks } from './skip-links';
import { markTitleBand } from './title-band';
import { measureCorners } from './shapes';
import { markSliders } from './sliders';
import { markButtonRows, markInlineLists, markRows } from './rows';
import { readParagraphColor } from './text-color';
import { markTextPres } from './text-pre';
import { markTextSizes } from './text-sizes';
import { measureTypography } from './typography';
import { body, doc, H, W } from './view';

export function run(): PageProbe | undefined {
  if (!doc.body) return undefined;
  // First: every later step looks past the overlays the page lays over itself (a cookie bar).
  markOverlays();
  markSkipLinks();
  const { background, documentHeight } = readBackground();
  const { accents, headings, terms } = readAccents();
  const header = findHeader(background);
  const { brand, logo, brandInfo } = markBrand(header);
  const menu = markMenus();
  // After the menus and the brand: the bar holding them is the page's frame, never a dock.
  markDocks(header);
  markEntryScreen();
  markDialogs();
  markPrintOnly();
  markClocks();
  markScreenCopies();
  markHiddenText();
  const { links, buttons } = markButtons(brand);
  const menuBar = measureMenuBar(menu, header);
  const menuRow = measureMenuRow(menu);
  const menuItems = readMenuItems(menu, header, background, menuBar !== undefined);
  const footer = findFooter();
  markSliders();
  // After the dialogs, sliders and the other parts marked hidden for a reason of their own.
  markClosedPanels();
  markHoverOnly();
  markRepeatedItems();
  markAsides();
  markRows();
  markInlineLists();
  markButtonRows();
  markAlignment();
  markFloats();
  markDrawnWidths();
  markTextPres();
  const found = findHero();
  const hero = found?.hero;
  // After the hero is found: the header, the footer and the hero are drawn by rules of their own.
  markSectionBoxes([header, footer, found?.element]);
  markTitleBand([header, footer, found?.element]);
  const typography = measureTypography({
    header,
    footer,
    heroElement: found?.element,
    heroHeadlineSize: found?.headlineSize,
    heroHeadlineCase: found?.headlineCase,
    heroHeadlineTracking: found?.headlineTracking,
    background,
    documentHeight,
  });
  if (typography) {
    // Against the body's size just measured: the blocks of text the page set larger or smaller.
    markTextSizes(typography.body.size, [header, footer], found?.element);
    const band = measureHeaderBand({ header, heroElement: found?.element, brand, menu: menu?.e });
    if (band) typography.header = band;
    // The header's strip and the lines beside its brand stay the header's (issue 23).
    const strip = markHeaderParts({ header, brand, menu: menu?.e, band });
    if (band && strip) band.strip = strip;
    const box = measureBox({ background, header, footer, documentHeight });
    if (box) typography.box = box;
    if (menuBar) typography.menuBar = menuBar;
    if (menuRow) typography.menuRow = menuRow;
  }
  const paragraphText = readParagraphColor(background);
  // After the buttons and menus are marked: their corners are read apart from the content's.
  const corners = measureCorners();

  const headingElement = doc.querySelector('h1, h2, h3');
  const result: PageProbe = {
    viewport: { width: W, height: H },
    background,
    text: paragraphText || style(body).color,
    links: ranked(links).slice(0, 5),
    headings: ranked(headings).slice(0, 5),
    buttons: [...buttons.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([key, weight]) => {
        const [bg = '', fg = '', border = ''] = key.split('|');
        return { background: bg, text: fg, border, weight: Math.round(weight) };
      }),
    accents: ranked(accents).slice(0, 24),
    ...(terms.size > 0 ? { terms: ranked(terms).slice(0, 5) } : {}),
    fonts: {
      body: style(body).fontFamily,
      heading: headingElement ? style(headingElement).fontFamily : style(body).fontFamily,
    },
  };
  const headerRegion = regionOf(header);
  if (headerRegion) {
    // A transparent header laid over the hero's picture shows that picture, not the page's colour.
    const heroElement = found?.element;
    if (
      heroElement &&
      header &&
      !header.contains(heroElement) &&
      fillOf(header).element.contains(heroElement)
    ) {
      const hr = rectOf(header);
      const pr = rectOf(heroElement);
      if (hr.top >= pr.top - 1 && hr.bottom <= pr.bottom + 1) {
        headerRegion.background = hero?.overlay || headerRegion.background;
        headerRegion.image = hero?.image;
        if (hero) hero.isUnderHeader = true;
      }
    }
    result.header = headerRegion;
  }
  const footerRegion = regionOf(footer);
  if (footerRegion) result.footer = footerRegion;
  if (logo) result.logo = logo;
  if (brandInfo) result.brand = brandInfo;
  if (hero) result.hero = hero;
  if (menuItems) result.menuItems = menuItems;
  if (typography) result.typography = typography;
  if (corners) result.corners = corners;
  return result;
}
