/**
 * What the repair loop lets a model change in a SitePlan (issue 25, decision record 058): a typed
 * patch, one knob at a time, among those generate honours — a section's variant, its alignment, the
 * columns of its items, its place on the page, the site's spacing and colours, a picture or block
 * shown twice, the menu bar's style. No patch carries words: every field is an id, an enum, a number
 * or a hex colour, so no patch can add or change the site's text. applyPatch is pure; a patch naming
 * a route, section or block that does not exist, or one that changes nothing, is refused with the
 * reason and never applied.
 */
import { z } from 'zod';
import { checkDesign } from '../../design/designer';
import type { Block, PlannedPage, SectionVariant, SitePlan } from '../../model';

/** The variants a patch may choose: those a section of any content can take without losing words. */
export const PATCH_VARIANTS = ['prose', 'cards', 'gallery', 'accordion'] as const;

/** The colour tokens a patch may set (others — chrome, backgrounds — stay the design's). */
export const PATCH_COLOR_TOKENS = [
  'primary',
  'onPrimary',
  'accent',
  'onAccent',
  'background',
  'surface',
  'text',
  'muted',
  'link',
] as const;

/** A route of the plan, e.g. `/` or `/about`. */
const route = z
  .string()
  .min(1)
  .max(300)
  .regex(/^\/[^\s<>"'`]*$/u, 'a route starting with /');
/** A section's id in its page (the HTML id), never words. */
const sectionId = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9_-]+$/u, 'a section id: letters, digits, - and _');
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/u, 'a colour as #rrggbb');
/** The model's reason, shown in the report: a sentence, no markup. */
const reason = z
  .string()
  .max(300)
  .regex(/^[^<>]*$/u, 'a sentence without markup');

/** Each colour token a patch may set, or null to leave it as it is. */
const colorsSchema = z.strictObject({
  primary: hex.nullable(),
  onPrimary: hex.nullable(),
  accent: hex.nullable(),
  onAccent: hex.nullable(),
  background: hex.nullable(),
  surface: hex.nullable(),
  text: hex.nullable(),
  muted: hex.nullable(),
  link: hex.nullable(),
}) satisfies z.ZodType<Record<(typeof PATCH_COLOR_TOKENS)[number], string | null>>;

/** A colours patch's `colors` that changes nothing: spread it under the colours to set. */
export const UNCHANGED_COLORS: z.infer<typeof colorsSchema> = {
  primary: null,
  onPrimary: null,
  accent: null,
  onAccent: null,
  background: null,
  surface: null,
  text: null,
  muted: null,
  link: null,
};

/**
 * One patch, as the model answers it: no field the engine does not know (strict). Every field is
 * required (null where it may be left out) and the kinds are an `anyOf`: the shape OpenAI's strict
 * structured outputs and the local servers' JSON-schema decoding take, so a model constrained by it
 * can only answer a patch the engine allows.
 */
export const repairPatchSchema = z.union([
  z.strictObject({
    kind: z.literal('variant'),
    route,
    section: sectionId,
    variant: z.enum(PATCH_VARIANTS),
    reason,
  }),
  z.strictObject({
    kind: z.literal('align'),
    route,
    section: sectionId,
    align: z.enum(['center', 'left']),
    reason,
  }),
  z.strictObject({
    kind: z.literal('columns'),
    route,
    section: sectionId,
    columns: z.number().int().min(1).max(6),
    reason,
  }),
  z.strictObject({
    kind: z.literal('move'),
    route,
    section: sectionId,
    /** The section's new place on its page, 0 first. */
    position: z.number().int().min(0).max(200),
    reason,
  }),
  z.strictObject({
    kind: z.literal('spacing'),
    /** A section's padding above and below, and the gap between its blocks (CSS px at 1440 px). */
    sectionPadding: z.number().int().min(0).max(160).nullable(),
    flowGap: z.number().int().min(0).max(64).nullable(),
    reason,
  }),
  z.strictObject({
    kind: z.literal('colors'),
    colors: colorsSchema,
    reason,
  }),
  z.strictObject({
    kind: z.literal('hide_duplicate'),
    route,
    section: sectionId,
    /** The block's index among the section's blocks: a picture or block the page shows elsewhere too. */
    block: z.number().int().min(0).max(500),
    reason,
  }),
  z.strictObject({
    kind: z.literal('menu_style'),
    /** The header's menu bar: on the page's ground (`light`) or on the brand colour (`brand`). */
    style: z.enum(['light', 'brand']),
    reason,
  }),
]);
export type RepairPatch = z.infer<typeof repairPatchSchema>;
export type RepairPatchKind = RepairPatch['kind'];

/** The model's answer: one patch, or none when it sees nothing to repair. */
export const repairAnswerSchema = z.object({ patch: repairPatchSchema.nullable() });
export type RepairAnswer = z.infer<typeof repairAnswerSchema>;

