import { useState } from 'react';
import { getInitials } from '@sitelift/shared/auth/initials';
import { cx } from '../../utils/cx';

const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl' } as const;

/** A round avatar: the picture when it loads, else the initials of spec §2 on a brand gradient. */
export function Avatar({
  fullName,
  email,
  imageUrl,
  size = 'md',
  className,
}: {
  fullName?: string | null;
  email?: string | null;
  imageUrl?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const initials = getInitials({ fullName, email });
  const showImage = Boolean(imageUrl) && failedUrl !== imageUrl;
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-brand-500 to-sky-500 font-semibold text-white select-none',
        SIZES[size],
        className,
      )}
      aria-hidden
      data-testid="avatar"
    >
      {showImage && imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          className="size-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setFailedUrl(imageUrl)}
        />
      ) : (
        initials
      )}
    </span>
  );
}
