import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages';
import { emailFieldSchema } from './email';

/** Minimum password length at sign-in and in change-password (spec §9). */
export const SIGN_IN_PASSWORD_MIN_LENGTH = 6;

/** The Sign In form (spec §5 Sign in). */
export const signInSchema = z.object({
  email: emailFieldSchema,
  password: z
    .string()
    .min(1, VALIDATION_MESSAGES.passwordRequired)
    .min(SIGN_IN_PASSWORD_MIN_LENGTH, VALIDATION_MESSAGES.passwordMin6),
});

/** Values of the Sign In form. */
export type SignInInput = z.infer<typeof signInSchema>;

/** The 'Forgot Password?' request form: the sign-in e-mail rules. */
export const requestPasswordResetSchema = z.object({ email: emailFieldSchema });

/** Values of the 'Forgot Password?' request form. */
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetSchema>;
