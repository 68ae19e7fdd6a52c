import { profileSchema } from '@sitelift/shared/schemas/auth';
import type { Profile, SessionUser } from '@sitelift/shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { queryOptions, useQuery } from '../../../lib/query-client';

/** Query key of the signed-in user's profile. */
export const PROFILE_QUERY_KEY = ['me', 'profile'] as const;

/** Reads the signed-in user's profile (spec §3 users). */
export async function getProfile(): Promise<Profile> {
  return apiRequest('/api/me/profile', { schema: profileSchema });
}

/** Query options of the profile. */
export function getProfileQueryOptions() {
  return queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: getProfile, retry: false });
}

/** The basic profile built from the session user when the profile cannot be read (spec §3). */
export function toFallbackProfile(user: SessionUser): Profile {
  return {
    id: user.id,
    email: user.email,
    full_name: user.name?.trim() ? user.name.trim() : null,
    avatar_url: user.image ?? null,
    company_name: null,
    created_at: user.createdAt,
    email_verified: user.emailVerified,
  };
}

/**
 * The profile, falling back to the session's basic data when `GET /api/me/profile` fails
 * (`isFallback` then asks the screen to say so).
 */
export function useProfile(): { profile: Profile | null; isFallback: boolean; isLoading: boolean } {
  const { user } = useSession();
  const query = useQuery({ ...getProfileQueryOptions(), enabled: Boolean(user) });
  if (query.data) return { profile: query.data, isFallback: false, isLoading: false };
  if (query.isError && user) {
    return { profile: toFallbackProfile(user), isFallback: true, isLoading: false };
  }
  return { profile: null, isFallback: false, isLoading: query.isPending };
}
