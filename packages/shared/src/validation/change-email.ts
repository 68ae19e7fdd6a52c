import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages';
import { emailFieldSchema } from './email';

/** The Change Email modal (spec §5 Change email): required, trimmed, and different from `currentEmail`. */
export function buildChangeEmailSchema(currentEmail: string) {
  return z.object({
    newEmail: emailFieldSchema.refine(
      (value) => value.toLowerCase() !== currentEmail.trim().toLowerCase(),
      VALIDATION_MESSAGES.newEmailMustDiffer,
    ),
  });
}

/** Values of the Change Email modal. */
export type ChangeEmailInput = z.infer<ReturnType<typeof buildChangeEmailSchema>>;

/** True when the modal may submit: something other than blanks, and not the current address. */
export function canSubmitNewEmail(newEmail: string, currentEmail: string): boolean {
  const trimmed = newEmail.trim();
  return trimmed !== '' && trimmed.toLowerCase() !== currentEmail.trim().toLowerCase();
}
