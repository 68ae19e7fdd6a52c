import { Link } from 'react-router';
import { cx } from '../../utils/cx';

/** The Sitelift mark (`className` adds classes; the public pages load no class merging). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cx('size-8', className)} aria-hidden>
      <defs>
        <linearGradient id="sitelift-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#0ea5e9" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#sitelift-logo)" />
      <path
        d="M9 19l7-7 7 7"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M11 24h10" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The logo and product name, linking to / (spec §2 Top bar). */
export function Logo({ className, inverse }: { className?: string; inverse?: boolean }) {
  return (
    <Link
      to="/"
      className={cx('inline-flex items-center gap-2 rounded-md', className)}
      aria-label="Sitelift home"
    >
      <LogoMark />
      <span
        className={cx(
          'text-lg font-bold tracking-tight',
          inverse ? 'text-white' : 'text-slate-900',
        )}
      >
        Sitelift
      </span>
    </Link>
  );
}
