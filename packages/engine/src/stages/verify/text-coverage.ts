/**
 * Text comparison rules of verify, kept pure so they can be tested alone: text is compared after
 * collapsing every run of whitespace (including non-breaking spaces) to one space, case-sensitively,
 * and a block counts as kept when the rendered text contains it. Dates and times of day are blanked
 * on both sides: a "Last published: 11/24/2026 03:30:16" a script wrote when the page was served is
 * no word of the site (each page of ant-site-2004 has its own, the rebuild's footer one of them).
 */
import { withoutTimestamps } from '../../model';

/** Collapses runs of whitespace to one space and trims. */
export function toCollapsedText(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** The result of comparing one route's original text blocks with its rendered text. */
export interface RouteCoverage {
  route: string;
  total: number;
  found: number;
  missing: string[];
}

/** Compares a route's original text blocks with its rendered text (empty blocks are ignored). */
export function measureRouteCoverage(
  route: string,
  textBlocks: string[],
  renderedText: string,
): RouteCoverage {
  const haystack = withoutTimestamps(toCollapsedText(renderedText));
  const blocks = textBlocks.map(toCollapsedText).filter((block) => block.length > 0);
  const missing = blocks.filter((block) => !haystack.includes(withoutTimestamps(block)));
  return { route, total: blocks.length, found: blocks.length - missing.length, missing };
}

/** Share (0..1) of all text blocks found, over every route; 1 when there was no text to keep. */
export function toTextCoverage(routes: RouteCoverage[]): number {
  const total = routes.reduce((sum, route) => sum + route.total, 0);
  const found = routes.reduce((sum, route) => sum + route.found, 0);
  return total === 0 ? 1 : found / total;
}

/** Which required snippets the rendered routes contain; a snippet without a route may be on any route. */
export function checkRequiredSnippets(
  snippets: { route?: string; text: string }[],
  renderedTextByRoute: Map<string, string>,
): { kept: number; total: number; missing: string[] } {
  const collapsed = new Map(
    [...renderedTextByRoute].map(([route, text]) => [route, toCollapsedText(text)]),
  );
  const missing: string[] = [];
  for (const snippet of snippets) {
    const text = toCollapsedText(snippet.text);
    const candidates =
      snippet.route === undefined ? [...collapsed.values()] : [collapsed.get(snippet.route) ?? ''];
    if (!candidates.some((rendered) => rendered.includes(text))) missing.push(snippet.text);
  }
  return { kept: snippets.length - missing.length, total: snippets.length, missing };
}

/** A file-name-safe name for a route: `/` → `index`, `/about/team/` → `about-team`. */
export function toRouteSlug(route: string): string {
  const slug = route
    .split(/[?#]/u)[0]!
    .replace(/^\/+|\/+$/gu, '')
    .replace(/[^A-Za-z0-9._-]+/gu, '-')
    .replace(/^-+|-+$/gu, '');
  return slug === '' ? 'index' : slug;
}
