import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const attachResponseSchema = z.looseObject({
  data: z.looseObject({ checkout_url: z.string().nullish() }).nullish(),
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
