import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { cn } from '../../../utils/cn';
import { useCreditBalance } from '../api/get-credits';

/** The signed-in user's credit balance as a link to the billing page (top bar, issue 13). */
export function CreditBalanceBadge({ className }: { className?: string }) {
  const balance = useCreditBalance();
  if (balance === null) return null;
  const label = `${balance} ${balance === 1 ? 'credit' : 'credits'}`;
  return (
    <Link
      to={paths.billing.getHref()}
      title="Credits and billing"
      aria-label={`${label} — billing`}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold ring-1 transition-colors',
        balance > 0
          ? 'bg-brand-50 text-brand-700 ring-brand-200 hover:bg-brand-100'
          : 'bg-amber-50 text-amber-800 ring-amber-200 hover:bg-amber-100',
        className,
      )}
    >
      <Sparkles className="size-4" aria-hidden />
      <span data-testid="credit-balance">{label}</span>
    </Link>
  );
}
