import { creditsResponseSchema } from '@sitelift/shared/schemas/credits';
import { HttpResponse, http } from 'msw';
import { getSessionUser, mockDb } from '../db';

const unauthenticated = () =>
  HttpResponse.json(
    { error: { code: 'API_UNAUTHENTICATED', message: 'Authentication required' } },
    { status: 401 },
  );

/** `/api/me/*` (our own routes: `{ error: { code, message } }` errors). */
export const profileHandlers = [
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
