import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** A centred, honest message screen (e.g. a screen whose feature ships in a later release). */
export function NoticeScreen({
  icon: Icon,
  eyebrow,
  title,
  children,
  actions,
}: {
  icon: LucideIcon;
  eyebrow?: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-10">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <Icon className="size-7" aria-hidden />
        </span>
        {eyebrow && (
          <p className="mt-6 text-xs font-semibold tracking-wide text-brand-600 uppercase">
            {eyebrow}
          </p>
        )}
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <div className="mt-3 space-y-3 text-sm leading-6 text-slate-600">{children}</div>
        {actions && (
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>
        )}
      </div>
    </div>
  );
}
