import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages';
import { emailFieldSchema } from './email';
import { whenStrings } from './when-fields';

/** Minimum password length at registration (spec §9). */
export const REGISTER_PASSWORD_MIN_LENGTH = 8;

/** A new password: required, 8+ characters, with a lowercase letter, an uppercase letter and a digit. */
export const newPasswordFieldSchema = z
  .string()
  .min(1, VALIDATION_MESSAGES.passwordRequired)
  .min(REGISTER_PASSWORD_MIN_LENGTH, VALIDATION_MESSAGES.passwordMin8)
  .refine(
    (value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value),
    VALIDATION_MESSAGES.passwordComplexity,
  );

/** The Register form (spec §5 Registration); the mismatch message carries the register screen's full stop. */
export const registerSchema = z
  .object({
    email: emailFieldSchema,
    password: newPasswordFieldSchema,
    confirmPassword: z.string().min(1, VALIDATION_MESSAGES.confirmPasswordRequired),
  })
  .refine((values) => values.confirmPassword === '' || values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: VALIDATION_MESSAGES.registerPasswordsDoNotMatch,
    when: whenStrings('password', 'confirmPassword'),
  });

/** Values of the Register form. */
export type RegisterInput = z.infer<typeof registerSchema>;

/** The reset-password form: the registration password rules plus a matching confirmation. */
export const resetPasswordSchema = z
  .object({
    password: newPasswordFieldSchema,
    confirmPassword: z.string().min(1, VALIDATION_MESSAGES.confirmPasswordRequired),
  })
  .refine((values) => values.confirmPassword === '' || values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: VALIDATION_MESSAGES.passwordsDoNotMatch,
    when: whenStrings('password', 'confirmPassword'),
  });

/** Values of the reset-password form. */
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
