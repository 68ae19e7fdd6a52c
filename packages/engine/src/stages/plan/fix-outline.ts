/** The heading outline of a page: one h1, no skipped levels. */
import type { Section } from '../../model';

/**
 * Exactly one h1 per page and no skipped levels: the first heading becomes the h1 when the page has
 * none (or the page title is added as one, visually hidden: the original showed no heading there,
 * issue 12), later h1s become h2s, deeper levels close up.
 */
export function fixOutline(sections: Section[], title: string): Section[] {
  const out = sections.map((section) => ({
    ...section,
    heading: section.heading ? { ...section.heading } : undefined,
  }));
  const headed = out.filter((s) => s.heading);
  const hasH1 = headed.some((s) => s.heading!.level === 1);
  if (!hasH1) {
    const first = headed[0];
    if (first && out.indexOf(first) <= 1 && first.heading!.level <= 3) first.heading!.level = 1;
    else
      out.unshift({
        id: 'page-title',
        heading: { level: 1, inlines: [{ text: title }], visuallyHidden: true },
        blocks: [],
      });
  }
  // Original levels map to new ones through a stack, so siblings stay siblings (h2 h4 h4 -> h2 h3 h3).
  let seenH1 = false;
  const stack: { original: number; level: number }[] = [];
  for (const section of out) {
    if (!section.heading) continue;
    let original = section.heading.level;
    if (original === 1 && seenH1) original = 2;
    while (stack.length > 0 && stack[stack.length - 1]!.original >= original) stack.pop();
    let level = (stack[stack.length - 1]?.level ?? 0) + 1;
    if (level === 1 && seenH1) level = 2;
    if (level === 1) seenH1 = true;
    stack.push({ original, level });
    section.heading.level = level;
  }
  return out.map((section) => {
    const copy: Section = { id: section.id, blocks: section.blocks };
    if (section.heading) copy.heading = section.heading;
    if (section.collapsed) copy.collapsed = true;
    return copy;
  });
}

/** True for a page title that is only a file path ("/frame_left.html"): extract's last resort, never a title to show. */
export function isPathTitle(title: string): boolean {
  const trimmed = title.trim();
  return (
    trimmed === '' ||
    (!/\s/.test(trimmed) &&
      (trimmed.startsWith('/') || /\.(?:s?html?|php|aspx?|jsp)$/i.test(trimmed)))
  );
}
