import { cx } from '../../utils/cx';

/** Button variants (spec §2). */
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'inverse';
/** Button sizes. */
export type ButtonSize = 'sm' | 'md' | 'lg';

const BASE =
  'inline-flex items-center justify-center rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed';

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800 disabled:bg-brand-300',
  secondary: 'bg-slate-900 text-white shadow-sm hover:bg-slate-800 disabled:bg-slate-400',
  outline:
    'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 hover:border-slate-400 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 disabled:text-slate-400',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:bg-red-300',
  inverse: 'bg-white text-brand-700 shadow-sm hover:bg-brand-50 disabled:text-slate-400',
};

const SIZES: Record<ButtonSize, { height: string; minHeight: string; rest: string }> = {
  sm: { height: 'h-9', minHeight: 'min-h-9 py-1.5', rest: 'px-3 text-sm gap-1.5' },
  md: { height: 'h-10', minHeight: 'min-h-10 py-2', rest: 'px-4 text-sm gap-2' },
  lg: { height: 'h-12', minHeight: 'min-h-12 py-3', rest: 'px-6 text-base gap-2' },
};

/**
 * The classes of a button of `variant` and `size`, none of them conflicting (no merging needed).
 * `wrap`: the label may wrap onto more lines on phones (the height becomes a minimum), and stays on
 * one line from the small breakpoint up; otherwise it never wraps.
 */
export function buttonStyle(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  options: { wrap?: boolean } = {},
): string {
  const { height, minHeight, rest } = SIZES[size];
  return cx(
    BASE,
    options.wrap ? 'whitespace-normal sm:whitespace-nowrap' : 'whitespace-nowrap',
    VARIANTS[variant],
    options.wrap ? minHeight : height,
    rest,
  );
}
