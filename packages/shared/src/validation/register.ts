import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages';
import { emailFieldSchema } from './email';

/** Minimum password length at registration (spec §9). */
export const REGISTER_PASSWORD_MIN_LENGTH = 8;

/** A new password: required, 8+ characters, with a lowercase letter, an uppercase letter and a digit. */
export const newPasswordFieldSchema = z
  .string()
  .min(1, { message: VALIDATION_MESSAGES.passwordRequired, abort: true })
  .min(REGISTER_PASSWORD_MIN_LENGTH, { message: VALIDATION_MESSAGES.passwordMin8, abort: true })
  .refine(
    (value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value),
    VALIDATION_MESSAGES.passwordComplexity,
  );

/** The Register form (spec §5 Registration); the mismatch message carries the register screen's full stop. */
export const registerSchema = z
  .object({
    email: emailFieldSchema,
    password: newPasswordFieldSchema,
    confirmPassword: z
      .string()
      .min(1, { message: VALIDATION_MESSAGES.confirmPasswordRequired, abort: true }),
  })
  .refine((values) => values.confirmPassword === '' || values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: VALIDATION_MESSAGES.registerPasswordsDoNotMatch,
  });

/** Values of the Register form. */
export type RegisterInput = z.infer<typeof registerSchema>;

/** The reset-password form: the registration password rules plus a matching confirmation. */
export const resetPasswordSchema = z
  .object({
    password: newPasswordFieldSchema,
    confirmPassword: z
      .string()
      .min(1, { message: VALIDATION_MESSAGES.confirmPasswordRequired, abort: true }),
  })
  .refine((values) => values.confirmPassword === '' || values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: VALIDATION_MESSAGES.passwordsDoNotMatch,
  });

/** Values of the reset-password form. */
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
