/**
 * The seam between plan and generate. A Designer turns the content model and the planned site into
 * design tokens and per-section choices. planSite applies the offline design; a Designer given with
 * the pipeline's input (its one way in) runs after it, in the plan stage, through designSite: its
 * answer is checked (the DesignResult schema, then `checkDesign`: only known sections, only known
 * variants, contrast that passes) and the offline design is kept when it fails.
 */
import { designResultSchema } from '../contract/site-model';
import type { DesignResult, SectionVariant, SiteModel, SitePlan } from '../model';
import { contrast, parseColor } from '../lib/color';

/** Designs the look of a rebuild from its content: one asynchronous method. */
export interface Designer {
  name: string;
  design(model: SiteModel, plan: SitePlan): Promise<DesignResult>;
}

const VARIANTS: readonly SectionVariant[] = [
  'hero',
  'prose',
  'gallery',
  'table',
  'contact',
  'cards',
  'doc',
  'accordion',
];

/** Why a design result cannot be used, or undefined when it can. */
export function checkDesign(result: DesignResult, plan: SitePlan): string | undefined {
  const keys = new Set(
    plan.pages.flatMap((page) => page.sections.map((section) => `${page.route}#${section.id}`)),
  );
  for (const [key, override] of Object.entries(result.sections)) {
    if (!keys.has(key)) return `unknown section ${key}`;
    if (!VARIANTS.includes(override.variant))
      return `unknown variant ${override.variant} for ${key}`;
  }
  const c = result.tokens.colors;
  const pairs: [string, string, string][] = [
    ['text', c.text, c.background],
    ['text on surface', c.text, c.surface],
    ['muted', c.muted, c.background],
    ['muted on surface', c.muted, c.surface],
    ['link', c.link, c.background],
    ['link on surface', c.link, c.surface],
    ['on primary', c.onPrimary, c.primary],
    ['on accent', c.onAccent, c.accent],
    ...(c.heading === undefined
      ? []
      : ([
          ['heading', c.heading, c.background],
          ['heading on surface', c.heading, c.surface],
        ] as [string, string, string][])),
    ...(c.term === undefined
      ? []
      : ([
          ['term', c.term, c.background],
          ['term on surface', c.term, c.surface],
        ] as [string, string, string][])),
  ];
  for (const [name, fg, bg] of pairs) {
    const a = parseColor(fg);
    const b = parseColor(bg);
    if (!a || !b) return `${name}: not a colour`;
    if (contrast(a, b) < 4.5) return `${name}: contrast ${contrast(a, b).toFixed(2)} is below 4.5`;
  }
  for (const font of Object.values(result.tokens.fonts)) {
    if (/url\(|@import|https?:/i.test(font)) return 'fonts must be system or self-hosted';
  }
  return undefined;
}

/** Why an answer is not a DesignResult: its first problem and where. */
function notADesign(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.map(String).join('.')}` : '';
  return `not a design result (${issue?.message ?? 'not valid'}${where})`;
}

/** Applies a design result to a plan: tokens and section variants. */
export function applyDesign(plan: SitePlan, result: DesignResult, designer: string): SitePlan {
  return {
    ...plan,
    designer,
    design: result,
    pages: plan.pages.map((page) => ({
      ...page,
      sections: page.sections.map((section) => {
        const override = result.sections[`${page.route}#${section.id}`];
        return override ? { ...section, variant: override.variant } : section;
      }),
    })),
  };
}

/**
 * Runs a Designer over a plan made by planSite and keeps its result only when it is a DesignResult
 * (schema) and passes checkDesign; otherwise the plan's own (offline) design stays and a diagnostic
 * says why.
 */
export async function designSite(
  model: SiteModel,
  plan: SitePlan,
  designer: Designer,
): Promise<SitePlan> {
  try {
    const answer: unknown = await designer.design(model, plan);
    const parsed = designResultSchema.safeParse(answer);
    // The answer itself, not the parse result (which would drop keys and reorder them).
    const result = answer as DesignResult;
    const problem = parsed.success ? checkDesign(result, plan) : notADesign(parsed.error);
    if (!problem) return applyDesign(plan, result, designer.name);
    return {
      ...plan,
      diagnostics: [
        ...plan.diagnostics,
        {
          level: 'warning',
          code: 'ENGINE_PLAN_DESIGN_REJECTED',
          message: `Designer ${designer.name}: ${problem}; the offline design was kept.`,
        },
      ],
    };
  } catch (error) {
    return {
      ...plan,
      diagnostics: [
        ...plan.diagnostics,
        {
          level: 'warning',
          code: 'ENGINE_PLAN_DESIGN_FAILED',
          message: `Designer ${designer.name} failed (${error instanceof Error ? error.message : String(error)}); the offline design was kept.`,
        },
      ],
    };
  }
}
