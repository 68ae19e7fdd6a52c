/**
 * A Designer that asks the run's model (issue 25, task `design`): it sees the original's home
 * screenshot and the offline design (colours, corners, header, each section's variant with its
 * heading and contents) and answers with the colours, corners, header and section variants it
 * would change. Its answer is merged over the offline design — typography, backgrounds and chrome
 * stay the offline designer's — and designSite checks the result with checkDesign, keeping the
 * offline design when it fails. A failed call throws (designSite keeps the offline design then).
 */
import { z } from 'zod';
import type { Designer } from '../design/designer';
import type { Block, DesignResult, SiteModel, SitePlan } from '../model';
import { sectionVariantSchema } from '../contract/site-model';
import { toModelImage } from './images';
import type { AiClient } from './types';

/** Sections described to the model at most (the rest keep the offline variant). */
const MAX_SECTIONS = 60;
const MAX_PAGES = 12;

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb');

/** What the model answers: the parts of a DesignResult it may choose. */
export const aiDesignAnswerSchema = z.object({
  colors: z.object({
    primary: hex,
    onPrimary: hex,
    accent: hex,
    onAccent: hex,
    background: hex,
    surface: hex,
    text: hex,
    muted: hex,
    border: hex,
    link: hex,
  }),
  radius: z.enum(['none', 'small', 'large']),
  header: z.enum(['light', 'brand']),
  sections: z.array(z.object({ key: z.string(), variant: sectionVariantSchema })),
});
export type AiDesignAnswer = z.infer<typeof aiDesignAnswerSchema>;

const SYSTEM = [
  'You are the designer of a modern rebuild of an old website. You keep its identity: its brand colours, its tone, its content.',
  'You get a screenshot of the original home page and the offline design: colours, corners, header style and, per section (key route#id), the variant chosen with the section heading and what it holds.',
  'Answer with the full colour set (each #rrggbb; text on background, muted on background, link on background and surface, onPrimary on primary and onAccent on accent must each reach a WCAG contrast of 4.5),',
  'the corner size, the header style, and only the sections whose variant you would change (use the keys given, never new ones).',
  'Variants: hero (first view), prose (running text), gallery (pictures), table, contact (address, phone, form), cards (repeated items), doc (long document), accordion (questions and answers).',
].join(' ');

/** What a section holds, in a few words (`3 paragraphs, 2 images, list`). */
function contents(blocks: Block[]): string {
  const counts = new Map<string, number>();
  for (const block of blocks) counts.set(block.kind, (counts.get(block.kind) ?? 0) + 1);
  return [...counts].map(([kind, count]) => `${count} ${kind}`).join(', ');
}

function headingText(section: SitePlan['pages'][number]['sections'][number]): string {
  return (section.heading?.inlines ?? [])
    .map((run) => run.text)
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
}

/** The prompt: the offline design and the sections, as lines. */
export function designPrompt(model: SiteModel, plan: SitePlan): string {
  const { tokens } = plan.design;
  const lines = [
    `Site: ${model.identity.name} (${model.identity.language || 'unknown language'})`,
    `Offline colours: ${JSON.stringify(tokens.colors)}`,
    `Offline corners: ${tokens.radius}; header: ${tokens.header}`,
    'Sections (key: variant | heading | contents):',
  ];
  let count = 0;
  for (const page of plan.pages.slice(0, MAX_PAGES)) {
    for (const section of page.sections) {
      if (count >= MAX_SECTIONS) break;
      count += 1;
      lines.push(
        `${page.route}#${section.id}: ${section.variant} | ${headingText(section) || '-'} | ${contents(section.blocks) || 'empty'}`,
      );
    }
  }
  return lines.join('\n');
}

/** The answer merged over the offline design (what designSite then checks). */
export function mergeDesign(plan: SitePlan, answer: AiDesignAnswer): DesignResult {
  const offline = plan.design;
  const sections = { ...offline.sections };
  for (const { key, variant } of answer.sections) sections[key] = { variant };
  return {
    tokens: {
      ...offline.tokens,
      colors: { ...offline.tokens.colors, ...answer.colors },
      radius: answer.radius,
      header: answer.header,
    },
    sections,
  };
}

/** A Designer backed by the run's model; `screenshot`: the original home page (PNG), if taken. */
export function createAiDesigner(ai: AiClient, screenshot?: Uint8Array): Designer {
  return {
    name: `ai:${ai.provider}/${ai.model}`,
    async design(model: SiteModel, plan: SitePlan): Promise<DesignResult> {
      const image =
        screenshot === undefined
          ? undefined
          : await toModelImage(screenshot, { maxWidth: 1024, maxHeight: 1600, top: true });
      const result = await ai.call({
        task: 'design',
        schema: aiDesignAnswerSchema,
        system: SYSTEM,
        prompt: designPrompt(model, plan),
        ...(image === undefined ? {} : { images: [image] }),
        maxOutputTokens: 2_000,
      });
      if (!result.ok) throw new Error(`the model gave no design (${result.reason})`);
      return mergeDesign(plan, result.value);
    },
  };
}
