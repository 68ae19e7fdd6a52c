import {
  PASSWORD_STRENGTH_MAX_SCORE,
  getPasswordStrength,
} from '@sitelift/shared/auth/password-strength';
import { cn } from '../../utils/cn';

const BAR_COLOURS = [
  'bg-red-500',
  'bg-red-500',
  'bg-orange-500',
  'bg-amber-500',
  'bg-lime-500',
  'bg-emerald-500',
];
const TEXT_COLOURS = [
  'text-red-600',
  'text-red-600',
  'text-orange-600',
  'text-amber-700',
  'text-lime-700',
  'text-emerald-700',
];

/** The live five-bar strength meter with its label (spec §2 Register, DESIGN.md §3 labels). */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { score, label } = getPasswordStrength(password);
  return (
    <div id={id} className="mt-2" data-testid="password-strength" data-score={score}>
      <div className="flex gap-1.5" aria-hidden>
        {Array.from({ length: PASSWORD_STRENGTH_MAX_SCORE }, (_, index) => (
          <span
            key={index}
            data-filled={index < score}
            className={cn(
              'h-1.5 flex-1 rounded-full transition-colors',
              index < score ? BAR_COLOURS[score] : 'bg-slate-200',
            )}
          />
        ))}
      </div>
      <p className="mt-1.5 text-xs text-slate-500" aria-live="polite">
        Password strength:{' '}
        <span className={cn('font-semibold', password ? TEXT_COLOURS[score] : 'text-slate-500')}>
          {label}
        </span>
      </p>
    </div>
  );
}
