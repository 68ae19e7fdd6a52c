import { useEffect, useRef, useState } from 'react';
import type { ImageData } from '../content/types';
import { site } from '../content/site';
import { asset } from '../lib/asset';

/** A grid of images; a click opens the image large in a dialog. */
export function Gallery({ images }: { images: ImageData[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open !== null && !element.open) element.showModal();
    if (open === null && element.open) element.close();
  }, [open]);
  const current = open === null ? undefined : images[open];
  return (
    <>
      <ul className="gallery">
        {images.map((image, index) => (
          <li key={image.src + index}>
            <button
              type="button"
              className="gallery-item"
              onClick={() => setOpen(index)}
              aria-label={image.alt || site.labels.close}
            >
              <img
                src={asset(image.src)}
                alt={image.alt}
                width={image.width}
                height={image.height}
                loading={image.priority ? 'eager' : 'lazy'}
                decoding="async"
              />
            </button>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        className="lightbox"
        onClose={() => setOpen(null)}
        aria-label={current?.alt}
      >
        {current ? (
          <img
            src={asset(current.src)}
            alt={current.alt}
            width={current.width}
            height={current.height}
          />
        ) : null}
        <button type="button" className="btn" onClick={() => setOpen(null)}>
          {site.labels.close}
        </button>
      </dialog>
    </>
  );
}
