import type { ReactNode } from 'react';

/**
 * The centred card of the account screens. A confirmation (an `icon` above the title) is centred as
 * a whole — icon, title and text — so nothing in it sits on a different axis; forms stay left-aligned.
 */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  icon,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="relative flex flex-1 items-start justify-center overflow-hidden px-4 py-10 sm:items-center sm:py-16">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 mx-auto h-96 max-w-3xl rounded-full bg-gradient-to-r from-brand-200/60 via-sky-200/50 to-violet-200/60 blur-3xl"
      />
      <div className="w-full max-w-md">
        <div
          className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8${icon ? ' text-center' : ''}`}
        >
          {icon && <div className="mb-4 flex justify-center">{icon}</div>}
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </div>
  );
}
