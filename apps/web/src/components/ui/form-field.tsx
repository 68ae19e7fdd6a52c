import { useId, useState } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cn } from '../../utils/cn';

/** The classes of a text input, red when `hasError`. */
export function inputClasses(hasError: boolean, className?: string): string {
  return cn(
    'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm sm:text-sm',
    'placeholder:text-slate-400 transition-colors',
    'focus:outline-none focus:ring-2 focus:ring-offset-0',
    'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
    'read-only:bg-slate-50 read-only:text-slate-600',
    hasError
      ? 'border-red-400 focus:border-red-500 focus:ring-red-200'
      : 'border-slate-300 focus:border-brand-500 focus:ring-brand-200',
    className,
  );
}

/** Props of a labelled input. */
export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** Shows a button that reveals the password. */
  revealable?: boolean;
  /** The show/hide button's tabIndex (-1 keeps it out of the Tab order; it stays clickable). */
  revealTabIndex?: number;
  labelAction?: ReactNode;
  /** Extra classes of the input itself (`className` styles the wrapper). */
  inputClassName?: string;
}

/** A labelled input with its hint and error message wired up for assistive technology. */
export function FormField({
  label,
  error,
  hint,
  id,
  className,
  revealable,
  revealTabIndex,
  type,
  labelAction,
  inputClassName,
  ref,
  ...props
}: FormFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [isRevealed, setIsRevealed] = useState(false);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={className}>
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        {labelAction}
      </div>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={revealable && isRevealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={inputClasses(Boolean(error), cn(revealable && 'pr-11', inputClassName))}
          {...props}
        />
        {revealable && (
          <button
            type="button"
            onClick={() => setIsRevealed((value) => !value)}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 disabled:cursor-not-allowed"
            aria-pressed={isRevealed}
            aria-controls={inputId}
            tabIndex={revealTabIndex}
            disabled={props.disabled}
          >
            {/* Named by its text, not aria-label, so getByLabel(label) finds only the input. */}
            <span className="sr-only">{isRevealed ? 'Hide password' : 'Show password'}</span>
            {isRevealed ? (
              <EyeOff className="size-4" aria-hidden />
            ) : (
              <Eye className="size-4" aria-hidden />
            )}
          </button>
        )}
      </div>
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
