import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages';
import { SIGN_IN_PASSWORD_MIN_LENGTH } from './sign-in';
import { whenStrings } from './when-fields';

/**
 * The Change Password modal (spec §5 Change password): the new passwords must match, then be at least
 * 6 characters. The modal also keeps its submit disabled while any field is empty
 * ({@link isChangePasswordComplete}).
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
      if (values.newPassword.length < SIGN_IN_PASSWORD_MIN_LENGTH) {
        ctx.addIssue({
          code: 'custom',
          path: ['newPassword'],
          message: VALIDATION_MESSAGES.newPasswordMin6,
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
