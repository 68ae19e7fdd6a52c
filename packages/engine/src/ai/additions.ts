/**
 * What the site lacks (issue 25, tasks `describe` and `alt`): a model writes a page's meta
 * description where the original page had none (in place of extract's fallback, the page's first
 * paragraph), and the alt text of a content picture whose
 * original alt was missing or empty — nothing else, and never over the site's own words. Every
 * string passes the guards (guards.ts) or is dropped with a note; each one kept is listed in the
 * plan's `aiWritten` (the report's `ai.written`). Runs in the plan stage, after the design, only
 * when the run's `additions` is on.
 *
 * JSON-LD is not written here: generate builds it offline from the extracted contact details.
 */
import { z } from 'zod';
import type { AiWrittenString, ImageRef, SiteModel, SitePlan } from '../model';
import { guardWritten } from './guards';
import { imageSize, toModelImage } from './images';
import type { RawSite } from '../types';
import type { AiClient } from './types';

/** Pages and pictures a run asks about at most (the budget bounds it too). */
const MAX_PAGES = 30;
const MAX_IMAGES = 40;
/** Pictures smaller than this (either side, px) are icons, bullets, spacers: decoration. */
const MIN_CONTENT_SIDE = 64;
/** The page's words a description is written from (characters). */
const PAGE_TEXT_CHARS = 4_000;

const descriptionSchema = z.object({
  description: z.string().describe('The meta description: one or two plain sentences.'),
});
const altSchema = z.object({
  alt: z.string().describe('The alt text: what the picture shows, in a few words.'),
  decorative: z.boolean().describe('True when the picture is decoration and says nothing.'),
});

const DESCRIBE_SYSTEM = [
  'You write the meta description of one web page for search results.',
  'Write 80 to 155 characters of plain text in the language given, describing what the page offers, using only facts from its text.',
  'No markup, no quotes around it, no web or e-mail addresses, no phone numbers, no invented claims.',
  'Answer with JSON: {"description": "..."}.',
].join(' ');

const ALT_SYSTEM = [
  'You write the alt text of one picture on a web page, for people who cannot see it.',
  'Say what the picture shows in at most 120 characters of plain text in the language given; do not start with "Image of" or "Picture of".',
  'No markup, no addresses. If the picture is pure decoration (a pattern, a divider, a spacer), set decorative to true.',
  'Answer with JSON: {"alt": "...", "decorative": false}.',
].join(' ');

/** Every ImageRef of the page's content (sections and sidebar), not its backdrops. */
function contentImages(page: SitePlan['pages'][number]): ImageRef[] {
  const found: ImageRef[] = [];
  const visit = (value: unknown, key: string): void => {
    if (key === 'backdrop' || key === 'background' || key === 'backgrounds') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, '');
      return;
    }
    if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return;
    const record = value as Record<string, unknown>;
    if (typeof record.src === 'string' && typeof record.alt === 'string') {
      found.push(value as ImageRef);
      return;
    }
    for (const [name, child] of Object.entries(record)) visit(child, name);
  };
  visit(page.sections, 'sections');
  if (page.aside !== undefined) visit(page.aside.blocks, 'blocks');
  return found;
}

/**
 * Whether a page's HTML has a meta description of its own (`description` or `og:description` with
 * words in it). Extract falls back to the page's first paragraph when it has none; that fallback
 * is what a model's description replaces.
 */
