/** Text helpers the stages share: whitespace, slugs, timestamps. */

/** Collapses runs of whitespace to one space and trims. */
export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A URL- and id-safe slug of ASCII letters, digits and dashes (empty when nothing is left). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
}

/**
 * A text with its dates and times of day blanked: a "Last published: 11/24/2026 03:30:16" a script
 * wrote when each page was served makes no two pages' footers differ (years stay: © 2003 is not
 * © 2004).
 */
export function withoutTimestamps(text: string): string {
  return text
    .replace(/\b\d{1,2}:\d{2}(?::\d{2})?\b/g, '#')
    .replace(/\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b/g, '#');
}
