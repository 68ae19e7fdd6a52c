import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages';
import { newPasswordFieldSchema } from './register';
import { whenStrings } from './when-fields';

/**
 * The Change Password modal (spec §5 Change password): the new passwords must match, then the new one
 * must meet the registration rules (8+ characters, lowercase, uppercase, digit; issue 15 and decision
 * record 025 — the spec's minimum of 6 still applies to signing in with an existing password). The
 * modal also keeps its submit disabled while any field is empty ({@link isChangePasswordComplete}).
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, VALIDATION_MESSAGES.currentPasswordRequired),
    newPassword: z.string().min(1, VALIDATION_MESSAGES.newPasswordRequired),
    confirmNewPassword: z.string().min(1, VALIDATION_MESSAGES.confirmNewPasswordRequired),
  })
  .superRefine(
    (values, ctx) => {
      if (values.newPassword === '' || values.confirmNewPassword === '') return;
      if (values.newPassword !== values.confirmNewPassword) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirmNewPassword'],
          message: VALIDATION_MESSAGES.newPasswordsDoNotMatch,
        });
        return;
      }
      const rule = newPasswordFieldSchema.safeParse(values.newPassword);
      if (!rule.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['newPassword'],
          message: rule.error.issues[0]?.message ?? VALIDATION_MESSAGES.passwordMin8,
        });
      }
    },
    { when: whenStrings('newPassword', 'confirmNewPassword') },
  );

/** Values of the Change Password modal. */
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** True when all three fields of the Change Password modal hold something (its submit is enabled). */
export function isChangePasswordComplete(values: Partial<ChangePasswordInput>): boolean {
  return Boolean(values.currentPassword && values.newPassword && values.confirmNewPassword);
}
