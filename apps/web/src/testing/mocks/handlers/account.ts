import { HttpResponse, http } from 'msw';
import { getSessionUser } from '../db';

const unauthenticated = () =>
  HttpResponse.json(
    { error: { code: 'API_UNAUTHENTICATED', message: 'Authentication required' } },
    { status: 401 },
  );

/**
 * The Security section's reads (issue 28): two-factor off, no passkeys, this browser only, no export
 * yet.
 */
export const accountHandlers = [
  http.get('*/api/auth/passkey/list-user-passkeys', () =>
    getSessionUser() ? HttpResponse.json([]) : unauthenticated(),
  ),
  http.get('*/api/account/security', () =>
    getSessionUser()
      ? HttpResponse.json({ two_factor_enabled: false, backup_codes_left: 0, has_password: true })
      : unauthenticated(),
  ),
  http.get('*/api/account/sessions', () => {
    if (!getSessionUser()) return unauthenticated();
    const now = new Date().toISOString();
    return HttpResponse.json({
      items: [
        {
          id: 'session-1',
          current: true,
          browser: 'Chrome 131',
          os: 'macOS',
          device_type: 'desktop',
          ip_address: '127.0.0.1',
          created_at: now,
          last_active_at: now,
        },
      ],
    });
  }),
  http.get('*/api/account/export', () =>
    getSessionUser() ? HttpResponse.json({ export: null }) : unauthenticated(),
  ),
];
