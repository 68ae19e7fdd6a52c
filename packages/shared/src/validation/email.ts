import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages';

/** Something that looks like name@host.tld with no spaces (spec §5 Sign in). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required e-mail field with the sign-in messages: 'Email is required', then the format rule. */
export const emailFieldSchema = z
  .string()
  .trim()
  .min(1, VALIDATION_MESSAGES.emailRequired)
  .regex(EMAIL_PATTERN, VALIDATION_MESSAGES.emailInvalid);
