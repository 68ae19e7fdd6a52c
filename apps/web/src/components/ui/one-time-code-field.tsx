import { FormField, type FormFieldProps } from './form-field';

/** The 6 digits of an authenticator app's code, or null: spaces are allowed ("123 456"). */
export function parseOneTimeCode(value: string): string | null {
  const digits = value.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * The field for an authenticator app's 6-digit code (two-factor setup and sign-in): numeric keyboard,
 * the browser's one-time-code autofill, room for "123 456", large spaced digits.
 */
export function OneTimeCodeField(
  props: Omit<FormFieldProps, 'inputMode' | 'autoComplete' | 'maxLength' | 'inputClassName'>,
) {
  return (
    <FormField
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="123 456"
      maxLength={7}
      inputClassName="text-center font-mono text-lg tracking-[0.4em]"
      {...props}
    />
  );
}
