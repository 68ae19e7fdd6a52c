import { useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { ChevronsLeftRight } from 'lucide-react';
import { cn } from '../../../utils/cn';

/** Keyboard steps of the divider, in percent of the width. */
export const SLIDER_STEP = 5;
export const SLIDER_FINE_STEP = 1;
export const SLIDER_PAGE_STEP = 25;

function clamp(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value)));
}

/**
 * Two screenshots of the same size on top of each other: the original on the left of a divider, the
 * rebuild on its right. The divider is a WAI-ARIA slider: arrows move it by 5 % (with Shift by 1 %),
 * Page Up/Down by 25 %, Home and End to either edge; a pointer drags it or clicks it into place.
 */
export function BeforeAfterSlider({
  label,
  before,
  after,
  width,
  height,
  className,
}: {
  /** Names the slider, e.g. 'Compare Home at desktop width'. */
  label: string;
  before: { src: string; alt: string };
  after: { src: string; alt: string };
  /** The screenshots' size in pixels (both sides have the same). */
  width: number;
  height: number;
  className?: string;
}) {
  const [position, setPosition] = useState(50);
  const [hasBrokenImage, setHasBrokenImage] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const moveTo = (clientX: number) => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setPosition(clamp(((clientX - box.left) / box.width) * 100));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? SLIDER_FINE_STEP : SLIDER_STEP;
    const next: Record<string, number> = {
      ArrowLeft: position - step,
      ArrowDown: position - step,
      ArrowRight: position + step,
      ArrowUp: position + step,
      PageDown: position - SLIDER_PAGE_STEP,
      PageUp: position + SLIDER_PAGE_STEP,
      Home: 0,
      End: 100,
    };
    const value = next[event.key];
    if (value === undefined) return;
    event.preventDefault();
    setPosition(clamp(value));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    moveTo(event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(event.clientX);
  };
  const onPointerEnd = () => {
    dragging.current = false;
  };

  if (hasBrokenImage) {
    return (
      <p
        role="status"
        className={cn(
          'flex w-full items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4 text-center text-slate-600',
          className,
        )}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        The screenshots could not be loaded.
      </p>
    );
  }

  return (
    <div
      ref={frame}
      className={cn(
        'relative w-full touch-pan-y overflow-hidden rounded-lg border border-slate-200 bg-slate-100 select-none',
        className,
      )}
      style={{ aspectRatio: `${width} / ${height}` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <img
        src={after.src}
        alt={after.alt}
        width={width}
        height={height}
        loading="lazy"
        draggable={false}
        onError={() => setHasBrokenImage(true)}
        className="absolute inset-0 size-full object-cover object-top"
      />
      <img
        src={before.src}
        alt={before.alt}
        width={width}
        height={height}
        loading="lazy"
        draggable={false}
        onError={() => setHasBrokenImage(true)}
        className="absolute inset-0 size-full object-cover object-top"
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />
      <span
        aria-hidden
        className="pointer-events-none absolute top-2 left-2 rounded bg-slate-900/75 px-1.5 py-0.5 text-xs font-semibold text-white"
      >
        Before
      </span>
      <span
        aria-hidden
        className="pointer-events-none absolute top-2 right-2 rounded bg-brand-700/90 px-1.5 py-0.5 text-xs font-semibold text-white"
      >
        After
      </span>
      <div
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={position}
        aria-valuetext={`${position} % original, ${100 - position} % rebuild`}
        onKeyDown={onKeyDown}
        className="group absolute inset-y-0 -ml-5 flex w-10 cursor-ew-resize justify-center focus-visible:outline-none"
        style={{ left: `${position}%` }}
      >
        <span aria-hidden className="h-full w-0.5 bg-white shadow-[0_0_0_1px_rgb(15_23_42/0.35)]" />
        <span
          aria-hidden
          className="absolute top-1/2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-brand-600"
        >
          <ChevronsLeftRight className="size-4" />
        </span>
      </div>
    </div>
  );
}
