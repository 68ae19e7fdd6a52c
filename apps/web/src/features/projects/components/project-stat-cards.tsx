import { CheckCircle2, Loader2, Rocket } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../../utils/cn';
import type { ProjectStatusFilter } from '../api/get-projects';
import type { ProjectCounts } from '@sitelift/shared/schemas/project';

const CARDS: {
  filter: ProjectStatusFilter;
  label: string;
  key: keyof ProjectCounts;
  icon: LucideIcon;
  tint: string;
}[] = [
  {
    filter: 'all',
    label: 'Total Projects Launched',
    key: 'total',
    icon: Rocket,
    tint: 'bg-brand-50 text-brand-600',
  },
  {
    filter: 'completed',
    label: 'Successfully Modernized',
    key: 'completed',
    icon: CheckCircle2,
    tint: 'bg-emerald-50 text-emerald-600',
  },
  {
    filter: 'in-progress',
    label: 'Currently Transforming',
    key: 'in_progress',
    icon: Loader2,
    tint: 'bg-sky-50 text-sky-600',
  },
];

/** The three clickable stat cards (spec §2 Dashboard); the one matching the filter is active. */
export function ProjectStatCards({
  counts,
  active,
  onSelect,
}: {
  counts: ProjectCounts | null;
  active: ProjectStatusFilter;
  onSelect: (filter: ProjectStatusFilter) => void;
}) {
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-3">
      {CARDS.map((card) => {
        const isActive = card.filter === active;
        return (
          <button
            key={card.filter}
            type="button"
            aria-pressed={isActive}
            onClick={() => onSelect(card.filter)}
            className={cn(
              // Top-aligned, so the numbers stay on one line across the cards when a label wraps.
              'flex flex-col gap-1 rounded-xl border bg-white p-3 text-left shadow-sm transition sm:flex-row sm:items-start sm:gap-3 sm:p-4',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
              isActive
                ? 'border-brand-500 ring-2 ring-brand-200'
                : 'border-slate-200 hover:border-slate-300 hover:shadow',
            )}
          >
            <span
              className={cn(
                'flex size-10 shrink-0 items-center justify-center rounded-lg',
                card.tint,
              )}
            >
              <card.icon className="size-5" aria-hidden />
            </span>
            <span className="min-w-0">
              <span className="block text-xl font-bold text-slate-900 tabular-nums sm:text-2xl">
                {counts ? counts[card.key] : '–'}
              </span>
              <span className="block text-xs leading-4 text-slate-600 sm:text-sm sm:leading-5">
                {card.label}
              </span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
