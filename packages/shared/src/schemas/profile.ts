import { z } from 'zod';

/** Longest full name or company name a profile accepts. */
export const PROFILE_NAME_MAX_LENGTH = 100;
/** Longest avatar URL a profile accepts. */
export const AVATAR_URL_MAX_LENGTH = 2048;

/** The `users` profile of the specification (§3), as GET/PATCH /api/me/profile return it. */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  company_name: z.string().nullable(),
  created_at: z.string(),
  email_verified: z.boolean(),
});
/** A user's profile. */
export type Profile = z.infer<typeof profileSchema>;

/** Trims a string and stores an empty one as null (spec §5 Profile edit). */
const toTrimmedOrNull = (value: string | null): string | null => {
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** True when `value` parses as an absolute http: or https: URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const nameField = (label: string) =>
  z
    .string({ error: `${label} must be a string` })
    .nullable()
    .transform(toTrimmedOrNull)
    .refine((value) => value === null || value.length <= PROFILE_NAME_MAX_LENGTH, {
      message: `${label} must be at most ${PROFILE_NAME_MAX_LENGTH} characters`,
    });

/**
 * Body of PATCH /api/me/profile: every field optional, trimmed, empty → null; unknown fields refused.
 * The parsed output holds the values to store.
 */
export const profileUpdateSchema = z.strictObject({
  full_name: nameField('Full name').optional(),
  company_name: nameField('Company name').optional(),
  avatar_url: z
    .string({ error: 'Avatar URL must be a string' })
    .nullable()
    .transform(toTrimmedOrNull)
    .refine((value) => value === null || value.length <= AVATAR_URL_MAX_LENGTH, {
      message: `Avatar URL must be at most ${AVATAR_URL_MAX_LENGTH} characters`,
    })
    .refine((value) => value === null || isHttpUrl(value), {
      message: 'Avatar URL must be a valid http(s) URL',
    })
    .optional(),
});
/** What a client may send to PATCH /api/me/profile. */
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
/** The normalised profile changes the server stores. */
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
