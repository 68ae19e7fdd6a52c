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

/** `/api/me/*` (our own routes: `{ error: { code, message } }` errors). */
export const profileHandlers = [
  ...aiHandlers,
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
