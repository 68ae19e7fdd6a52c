import { describe, expect, it } from 'vitest';
import { sessionUserOf } from './public-session';

// The public pages read the session without a schema library (issue 13 item 6): an answer without a
// user with an id and an e-mail address is a signed-out visitor.
describe('public pages session', () => {
  it('reads the user of a session answer', () => {
    const user = sessionUserOf({
      session: { id: 's1' },
      user: { id: 'u1', email: 'ada@example.com', createdAt: '2026-11-01T10:00:00.000Z' },
    });
    expect(user).toMatchObject({ id: 'u1', email: 'ada@example.com' });
    expect(user?.createdAt).toEqual(new Date('2026-11-01T10:00:00.000Z'));
  });

  it('treats anything else as signed out', () => {
    for (const body of [
      null,
      {},
      { user: null },
      { user: { id: 'u1' } },
      { user: { id: 1, email: 'x' } },
    ]) {
      expect(sessionUserOf(body)).toBeNull();
    }
  });
});
