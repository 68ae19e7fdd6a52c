import type { ApiKeyScope } from '@sitelift/shared/schemas/api-keys';
import { creditsResponseSchema } from '@sitelift/shared/schemas/credits';
import type { AiProvider } from '@sitelift/shared/schemas/ai';
import { HttpResponse, http } from 'msw';
import { getSessionUser, mockDb } from '../db';

const unauthenticated = () =>
  HttpResponse.json(
    { error: { code: 'API_UNAUTHENTICATED', message: 'Authentication required' } },
    { status: 401 },
  );

function toAiSettingsJson() {
  const { ai } = mockDb;
  const own = ai.own;
  return {
    own: own
      ? {
          provider: own.provider,
          model: own.model,
          base_url: own.base_url,
          has_key: own.key !== null,
          key_last4: own.key === null ? null : own.key.slice(-4),
          price: null,
          updated_at: own.updated_at,
        }
      : null,
    default: ai.default ? { ...ai.default, price: { input: 0.15, output: 0.6 } } : null,
    usage: { month: '2026-11', tokens: ai.tokens, budget: ai.budget, cost_usd: null },
    job_tokens: 200_000,
  };
}

const aiHandlers = [
  http.get('*/api/me/ai-settings', () => {
    if (!getSessionUser()) return unauthenticated();
    return HttpResponse.json(toAiSettingsJson());
  }),
  http.put('*/api/me/ai-settings', async ({ request }) => {
    if (!getSessionUser()) return unauthenticated();
    const body = (await request.json()) as {
      provider: AiProvider;
      model: string;
      base_url?: string;
      api_key?: string;
      remove_key?: boolean;
    };
    mockDb.calls.push({ method: 'PUT', path: '/api/me/ai-settings', body });
    if (body.base_url?.includes('127.0.0.1')) {
      return HttpResponse.json(
        {
          error: {
            code: 'API_AI_BASE_URL_REFUSED',
            message:
              'This base URL points at a private or local address, which this server does not call. Use the public address of your model server.',
          },
        },
        { status: 422 },
      );
    }
    const key = body.api_key ?? (body.remove_key ? null : (mockDb.ai.own?.key ?? null));
    mockDb.ai.own = {
      provider: body.provider,
      model: body.model,
      base_url: body.base_url ?? null,
      key,
      updated_at: '2026-11-27T10:00:00.000Z',
    };
    return HttpResponse.json(toAiSettingsJson());
  }),
  http.delete('*/api/me/ai-settings', () => {
    if (!getSessionUser()) return unauthenticated();
    mockDb.calls.push({ method: 'DELETE', path: '/api/me/ai-settings', body: null });
    mockDb.ai.own = null;
    return HttpResponse.json(toAiSettingsJson());
  }),
  http.post('*/api/me/ai-settings/test', async ({ request }) => {
    if (!getSessionUser()) return unauthenticated();
    const body = (await request.json()) as { model: string; api_key?: string };
    mockDb.calls.push({ method: 'POST', path: '/api/me/ai-settings/test', body });
    const key = body.api_key ?? mockDb.ai.own?.key;
    return HttpResponse.json(
      key === mockDb.ai.goodKey
        ? { ok: true, model: body.model, ms: 321 }
        : {
            ok: false,
            message: `The API key was refused (401). Check the key and that it may use ${body.model}.`,
          },
    );
  }),
];

const apiKeyHandlers = [
  http.get('*/api/me/api-keys', () => {
    if (!getSessionUser()) return unauthenticated();
    return HttpResponse.json({
      items: mockDb.apiKeys.items,
      api_access: mockDb.apiKeys.apiAccess,
    });
  }),
  http.post('*/api/me/api-keys', async ({ request }) => {
    if (!getSessionUser()) return unauthenticated();
    const body = (await request.json()) as { name: string; scopes: ApiKeyScope[] };
    mockDb.calls.push({ method: 'POST', path: '/api/me/api-keys', body });
    if (!mockDb.apiKeys.apiAccess) {
      return HttpResponse.json(
        {
          error: {
            code: 'API_PLAN_REQUIRED',
            message:
              'API access comes with the Scale plan. Subscribe to Scale on the pricing page to create and use API keys.',
          },
        },
        { status: 403 },
      );
    }
    const key = `sl_${'k'.repeat(24)}${String(mockDb.apiKeys.items.length).padStart(8, '0')}`;
    const created = {
      id: `key-${mockDb.apiKeys.items.length + 1}`,
      name: body.name,
      prefix: key.slice(0, 11),
      scopes: body.scopes,
      created_at: '2026-11-27T10:00:00.000Z',
      last_used_at: null,
    };
    mockDb.apiKeys.items = [created, ...mockDb.apiKeys.items];
    return HttpResponse.json({ ...created, key }, { status: 201 });
  }),
  http.delete('*/api/me/api-keys/:id', ({ params }) => {
    if (!getSessionUser()) return unauthenticated();
    mockDb.calls.push({
      method: 'DELETE',
      path: `/api/me/api-keys/${String(params.id)}`,
      body: null,
    });
    mockDb.apiKeys.items = mockDb.apiKeys.items.filter((item) => item.id !== params.id);
    return new HttpResponse(null, { status: 204 });
  }),
];

/** `/api/me/*` (our own routes: `{ error: { code, message } }` errors). */
export const profileHandlers = [
  ...aiHandlers,
  ...apiKeyHandlers,
  http.get('*/api/me/profile', () => {
    const user = getSessionUser();
    if (!user) return unauthenticated();
    if (mockDb.profileFailure) {
      return HttpResponse.json(
        { error: { code: 'API_INTERNAL', message: 'An unexpected error occurred.' } },
        { status: mockDb.profileFailure },
      );
    }
    return HttpResponse.json({
      id: user.id,
      email: user.email,
      full_name: user.fullName,
      avatar_url: user.avatarUrl,
      company_name: user.companyName,
      created_at: user.createdAt,
      email_verified: user.emailVerified,
    });
  }),
  http.patch('*/api/me/profile', async ({ request }) => {
    const user = getSessionUser();
    if (!user) return unauthenticated();
    const body = (await request.json()) as Record<string, string | null>;
    mockDb.calls.push({ method: 'PATCH', path: '/api/me/profile', body });
    user.fullName = body.full_name ?? null;
    user.companyName = body.company_name ?? null;
    user.avatarUrl = body.avatar_url ?? null;
    return HttpResponse.json({ ok: true });
  }),
  http.get('*/api/me/credits', ({ request }) => {
    if (!getSessionUser()) return unauthenticated();
    const params = new URL(request.url).searchParams;
    if (params.get('entries') !== 'true') {
      return HttpResponse.json(creditsResponseSchema.parse({ balance: mockDb.credits }));
    }
    // As the server pages: newest first, `limit` entries older than the `before` id.
    const limit = Number(params.get('limit') ?? 50);
    const before = params.get('before');
    const older = mockDb.creditEntries.filter(
      (entry) => before === null || entry.id < Number(before),
    );
    const entries = older.slice(0, limit);
    return HttpResponse.json(
      creditsResponseSchema.parse({
        balance: mockDb.credits,
        entries,
        next_cursor: older.length > limit ? (entries.at(-1)?.id ?? null) : null,
      }),
    );
  }),
];