export type ApplyResult = { ok: true; plan: SitePlan } | { ok: false; reason: string };

/** The routes whose pages a patch changes (every route for site-wide knobs). */
export function affectedRoutes(patch: RepairPatch, plan: SitePlan): string[] {
  return 'route' in patch ? [patch.route] : plan.pages.map((page) => page.route);
}

/** What a patch changes, in words for the report (e.g. `variant of #menu: cards → gallery`). */
export function describePatch(patch: RepairPatch, plan: SitePlan): string {
  const section =
    'section' in patch
      ? plan.pages
          .find((page) => page.route === patch.route)
          ?.sections.find((entry) => entry.id === patch.section)
      : undefined;
  switch (patch.kind) {
    case 'variant':
      return `variant of #${patch.section}: ${section?.variant ?? '?'} → ${patch.variant}`;
    case 'align':
      return `alignment of #${patch.section}: ${patch.align}`;
    case 'columns':
      return `columns of #${patch.section}: ${patch.columns}`;
    case 'move':
      return `#${patch.section} moved to place ${patch.position + 1}`;
    case 'spacing':
      return `spacing: ${[
        patch.sectionPadding === null ? '' : `section padding ${patch.sectionPadding} px`,
        patch.flowGap === null ? '' : `block gap ${patch.flowGap} px`,
      ]
        .filter(Boolean)
        .join(', ')}`;
    case 'colors':
      return `colours: ${setColors(patch)
        .map(([name, value]) => `${name} ${value}`)
        .join(', ')}`;
    case 'hide_duplicate':
      return `block ${patch.block + 1} of #${patch.section} hidden (shown twice)`;
    case 'menu_style':
      return `menu bar: ${patch.style}`;
  }
}

/** The colours a patch sets (those not null), in the tokens' order. */
function setColors(
  patch: Extract<RepairPatch, { kind: 'colors' }>,
): [(typeof PATCH_COLOR_TOKENS)[number], string][] {
  return PATCH_COLOR_TOKENS.flatMap((name) => {
    const value = patch.colors[name];
    return value === null || value === undefined
      ? []
      : [[name, value] as [(typeof PATCH_COLOR_TOKENS)[number], string]];
  });
}

function replacePage(plan: SitePlan, page: PlannedPage): SitePlan {
  return { ...plan, pages: plan.pages.map((entry) => (entry.route === page.route ? page : entry)) };
}

/** A block's words, for telling a copy from a block of its own. */
function blockText(block: Block): string {
  const runs = (inlines: { text: string }[]) => inlines.map((run) => run.text).join('');
  switch (block.kind) {
    case 'paragraph':
    case 'heading':
      return runs(block.inlines);
    case 'list':
      return block.items.map(runs).join('\n');
    case 'pre':
      return block.text;
    default:
      return JSON.stringify(block);
  }
}

/** The picture a block shows, when it is a picture. */
function pictureOf(block: Block): string | undefined {
  return block.kind === 'image' ? block.image.src : undefined;
}

/** Whether the page (or the site's header) shows this block elsewhere too. */
function isShownTwice(plan: SitePlan, page: PlannedPage, block: Block): boolean {
  const picture = pictureOf(block);
  const others = page.sections.flatMap((section) => section.blocks).filter((b) => b !== block);
  if (picture !== undefined) {
    const logo = plan.identity.logoPath;
    if (logo !== undefined && (picture === logo || picture === `/${logo}`)) return true;
    if (page.sections.some((section) => section.backdrop?.image.src === picture)) return true;
    return others.some((other) => pictureOf(other) === picture);
  }
  const text = blockText(block).replace(/\s+/gu, ' ').trim();
  if (text === '') return false;
  return others.some((other) => blockText(other).replace(/\s+/gu, ' ').trim() === text);
}

function withAlign<B extends Block>(block: B, align: 'center' | 'left'): B {
  if (block.kind !== 'paragraph' && block.kind !== 'heading' && block.kind !== 'list') return block;
  const { align: _old, ...rest } = block as B & { align?: 'center' };
  return (align === 'center' ? { ...rest, align: 'center' } : rest) as B;
}

/**
 * Applies one patch to a plan (pure). Refused — nothing applied — when the patch names a route,
 * section or block that does not exist, when its knob does not apply there (columns of a section
 * without items, spacing of a design without a type scale, a block shown once), when its colours
 * fail checkDesign's contrast rule, or when it changes nothing.
 */
