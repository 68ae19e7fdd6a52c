import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages';
import { hasNoNulCharacter } from './text';

/** Longest full name or company name we keep. */
export const PROFILE_NAME_MAX_LENGTH = 100;
/** Longest avatar URL we keep. */
export const AVATAR_URL_MAX_LENGTH = 2048;

function toNullable(value: string): string | null {
  return value === '' ? null : value;
}

/** A trimmed optional text field without NUL characters: '' (or only blanks) becomes null (spec §5 Profile edit). */
function optionalTrimmedText(max: number, maxMessage: string) {
  return z
    .string()
    .trim()
    .max(max, maxMessage)
    .refine(hasNoNulCharacter, VALIDATION_MESSAGES.nulCharacter)
    .transform(toNullable);
}

/** Full name: trimmed, at most 100 characters, empty → null. */
export const fullNameFieldSchema = optionalTrimmedText(
  PROFILE_NAME_MAX_LENGTH,
  VALIDATION_MESSAGES.fullNameMax,
);

/** Company name: trimmed, at most 100 characters, empty → null. */
export const companyNameFieldSchema = optionalTrimmedText(
  PROFILE_NAME_MAX_LENGTH,
  VALIDATION_MESSAGES.companyNameMax,
);

/** Avatar URL: trimmed, an http(s) URL of at most 2048 characters, empty → null. */
export const avatarUrlFieldSchema = z
  .string()
  .trim()
  .max(AVATAR_URL_MAX_LENGTH, VALIDATION_MESSAGES.avatarUrlMax)
  .refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, VALIDATION_MESSAGES.avatarUrlInvalid)
  .refine(hasNoNulCharacter, VALIDATION_MESSAGES.nulCharacter)
  .transform(toNullable);

/**
 * The Edit Profile form (spec §5 Profile edit): full name, company name and avatar URL, trimmed,
 * empty → null; the avatar must be an http(s) URL.
 */
export const profileUpdateSchema = z.object({
  full_name: fullNameFieldSchema,
  company_name: companyNameFieldSchema,
  avatar_url: avatarUrlFieldSchema,
});

/** What the profile form holds (strings). */
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
/** What is stored (trimmed, empty → null). */
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
