import { AlertTriangle } from 'lucide-react';
import { buttonStyle } from './button-styles';

/** The error fallback of spec §2: 'Something went wrong', 'Refresh Page' and 'Try Again'. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-6 py-16 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-red-100 text-red-600">
        <AlertTriangle className="size-7" aria-hidden />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">
        Something went wrong
      </h1>
      <p className="mt-2 text-sm leading-6 text-slate-600">
        An unexpected error stopped this page from loading. Your data is safe — try again, or
        refresh the page if the problem continues.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className={buttonStyle('outline')}
          onClick={() => window.location.reload()}
        >
          Refresh Page
        </button>
        <button type="button" className={buttonStyle()} onClick={onRetry}>
          Try Again
        </button>
      </div>
    </div>
  );
}
