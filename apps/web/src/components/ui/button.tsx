import type { ButtonHTMLAttributes, ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from '../../utils/cn';
import { buttonStyle } from './button-styles';
import type { ButtonSize, ButtonVariant } from './button-styles';

type Variant = ButtonVariant;
type Size = ButtonSize;

/**
 * The classes of a button of `variant` and `size` (for links that look like buttons); `className`
 * overrides them where they conflict (tailwind-merge).
 */
export function buttonClasses(
  variant: Variant = 'primary',
  size: Size = 'md',
  className?: string,
): string {
  return cn(buttonStyle(variant, size), className);
}

/** A button. */
export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size }) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}

/** A router link that looks like a button. */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className,
  ...props
}: ComponentProps<typeof Link> & { variant?: Variant; size?: Size }) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />;
}
