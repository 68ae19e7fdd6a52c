import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages';
import { hasNoNulCharacter } from './text';

/** Modernization strategies (spec §3), in the order the form offers them. */
export const MODERNIZATION_STRATEGIES = [
  'STYLE_MODERNIZATION',
  'INCREMENTAL_UPDATE',
  'FULL_REBUILD',
] as const;

/** One modernization strategy. */
export type ModernizationStrategy = (typeof MODERNIZATION_STRATEGIES)[number];

/** The strategy a new project starts with (spec §9). */
export const DEFAULT_MODERNIZATION_STRATEGY: ModernizationStrategy = 'INCREMENTAL_UPDATE';

/** Minimum project name length (spec §9). */
export const PROJECT_NAME_MIN_LENGTH = 3;

/** True when `value` parses as an absolute http(s) URL. */
export function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * `example.com/x` → `https://example.com/x` (issue 15: people type bare hosts); an address with a
 * scheme, even a wrong one, is kept as typed so that validation can say what is wrong with it.
 */
export function withDefaultScheme(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '') return trimmed;
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^/:]+:\d+(?:\/|$)/.test(trimmed)
    ? trimmed
    : `https://${trimmed.replace(/^\/\/+/, '')}`;
}

/** What becomes of links to pages that were not rebuilt (issue 24): kept to the original, or removed. */
export const UNBUILT_LINKS_CHOICES = ['keep', 'remove'] as const;

/** One choice of {@link UNBUILT_LINKS_CHOICES}. */
export type UnbuiltLinks = (typeof UNBUILT_LINKS_CHOICES)[number];

/** Most path patterns in each of the include and exclude lists. */
export const MAX_PATH_PATTERNS = 20;

/** A path pattern of the pages to rebuild: a prefix (`/blog/`) or a glob (`/news/*`, `/docs/**`). */
const pathPatternSchema = z
  .string()
  .trim()
  .max(200, VALIDATION_MESSAGES.pathPatternMax)
  .refine((pattern) => pattern.startsWith('/'), VALIDATION_MESSAGES.pathPatternInvalid)
  .refine(hasNoNulCharacter, VALIDATION_MESSAGES.nulCharacter);

const pathPatternsSchema = z
  .array(pathPatternSchema)
  .max(MAX_PATH_PATTERNS, VALIDATION_MESSAGES.pathPatternsMax)
  .default([]);

/** The Create Project form (spec §5 Create project). */
export const createProjectFormSchema = z.object({
  sourceUrl: z
    .string()
    .trim()
    .min(1, VALIDATION_MESSAGES.websiteUrlRequired)
    .refine(isAbsoluteHttpUrl, VALIDATION_MESSAGES.websiteUrlInvalid)
    .refine(hasNoNulCharacter, VALIDATION_MESSAGES.nulCharacter),
  name: z
    .string()
    .trim()
    .min(1, VALIDATION_MESSAGES.projectNameRequired)
    .min(PROJECT_NAME_MIN_LENGTH, VALIDATION_MESSAGES.projectNameMin3)
    .max(100, VALIDATION_MESSAGES.projectNameMax)
    .refine(hasNoNulCharacter, VALIDATION_MESSAGES.nulCharacter),
  description: z
    .string()
    .trim()
    .max(1000, VALIDATION_MESSAGES.descriptionMax)
    .refine(hasNoNulCharacter, VALIDATION_MESSAGES.nulCharacter)
    .optional(),
  modernizationStrategy: z.enum(MODERNIZATION_STRATEGIES).default(DEFAULT_MODERNIZATION_STRATEGY),
  /** Pages to rebuild (issue 24): only those under these paths (empty: every page found). */
  includePaths: pathPatternsSchema,
  /** Pages to leave out. */
  excludePaths: pathPatternsSchema,
  unbuiltLinks: z.enum(UNBUILT_LINKS_CHOICES).default('keep'),
  /** Let the model write what the original lacks (meta descriptions, alt text; issue 25). */
  aiAdditions: z.boolean().default(true),
});

/** Values of the Create Project form. */
export type CreateProjectFormInput = z.infer<typeof createProjectFormSchema>;
