import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages';
import { PROJECT_NAME_MIN_LENGTH } from './create-project';
import { hasNoNulCharacter } from './text';

/** The Edit Project form (spec §2 Edit project): the name keeps the create rules, description optional. */
export const editProjectFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, VALIDATION_MESSAGES.projectNameRequired)
    .min(PROJECT_NAME_MIN_LENGTH, VALIDATION_MESSAGES.projectNameMin3)
    .max(100, VALIDATION_MESSAGES.projectNameMax)
    .refine(hasNoNulCharacter, VALIDATION_MESSAGES.nulCharacter),
  description: z
    .string()
    .trim()
    .max(1000, VALIDATION_MESSAGES.descriptionMax)
    .refine(hasNoNulCharacter, VALIDATION_MESSAGES.nulCharacter),
});

/** Values of the Edit Project form. */
export type EditProjectFormInput = z.infer<typeof editProjectFormSchema>;
