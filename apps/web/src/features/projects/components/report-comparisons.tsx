import { useId, useState } from 'react';
import type { SiteliftReport } from '@sitelift/shared/schemas/report';
import { cn } from '../../../utils/cn';
import {
  SCREENSHOT_VIEWPORTS,
  toComparisonNames,
  toScreenshotSrc,
  type ScreenshotViewport,
} from '../utils/screenshot-names';
import { toReadablePath } from '../utils/readable-path';
import { BeforeAfterSlider } from './before-after-slider';

const VIEWPORTS = Object.keys(SCREENSHOT_VIEWPORTS) as ScreenshotViewport[];

/** How a page is named in the picker: its route first (sites often give every page one title). */
function toPageLabel(page: SiteliftReport['pages'][number]): string {
  const route = toReadablePath(page.route);
  return page.title && page.title !== page.route ? `${route} — ${page.title}` : route;
}

function Screenshot({
  src,
  alt,
  viewport,
}: {
  src: string;
  alt: string;
  viewport: ScreenshotViewport;
}) {
  const size = SCREENSHOT_VIEWPORTS[viewport];
  return (
    <img
      src={src}
      alt={alt}
      width={size.width}
      height={size.height}
      loading="lazy"
      className="w-full rounded-lg border border-slate-200 bg-slate-100"
    />
  );
}

/**
 * Before/after of every page of the report at desktop and phone width: a page picker, a viewport
 * switch and a slider over the two screenshots (one picture with a note when a side is missing).
 */
export function ReportComparisons({
  projectId,
  pages,
  screenshots,
}: {
  projectId: string;
  pages: SiteliftReport['pages'];
  /** The stored screenshot names (`report_summary.screenshots`). */
  screenshots: readonly string[];
}) {
  const [pageIndex, setPageIndex] = useState(0);
  const [viewport, setViewport] = useState<ScreenshotViewport>('desktop');
  const pickerId = useId();
  const page = pages[pageIndex] ?? pages[0];

  if (!page || screenshots.length === 0) {
    return <p className="text-slate-600">No screenshots were taken for this run.</p>;
  }
  const size = SCREENSHOT_VIEWPORTS[viewport];
  const names = toComparisonNames(page.route, viewport, screenshots);
  const where = `${page.title || toReadablePath(page.route)} at ${size.label.toLowerCase()} width`;
  const url = (name: string) => toScreenshotSrc(projectId, name);

  return (
    <div className="space-y-3">
      <div className="flex items-end gap-x-3">
        {pages.length > 1 && (
          <div className="min-w-0 flex-1">
            <label htmlFor={pickerId} className="block text-xs font-medium text-slate-600">
              Page ({pages.length})
            </label>
            <select
              id={pickerId}
              value={pageIndex}
              onChange={(event) => setPageIndex(Number(event.target.value))}
              className="mt-1 block h-9 w-full min-w-0 truncate rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
            >
              {pages.map((item, index) => (
                <option key={`${item.route}-${item.url}`} value={index}>
                  {toPageLabel(item)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div
          role="group"
          aria-label="Screen width"
          className="inline-flex shrink-0 rounded-lg border border-slate-300 bg-white p-0.5"
        >
          {VIEWPORTS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={viewport === option}
              onClick={() => setViewport(option)}
              className={cn(
                'h-8 rounded-md px-2.5 text-sm font-medium sm:px-3 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
                viewport === option
                  ? 'bg-slate-900 text-white'
                  : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {SCREENSHOT_VIEWPORTS[option].label}{' '}
              <span className="sr-only">({SCREENSHOT_VIEWPORTS[option].width} px)</span>
            </button>
          ))}
        </div>
      </div>

      <div className={cn('mx-auto', viewport === 'mobile' ? 'max-w-56' : 'max-w-2xl')}>
        {names.before && names.after ? (
          <BeforeAfterSlider
            key={`${page.route}-${viewport}`}
            label={`Compare ${where}`}
            before={{ src: url(names.before), alt: `Original: ${where}` }}
            after={{ src: url(names.after), alt: `Rebuild: ${where}` }}
            width={size.width}
            height={size.height}
          />
        ) : names.after ? (
          <figure>
            <Screenshot src={url(names.after)} alt={`Rebuild: ${where}`} viewport={viewport} />
            <figcaption className="mt-1 text-xs text-slate-500">
              The rebuild only: the original page could not be screenshotted.
            </figcaption>
          </figure>
        ) : names.before ? (
          <figure>
            <Screenshot src={url(names.before)} alt={`Original: ${where}`} viewport={viewport} />
            <figcaption className="mt-1 text-xs text-slate-500">
              The original only: the rebuilt page could not be screenshotted.
            </figcaption>
          </figure>
        ) : (
          <p className="text-slate-600">No screenshots of this page.</p>
        )}
      </div>
    </div>
  );
}
