/** Most characters an avatar's initials hold (spec §9). */
export const INITIALS_MAX_LENGTH = 2;

/**
 * Avatar initials (spec §2 Top bar): the first letters of the first two words of the full name, upper
 * case; otherwise the first two letters of the e-mail, upper case; otherwise 'U'.
 */
export function getInitials(user: { fullName?: string | null; email?: string | null }): string {
  const words = (user.fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    return words
      .slice(0, INITIALS_MAX_LENGTH)
      .map((word) => Array.from(word)[0] ?? '')
      .join('')
      .toUpperCase();
  }
  const email = (user.email ?? '').trim();
  if (email !== '') {
    return Array.from(email).slice(0, INITIALS_MAX_LENGTH).join('').toUpperCase();
  }
  return 'U';
}
