/** The labels of the strength meter, weakest first (DESIGN.md §3). */
export const PASSWORD_STRENGTH_LABELS = ['Very Weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

/** One strength label. */
export type PasswordStrengthLabel = (typeof PASSWORD_STRENGTH_LABELS)[number];

/** The most points a password can score. */
export const PASSWORD_STRENGTH_MAX_SCORE = 5;

/** A password's score (0–5) and its label. */
export interface PasswordStrength {
  score: number;
  label: PasswordStrengthLabel;
}

/**
 * Scores a password (spec §5 Registration): one point each for 8+ characters, a lowercase letter, an
 * uppercase letter, a digit and a special (non-alphanumeric) character. Labels (DESIGN.md §3):
 * 0–1 Very Weak, 2 Weak, 3 Fair, 4 Good, 5 Strong.
 */
export function getPasswordStrength(password: string): PasswordStrength {
  const criteria = [
    password.length >= 8,
    /[a-z]/.test(password),
    /[A-Z]/.test(password),
    /\d/.test(password),
    /[^a-zA-Z0-9]/.test(password),
  ];
  const score = criteria.filter(Boolean).length;
  return { score, label: toPasswordStrengthLabel(score) };
}

/** The label of a score (0–5). */
export function toPasswordStrengthLabel(score: number): PasswordStrengthLabel {
  if (score <= 1) return 'Very Weak';
  if (score === 2) return 'Weak';
  if (score === 3) return 'Fair';
  if (score === 4) return 'Good';
  return 'Strong';
}