export function hasOwnMetaDescription(html: string): boolean {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    if (!/\b(?:name|property)\s*=\s*["']?\s*(?:og:)?description\b/i.test(tag)) continue;
    const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    if ((content?.[1] ?? content?.[2] ?? content?.[3] ?? '').trim() !== '') return true;
  }
  return false;
}

/** Text the model reads a page by: its title and its words. */
function pageText(page: SitePlan['pages'][number]): string {
  return page.textBlocks.join('\n').slice(0, PAGE_TEXT_CHARS);
}

/**
 * Writes what the site lacks into a copy of the plan (descriptions, alt texts), with the list of
 * what was written in `aiWritten`. Every failure leaves the plan's own value and adds a note.
 */
export async function writeMissing(
  raw: RawSite,
  model: SiteModel,
  plan: SitePlan,
  ai: AiClient,
): Promise<SitePlan> {
  if (!ai.config.additions) return plan;
  const written: AiWrittenString[] = [];
  // A page's own description: its meta description (a page not in the raw site counts as having one).
  const described = new Map(raw.pages.map((page) => [page.url, hasOwnMetaDescription(page.html)]));
  const pages = plan.pages.map((page) => ({ ...page }));
  let dropped = 0;

  if (ai.allows('describe')) {
    const needing = pages.filter((page) => described.get(page.url) === false).slice(0, MAX_PAGES);
    await Promise.all(
      needing.map(async (page) => {
        const text = pageText(page);
        if (text.trim().length < 40) return; // too few words to describe
        const result = await ai.call({
          task: 'describe',
          schema: descriptionSchema,
          system: DESCRIBE_SYSTEM,
          prompt: `Language: ${page.language || model.identity.language || 'en'}\nSite: ${model.identity.name}\nPage title: ${page.title}\nPage text:\n${text}`,
          maxOutputTokens: 200,
        });
        if (!result.ok) return;
        const guarded = guardWritten(result.value.description, 'description', page.language);
        if (!guarded.ok) {
          dropped += 1;
          ai.note(`The description written for ${page.route} was dropped: it ${guarded.reason}.`);
          return;
        }
        page.description = guarded.text;
        written.push({ route: page.route, field: 'description', text: guarded.text });
      }),
    );
  }

  if (ai.allows('alt')) {
    // The plan's pictures point at their self-hosted copy (`/images/…`), the asset's path.
    const bytes = new Map(plan.assets.map((asset) => [`/${asset.path}`, asset]));
    const logos = new Set([
      plan.identity.logo?.src,
      plan.identity.logoPath && `/${plan.identity.logoPath}`,
    ]);
    // One question per picture (by its file), asked for the first page that shows it without alt.
    const pictures = new Map<string, { page: (typeof pages)[number]; refs: ImageRef[] }>();
    for (const page of pages) {
      page.sections = structuredClone(page.sections);
      if (page.aside !== undefined) page.aside = structuredClone(page.aside);
      for (const ref of contentImages(page)) {
        if (ref.alt.trim() !== '' || logos.has(ref.src) || !bytes.has(ref.src)) continue;
        const entry = pictures.get(ref.src);
        if (entry === undefined) pictures.set(ref.src, { page, refs: [ref] });
        else entry.refs.push(ref);
      }
    }
    const asked = [...pictures.entries()].slice(0, MAX_IMAGES);
    await Promise.all(
      asked.map(async ([path, { page, refs }]) => {
        const asset = bytes.get(path);
        if (asset === undefined || asset.contentType === 'image/svg+xml') return;
        const size =
          asset.width !== undefined && asset.height !== undefined
            ? { width: asset.width, height: asset.height }
            : await imageSize(asset.body);
        if (size === undefined || size.width < MIN_CONTENT_SIDE || size.height < MIN_CONTENT_SIDE)
          return;
        const image = await toModelImage(asset.body, { maxWidth: 512, maxHeight: 512 });
        if (image === undefined) return;
        const caption =
          refs.find((ref) => ref.href !== undefined)?.href === undefined
            ? ''
            : ' (the picture is a link)';
        const result = await ai.call({
          task: 'alt',
          schema: altSchema,
          system: ALT_SYSTEM,
          prompt: `Language: ${page.language || model.identity.language || 'en'}\nPage title: ${page.title}${caption}`,
          images: [image],
          maxOutputTokens: 120,
        });
        if (!result.ok || result.value.decorative) return;
        const guarded = guardWritten(result.value.alt, 'alt', page.language);
        if (!guarded.ok) {
          dropped += 1;
          ai.note(`The alt text written for ${path} was dropped: it ${guarded.reason}.`);
          return;
        }
        for (const ref of refs) ref.alt = guarded.text;
        written.push({ route: page.route, field: 'alt', target: path, text: guarded.text });
      }),
    );
  }

  if (written.length === 0 && dropped === 0) return plan;
  // Stable order for the report: by route, then field, then target.
  written.sort(
    (a, b) =>
      a.route.localeCompare(b.route) ||
      a.field.localeCompare(b.field) ||
      (a.target ?? '').localeCompare(b.target ?? ''),
  );
  return { ...plan, pages, ...(written.length > 0 ? { aiWritten: written } : {}) };
}