export function applyPatch(plan: SitePlan, patch: RepairPatch): ApplyResult {
  if (patch.kind === 'spacing') {
    const typography = plan.design.tokens.typography;
    if (typography === undefined)
      return { ok: false, reason: 'the design has no type scale to space' };
    if (patch.sectionPadding === null && patch.flowGap === null)
      return { ok: false, reason: 'the patch changes nothing' };
    const next = {
      ...typography,
      sectionPadding: patch.sectionPadding ?? typography.sectionPadding,
      flowGap: patch.flowGap ?? typography.flowGap,
    };
    if (next.sectionPadding === typography.sectionPadding && next.flowGap === typography.flowGap)
      return { ok: false, reason: 'the patch changes nothing' };
    return withTokens(plan, { ...plan.design.tokens, typography: next });
  }
  if (patch.kind === 'colors') {
    const entries = setColors(patch);
    if (entries.length === 0) return { ok: false, reason: 'the patch changes nothing' };
    const colors = { ...plan.design.tokens.colors, ...Object.fromEntries(entries) };
    const unchanged = entries.every(
      ([name, value]) => plan.design.tokens.colors[name].toLowerCase() === value.toLowerCase(),
    );
    if (unchanged) return { ok: false, reason: 'the patch changes nothing' };
    const design = { ...plan.design, tokens: { ...plan.design.tokens, colors } };
    // checkDesign's contrast rule, on the tokens alone: a pair the patch makes unreadable refuses it;
    // a pair the offline design already missed (the original's own colours) does not.
    const problem = checkDesign({ ...design, sections: {} }, plan);
    if (problem !== undefined && problem !== checkDesign({ ...plan.design, sections: {} }, plan))
      return { ok: false, reason: `colours refused: ${problem}` };
    return { ok: true, plan: { ...plan, design } };
  }
  if (patch.kind === 'menu_style') {
    if (plan.design.tokens.header === patch.style)
      return { ok: false, reason: 'the patch changes nothing' };
    return withTokens(plan, { ...plan.design.tokens, header: patch.style });
  }

  const page = plan.pages.find((entry) => entry.route === patch.route);
  if (page === undefined) return { ok: false, reason: `no page ${patch.route}` };
  const index = page.sections.findIndex((entry) => entry.id === patch.section);
  const section = page.sections[index];
  if (section === undefined)
    return { ok: false, reason: `no section #${patch.section} on ${patch.route}` };
  const setSection = (next: typeof section): SitePlan =>
    replacePage(plan, {
      ...page,
      sections: page.sections.map((entry, i) => (i === index ? next : entry)),
    });

  switch (patch.kind) {
    case 'variant': {
      if (section.variant === patch.variant)
        return { ok: false, reason: 'the patch changes nothing' };
      const variant: SectionVariant = patch.variant;
      const next = setSection({ ...section, variant });
      const key = `${page.route}#${section.id}`;
      // The design's own record of the section's variant follows (applyDesign reads it).
      const sections =
        key in next.design.sections
          ? { ...next.design.sections, [key]: { variant } }
          : next.design.sections;
      return { ok: true, plan: { ...next, design: { ...next.design, sections } } };
    }
    case 'align': {
      const heading =
        section.heading === undefined
          ? undefined
          : patch.align === 'center'
            ? { ...section.heading, align: 'center' as const }
            : (({ align: _a, ...rest }) => rest)(section.heading);
      const next = {
        ...section,
        ...(heading === undefined ? {} : { heading }),
        blocks: section.blocks.map((block) => withAlign(block, patch.align)),
      };
      if (JSON.stringify(next) === JSON.stringify(section))
        return { ok: false, reason: 'the patch changes nothing' };
      return { ok: true, plan: setSection(next) };
    }
    case 'columns': {
      if (!section.blocks.some((block) => block.kind === 'items'))
        return { ok: false, reason: `#${patch.section} has no items laid out in columns` };
      if (
        section.blocks.every((block) => block.kind !== 'items' || block.columns === patch.columns)
      )
        return { ok: false, reason: 'the patch changes nothing' };
      return {
        ok: true,
        plan: setSection({
          ...section,
          blocks: section.blocks.map((block) =>
            block.kind === 'items' && block.widths === undefined
              ? { ...block, columns: patch.columns }
              : block,
          ),
        }),
      };
    }
    case 'move': {
      const position = Math.min(patch.position, page.sections.length - 1);
      if (position === index) return { ok: false, reason: 'the patch changes nothing' };
      const sections = page.sections.filter((_, i) => i !== index);
      sections.splice(position, 0, section);
      return { ok: true, plan: replacePage(plan, { ...page, sections }) };
    }
    case 'hide_duplicate': {
      const block = section.blocks[patch.block];
      if (block === undefined)
        return { ok: false, reason: `#${patch.section} has no block ${patch.block + 1}` };
      if (!isShownTwice(plan, page, block))
        return { ok: false, reason: `block ${patch.block + 1} of #${patch.section} is shown once` };
      return {
        ok: true,
        plan: setSection({ ...section, blocks: section.blocks.filter((b) => b !== block) }),
      };
    }
  }
}

function withTokens(plan: SitePlan, tokens: SitePlan['design']['tokens']): ApplyResult {
  return { ok: true, plan: { ...plan, design: { ...plan.design, tokens } } };
}
