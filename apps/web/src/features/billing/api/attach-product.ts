import * as z from 'zod/mini';
import { apiRequest } from '../../../lib/api-client';

// zod/mini: this module is part of the landing page's first load.
const attachResponseSchema = z.looseObject({
  data: z.nullish(z.looseObject({ checkout_url: z.nullish(z.string()) })),
});

/** Starts a purchase (`POST /api/billing/attach`); resolves with the checkout URL, if any. */
export async function attachProduct(productId: string): Promise<string | null> {
  const response = await apiRequest('/api/billing/attach', {
    method: 'POST',
    body: { product_id: productId },
    schema: attachResponseSchema,
  });
  return response.data?.checkout_url ?? null;
}
