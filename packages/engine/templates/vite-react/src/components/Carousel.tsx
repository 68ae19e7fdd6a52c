import { useEffect, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { site } from '../content/site';
import type { ItemBox, SliderBand } from '../content/types';

/** One slide: its picture (optional) and its words. */
export interface SlideItem {
  picture?: ReactNode;
  content: ReactNode;
}

/**
 * The original's carousel, following the WAI-ARIA carousel pattern: a named region with the
 * `carousel` role description, each slide a group named "2 of 5", Previous/Next buttons. The slides
 * sit side by side in a scroll-snap track, so every slide stays in the page (the prerendered HTML and
 * search engines have all their words), a swipe moves between them on a phone, and it never moves on
 * its own (nothing to pause, nothing to make anyone seasick).
 */
export function Carousel({
  slides,
  band,
}: {
  slides: SlideItem[];
  /**
   * The original's slider box at a desktop width (px): the slides keep its height, and its width,
   * or the window's when it spanned it, the caption over the picture.
   */
  band?: SliderBand;
}) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  // The slide a button asked for, while the track glides there (the scroll passes others on the way).
  const target = useRef<number | null>(null);
  const count = slides.length;

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    // The slide nearest the track's left edge is the current one, however it got there (buttons,
    // swipe, keyboard scrolling).
    const onScroll = () => {
      const width = element.clientWidth || 1;
      const index = Math.min(count - 1, Math.max(0, Math.round(element.scrollLeft / width)));
      if (target.current !== null) {
        if (index === target.current) target.current = null;
        return;
      }
      setCurrent(index);
    };
    const onScrollEnd = () => {
      target.current = null;
      onScroll();
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    element.addEventListener('scrollend', onScrollEnd);
    return () => {
      element.removeEventListener('scroll', onScroll);
      element.removeEventListener('scrollend', onScrollEnd);
    };
  }, [count]);

  function show(index: number) {
    const next = (index + count) % count;
    target.current = next;
    setCurrent(next);
    const element = track.current;
    const slide = element?.children[next] as HTMLElement | undefined;
    if (element && slide) element.scrollTo?.({ left: slide.offsetLeft - element.offsetLeft });
  }

  const name = (n: number) =>
    site.labels.slideOf.replace('{n}', String(n + 1)).replace('{total}', String(count));
  return (
    <section
      className={
        'carousel' + (band ? ' carousel-band' + (band.isFullBleed ? ' carousel-bleed' : '') : '')
      }
      style={
        band
          ? ({
              '--carousel-height': band.height + 'px',
              '--carousel-width': band.width + 'px',
            } as CSSProperties)
          : undefined
      }
      aria-roledescription="carousel"
      aria-label={site.labels.carousel}
    >
      {/* It scrolls sideways: a keyboard reaches it too, and its arrow keys scroll it. */}
      <div ref={track} className="carousel-track" tabIndex={0}>
        {slides.map((slide, index) => (
          <div
            key={index}
            className={'carousel-slide' + (slide.picture ? ' has-image' : '')}
            role="group"
            aria-roledescription="slide"
            aria-label={name(index)}
            aria-current={index === current ? 'true' : undefined}
          >
            {slide.picture}
            <div className="carousel-caption content">{slide.content}</div>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className="carousel-controls">
          <button
            type="button"
            className="carousel-button"
            onClick={() => show((target.current ?? current) - 1)}
          >
            <span className="sr-only">{site.labels.previous}</span>
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none">
              <path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="2.5" />
            </svg>
          </button>
          <p className="carousel-status" aria-live="polite">
            {name(current)}
          </p>
          <button
            type="button"
            className="carousel-button"
            onClick={() => show((target.current ?? current) + 1)}
          >
            <span className="sr-only">{site.labels.next}</span>
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none">
              <path d="M9 5l7 7-7 7" stroke="currentColor" strokeWidth="2.5" />
            </svg>
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** Items side by side: `columns` per row on a desktop screen (at most 6), fewer on smaller ones. */
export function ItemGrid({
  columns,
  items,
  boxed,
  style,
}: {
  columns: number;
  items: SlideItem[];
  /** Drawn as boxes, as the original's items were: a border, a fill of their own, a shadow. */
  boxed?: ItemBox[];
  /** The boxes' own colours, border and corners (`--box-*` properties, base.css). */
  style?: CSSProperties;
}) {
  const cols = Math.min(6, Math.max(1, Math.round(columns) || 1));
  const boxes = (boxed ?? []).map((kind) => ' box-' + kind).join('');
  return (
    <ul className={'items cols-' + cols + (boxes ? ' is-boxed' + boxes : '')} style={style}>
      {items.map((item, index) => (
        <li key={index} className="item">
          {item.picture}
          <div className="item-body">{item.content}</div>
        </li>
      ))}
    </ul>
  );
}
