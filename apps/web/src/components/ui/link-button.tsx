import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cx } from '../../utils/cx';
import { buttonStyle } from './button-styles';
import type { ButtonSize, ButtonVariant } from './button-styles';

/**
 * A router link that looks like a button, for the prerendered public pages (issue 13 item 6) and the
 * parts of the layout they share: `className` adds classes (spacing, position) without merging, so
 * they must not set what the variant and size set; `ButtonLink` (button.tsx) merges, with
 * tailwind-merge.
 */
export function LinkButton({
  variant = 'primary',
  size = 'md',
  wrap,
  className,
  ...props
}: ComponentProps<typeof Link> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  wrap?: boolean;
  className?: string;
}) {
  return <Link className={cx(buttonStyle(variant, size, { wrap }), className)} {...props} />;
}
