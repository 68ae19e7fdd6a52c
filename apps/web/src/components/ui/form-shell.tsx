import type { FormEvent, ReactNode } from 'react';
import { Alert } from './alert';

/**
 * Where a form stands: in an auth card (`default`), in a `Modal` (`dialog`), or on a page as a white
 * card with a footer (`card`).
 */
export type FormShellVariant = 'default' | 'dialog' | 'card';

const VARIANTS: Record<FormShellVariant, { form?: string; fieldset: string; banner: string }> = {
  default: { fieldset: 'space-y-5', banner: 'mb-5' },
  dialog: { fieldset: 'space-y-5', banner: 'mb-4' },
  card: {
    form: 'rounded-2xl border border-slate-200 bg-white shadow-sm',
    fieldset: 'space-y-6 p-5 sm:p-8',
    banner: 'mb-6',
  },
};

/**
 * The frame of every submit form: no browser validation (zod messages instead), the server's error
 * (and an optional success notice) as banners, and a `<fieldset>` that disables every field while
 * `disabled` (values are kept). Each submit calls `onSubmitStart` first, to clear the banners of the
 * last attempt, then `onSubmit` (usually `form.handleSubmit(onValid)`).
 *
 * On a `card` the banners stand above the card, after the page's own; elsewhere inside the form above
 * the fields. `footer` goes after the fieldset, so a card's Cancel stays usable while submitting.
 */
export function FormShell({
  label,
  variant = 'default',
  legend,
  serverError,
  notice,
  disabled,
  footer,
  lead,
  onSubmitStart,
  onSubmit,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  variant?: FormShellVariant;
  /** Names the fieldset for screen readers only. */
  legend?: string;
  serverError?: string | null;
  notice?: string | null;
  disabled: boolean;
  footer?: ReactNode;
  /** Between the banners and the fields, outside the fieldset (another way in, such as GitHub). */
  lead?: ReactNode;
  onSubmitStart?: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void> | void;
  children: ReactNode;
}) {
  const styles = VARIANTS[variant];
  const banners = (
    <>
      {serverError && (
        <Alert tone="error" className={styles.banner}>
          {serverError}
        </Alert>
      )}
      {notice && (
        <Alert tone="success" className={styles.banner}>
          {notice}
        </Alert>
      )}
    </>
  );

  return (
    <>
      {variant === 'card' && banners}
      <form
        noValidate
        aria-label={label}
        className={styles.form}
        onSubmit={(event) => {
          // A Modal renders in a portal, yet React bubbles its submit to the opener's tree.
          if (variant === 'dialog') event.stopPropagation();
          onSubmitStart?.();
          void onSubmit(event);
        }}
      >
        {variant !== 'card' && banners}
        {lead}
        <fieldset disabled={disabled} className={`min-w-0 ${styles.fieldset}`}>
          {legend && <legend className="sr-only">{legend}</legend>}
          {children}
        </fieldset>
        {footer}
      </form>
    </>
  );
}
