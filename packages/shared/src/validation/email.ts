import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages';

/** Something that looks like name@host.tld with no spaces (spec §5 Sign in). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required e-mail field with the sign-in messages: 'Email is required', then the format rule. */
export const emailFieldSchema = z
  .string()
  .trim()
  .min(1, { message: VALIDATION_MESSAGES.emailRequired, abort: true })
  .regex(EMAIL_PATTERN, { message: VALIDATION_MESSAGES.emailInvalid, abort: true });
