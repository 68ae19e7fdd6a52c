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
    const withEntries = new URL(request.url).searchParams.get('entries') === 'true';
    return HttpResponse.json(
      creditsResponseSchema.parse({
        balance: mockDb.credits,
        ...(withEntries ? { entries: mockDb.creditEntries.slice(0, 50) } : {}),
      }),
    );
  }),
];
