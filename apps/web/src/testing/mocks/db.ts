/** An in-memory stand-in for the server's accounts, shared by the MSW handlers of a test. */
export interface MockUser {
  id: string;
  email: string;
  password: string;
  name: string;
  emailVerified: boolean;
  createdAt: string;
  fullName: string | null;
  companyName: string | null;
  avatarUrl: string | null;
}

export const mockDb = {
  users: new Map<string, MockUser>(),
  /** E-mail of the signed-in user, or null. */
  sessionEmail: null as string | null,
  /** When set, GET /api/me/profile fails with this status. */
  profileFailure: null as number | null,
  /** Calls made to the API, for assertions. */
  calls: [] as { method: string; path: string; body: unknown }[],
};

/** Adds a user; returns it. */
export function createMockUser(overrides: Partial<MockUser> = {}): MockUser {
  const user: MockUser = {
    id: `user-${mockDb.users.size + 1}`,
    email: 'ada@example.com',
    password: 'Secret123!',
    name: '',
    emailVerified: true,
    createdAt: '2026-01-15T10:00:00.000Z',
    fullName: null,
    companyName: null,
    avatarUrl: null,
    ...overrides,
  };
  mockDb.users.set(user.email, user);
  return user;
}

/** Signs `user` in for the next requests. */
export function signInAs(user: MockUser): void {
  mockDb.sessionEmail = user.email;
}

/** The signed-in user, if any. */
export function getSessionUser(): MockUser | null {
  return mockDb.sessionEmail ? (mockDb.users.get(mockDb.sessionEmail) ?? null) : null;
}

/** Empties the store between tests. */
export function resetMockDb(): void {
  mockDb.users.clear();
  mockDb.sessionEmail = null;
  mockDb.profileFailure = null;
  mockDb.calls = [];
}
