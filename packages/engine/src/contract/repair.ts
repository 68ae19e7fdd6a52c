/**
 * The repair stage's contract (issue 25): the patches the model proposed, kept or rejected, and —
 * when one was kept — the repaired plan, project and verify report that package delivers instead
 * of optimize's, generate's and verify's. Without a model the stage passes everything through:
 * `{ patches: [], crops: {} }`.
 */
import { aiReportSchema } from '@sitelift/shared/schemas/ai';
import { z } from 'zod';
import { fileTreeSchema, verifyReportSchema } from './project';
import { bytesSchema } from './raw-site';
import { sitePlanSchema } from './site-model';

export const repairOutputSchema = z.object({
  patches: aiReportSchema.shape.patches,
  /** The patches' crops (`ai/patch-<n>-original.webp`…), added to the report's screenshots. */
  crops: z.record(z.string(), bytesSchema),
  repaired: z
    .object({ plan: sitePlanSchema, generate: fileTreeSchema, verify: verifyReportSchema })
    .optional(),
});
export type RepairOutput = z.infer<typeof repairOutputSchema>;
