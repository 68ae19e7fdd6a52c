import { HttpResponse, http } from 'msw';
import { HOSTING_PROVIDERS, HOSTING_PROVIDER_LABELS } from '@sitelift/shared/schemas/hosting';
import { getSessionUser } from '../db';

// Settings → Hosting (issue 27): GET, PUT and DELETE /api/me/hosting[/:provider] as the server
// answers them; every provider offered, none connected until a token is saved.

const connected = new Map<string, { account: string; last4: string }>();

function toSettingsJson() {
  return {
    providers: HOSTING_PROVIDERS.map((provider) => {
      const connection = connected.get(provider);
      return {
        provider,
        label: HOSTING_PROVIDER_LABELS[provider],
        connected: connection !== undefined,
        account: connection?.account ?? null,
        token_last4: connection?.last4 ?? null,
        connected_at: connection ? '2026-11-27T10:00:00.000Z' : null,
        claimable: false,
      };
    }),
  };
}

const unauthenticated = () =>
  HttpResponse.json(
    { error: { code: 'API_UNAUTHENTICATED', message: 'Authentication required' } },
    { status: 401 },
  );

/** Handlers of the hosting endpoints. */
export const hostingHandlers = [
  http.get('*/api/me/hosting', () => {
    if (!getSessionUser()) return unauthenticated();
    return HttpResponse.json(toSettingsJson());
  }),
  http.put('*/api/me/hosting/:provider', async ({ params, request }) => {
    if (!getSessionUser()) return unauthenticated();
    const body = (await request.json()) as { token: string };
    connected.set(String(params.provider), {
      account: 'owner@example.test',
      last4: body.token.slice(-4),
    });
    return HttpResponse.json(toSettingsJson());
  }),
  http.delete('*/api/me/hosting/:provider', ({ params }) => {
    if (!getSessionUser()) return unauthenticated();
    connected.delete(String(params.provider));
    return HttpResponse.json(toSettingsJson());
  }),
];
