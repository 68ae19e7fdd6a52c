/**
 * Fidelity of a rebuild (issue 12, decision record 022): per route Design2Code's block, text, position
 * and colour scores (full page, 1440 px) and the height-weighted section similarity of the first
 * screen at 1440 and 375 px; overall the mean over routes; the identity checks of the start page; the
 * "never worse" checks over every route (issue 23); and crops of both sides of the site's three
 * least similar sections for the report.
 */
import type { SiteIdentity } from '../../../model';
import { toRouteSlug } from '../text-coverage';
import type {
  CapturedPage,
  Fidelity,
  FidelityScores,
  IdentityCheck,
  PageLayouts,
} from '../../../measure/fidelity';
import { toBlockScores } from './design2code-scores';
import { checkIdentity } from './identity-checks';
import { checkNeverWorse, type NeverWorseRoute } from './never-worse-checks';
import { measureTextOverPictures } from './text-contrast';
import {
  cropBand,
  toScaledImage,
  toViewportSimilarity,
  type SectionScore,
} from './section-similarity';

/** What {@link measureFidelity} compares. */
export interface FidelityInput {
  /** Routes in the report's order; the first is the start page. */
  routes: { route: string; original?: CapturedPage; rebuilt?: CapturedPage }[];
  /** The original's identity (the model's); without it there are no identity checks. */
  identity?: SiteIdentity;
}

/**
 * Height-weighted section similarity a STYLE_MODERNIZATION rebuild should reach (decision records
 * 022 and 028): the corpus originals rendered again scored 0.97–1.00, re-rendered with other fonts
 * and/or moved down 40 px 0.61–0.99, the rebuilds of issue 12 0.24–0.52.
 */
export const VISUAL_SIMILARITY_THRESHOLD = 0.6;

/** Sections listed per route, and crops made for the whole site. */
const WORST_PER_ROUTE = 3;
const CROPPED_SECTIONS = 3;
/** A section at least this similar is not worth a crop. */
const CROP_BELOW = 0.99;

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

interface RouteSections {
  route: string;
  viewport: 'desktop' | 'mobile';
  sections: SectionScore[];
}

async function toVisual(
  original: CapturedPage,
  rebuilt: CapturedPage,
  layouts: { original: PageLayouts; rebuilt: PageLayouts },
): Promise<{ score: number; viewports: Omit<RouteSections, 'route'>[] }> {
  const viewports: Omit<RouteSections, 'route'>[] = [];
  for (const viewport of ['desktop', 'mobile'] as const) {
    const [before, after] = await Promise.all([
      toScaledImage(original[viewport]),
      toScaledImage(rebuilt[viewport]),
    ]);
    const similarity = toViewportSimilarity(
      { image: before, sections: layouts.original[viewport].sections },
      { image: after, sections: layouts.rebuilt[viewport].sections },
    );
    viewports.push({ viewport, sections: similarity.sections });
  }
  const scores = viewports.map(({ sections }) => {
    const height = sections.reduce((sum, section) => sum + section.original.height, 0);
    return height === 0
      ? 0
      : sections.reduce((sum, section) => sum + section.original.height * section.score, 0) /
          height;
  });
  return { score: mean(scores), viewports };
}

/**
 * Measures how closely the rebuild resembles the original. Routes without both sides' layouts are
 * left out; undefined when no route could be compared. `crops` are PNGs named as the worst sections'
 * `crops` say, for the report's screenshots.
 */
export async function measureFidelity(
  input: FidelityInput,
): Promise<{ fidelity?: Fidelity; crops: Record<string, Uint8Array> }> {
  const routes: Fidelity['routes'] = [];
  const allSections: (RouteSections & { original: CapturedPage; rebuilt: CapturedPage })[] = [];
  for (const { route, original, rebuilt } of input.routes) {
    if (original?.layout === undefined || rebuilt?.layout === undefined) continue;
    const layouts = { original: original.layout, rebuilt: rebuilt.layout };
    const blocks = toBlockScores(layouts.original.desktop, layouts.rebuilt.desktop);
    const visual = await toVisual(original, rebuilt, layouts);
    const worst = visual.viewports
      .flatMap(({ viewport, sections }) => sections.map((section) => ({ viewport, section })))
      .sort((a, b) => a.section.score - b.section.score)
      .slice(0, WORST_PER_ROUTE);
    routes.push({
      route,
      ...blocks,
      visual: visual.score,
      worstSections: worst.map(({ viewport, section }) => ({
        selector: section.selector,
        score: section.score,
        viewport,
      })),
    });
    for (const viewport of visual.viewports)
      allSections.push({ route, ...viewport, original, rebuilt });
  }
  if (routes.length === 0) return { crops: {} };

  // Crops of the site's least similar sections, both sides, named in their route's list.
  const crops: Record<string, Uint8Array> = {};
  const candidates = allSections
    .flatMap((entry) => entry.sections.map((section) => ({ entry, section })))
    .filter(({ section }) => section.score < CROP_BELOW)
    .sort((a, b) => a.section.score - b.section.score)
    .slice(0, CROPPED_SECTIONS);
  for (const [index, { entry, section }] of candidates.entries()) {
    // Page screenshots end in -desktop.png or -mobile.png: a crop's name never collides with one.
    const name = `${toRouteSlug(entry.route)}-${entry.viewport}-section-${index + 1}.png`;
    const names = { before: `before/${name}`, after: `after/${name}` };
    crops[names.before] = await cropBand(entry.original[entry.viewport], section.original);
    crops[names.after] = await cropBand(
      entry.rebuilt[entry.viewport],
      section.rebuilt.height > 0 ? section.rebuilt : section.original,
    );
    const listed = routes
      .find((route) => route.route === entry.route)
      ?.worstSections.find(
        (worst) =>
          worst.viewport === entry.viewport &&
          worst.selector === section.selector &&
          worst.score === section.score &&
          worst.crops === undefined,
      );
    if (listed !== undefined) listed.crops = names;
  }

  const start = input.routes[0];
  const identity: IdentityCheck[] =
    input.identity !== undefined && start?.rebuilt?.layout !== undefined
      ? checkIdentity(input.identity, start.rebuilt.layout.desktop, start.original?.layout?.desktop)
      : [];
  const neverWorseRoutes: NeverWorseRoute[] = [];
  for (const { route, original, rebuilt } of input.routes) {
    if (rebuilt?.layout === undefined) continue;
    const page = rebuilt.layout.desktop;
    const textOverPictures = await measureTextOverPictures(rebuilt.desktop, page).catch(
      () => undefined,
    );
    neverWorseRoutes.push({
      route,
      rebuilt: page,
      ...(original?.layout === undefined ? {} : { original: original.layout.desktop }),
      ...(textOverPictures === undefined ? {} : { textOverPictures }),
    });
  }
  // The start page leads: its checks (menu, logo, first screen) read the first route.
  const neverWorse =
    start?.rebuilt?.layout === undefined ? [] : checkNeverWorse(input.identity, neverWorseRoutes);
  const overall: FidelityScores = {
    block: mean(routes.map((route) => route.block)),
    text: mean(routes.map((route) => route.text)),
    position: mean(routes.map((route) => route.position)),
    color: mean(routes.map((route) => route.color)),
    visual: mean(routes.map((route) => route.visual)),
  };
  return { fidelity: { overall, routes, identity, neverWorse }, crops };
}
