import { Link } from 'react-router';
import type { ImageData } from '../content/types';
import { asset } from '../lib/asset';
import { DialogButton } from './Dialog';
import { isRoute } from './InlineText';

/**
 * A self-hosted image: sized, responsive (srcset) when it has copies, lazy unless it is the page's
 * first; round where the original drew it round (base.css `.picture-round`), else with the theme's
 * corners.
 */
export function Picture({ image, className }: { image: ImageData; className?: string }) {
  const shape = image.shape === 'round' ? 'picture-round' : 'rounded-theme';
  // Shown as wide as the original showed it where that was narrower than its file.
  const scale = image.shownWidth && image.width ? image.shownWidth / image.width : 1;
  const img = (
    <img
      src={asset(image.src)}
      srcSet={
        image.srcset
          ? image.srcset
              .map((candidate) => asset(candidate.src) + ' ' + candidate.width + 'w')
              .join(', ')
          : undefined
      }
      sizes={image.srcset ? image.sizes : undefined}
      alt={image.alt}
      width={image.width === undefined ? undefined : Math.round(image.width * scale)}
      height={image.height === undefined ? undefined : Math.round(image.height * scale)}
      loading={image.priority ? 'eager' : 'lazy'}
      fetchPriority={image.priority ? 'high' : 'auto'}
      decoding="async"
      className={'h-auto max-w-full ' + shape + (className ? ' ' + className : '')}
    />
  );
  if (image.opens)
    return (
      <DialogButton
        opens={image.opens}
        label={image.alt || undefined}
        labelledBy={image.alt ? undefined : image.opens + '-title'}
      >
        {img}
      </DialogButton>
    );
  if (!image.href) return img;
  return isRoute(image.href) ? (
    <Link to={image.href}>{img}</Link>
  ) : (
    <a href={asset(image.href)}>{img}</a>
  );
}
