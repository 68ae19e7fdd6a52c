import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { SiteCheckResult } from '@sitelift/shared/schemas/site-check';
import {
  UNBUILT_LINKS_CHOICES,
  type UnbuiltLinks,
} from '@sitelift/shared/validation/create-project';
import { inputClasses } from '../../../components/ui/form-field';
import { landingAnchors, paths } from '../../../config/paths';
import { cn } from '../../../utils/cn';
import { toPageScope, toPagesLabel, toPathPatterns } from '../utils/page-scope';

/** The two choices for links to pages that are not rebuilt, as the form offers them. */
const UNBUILT_LINKS_LABELS: Record<UnbuiltLinks, { title: string; hint: string }> = {
  keep: {
    title: 'Keep them, pointing at the original site',
    hint: 'Each one is listed in the report.',
  },
  remove: {
    title: 'Remove the link, keep its words',
    hint: 'For when the old site goes offline.',
  },
};

/** What the user chose: path patterns and the choice for links to pages not rebuilt. */
export interface PageScopeValue {
  includePaths: string[];
  excludePaths: string[];
  unbuiltLinks: UnbuiltLinks;
}

/**
 * "Pages to rebuild" on the create form (issue 24 item 2): how many pages the check found, how many
 * the plan's limit covers and which robots.txt keeps out; the paths to include or leave out, with the
 * resulting count; and what becomes of links to the pages that are not rebuilt.
 */
export function PageScopeFields({
  check,
  value,
  onChange,
  errors,
}: {
  /** The site check's answer, once there is one. */
  check: SiteCheckResult | undefined;
  value: PageScopeValue;
  onChange(value: PageScopeValue): void;
  errors: { includePaths?: string; excludePaths?: string };
}) {
  const id = useId();
  // The text as typed (blank lines and all); the form holds the patterns.
  const [includeText, setIncludeText] = useState(value.includePaths.join('\n'));
  const [excludeText, setExcludeText] = useState(value.excludePaths.join('\n'));
  const hasFilter = value.includePaths.length > 0 || value.excludePaths.length > 0;
  const [isOpen, setIsOpen] = useState(hasFilter || value.unbuiltLinks !== 'keep');
  const scope = check
    ? toPageScope(check, { include: value.includePaths, exclude: value.excludePaths })
    : undefined;
  const isOverLimit = scope !== undefined && scope.selected > scope.rebuilt;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-slate-50/60 p-4"
      data-testid="page-scope"
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        Pages to rebuild
      </h3>
      {scope && check ? (
        <div className="mt-1 space-y-1 text-sm text-slate-700" aria-live="polite">
          <p>
            <span className="font-semibold text-slate-900">
              {scope.rebuilt.toLocaleString('en-US')} of{' '}
              {toPagesLabel(scope.found, scope.isEstimate)}
            </span>{' '}
            will be rebuilt
            {hasFilter && scope.selected < scope.readable && (
              <> ({toPagesLabel(scope.selected, scope.isEstimate)} match your paths)</>
            )}
            .
          </p>
          <p className="text-xs text-slate-600">
            Your plan rebuilds up to {toPagesLabel(check.page_limit)} per site
            {isOverLimit ? ', those closest to the start page first. ' : '. '}
            {isOverLimit && (
              <Link
                to={`${paths.home.getHref()}#${landingAnchors.pricing}`}
                className="font-medium text-brand-700 underline"
              >
                See plans
              </Link>
            )}
          </p>
          {check.robots_excluded.length > 0 && (
            <p className="text-xs text-slate-600">
              {toPagesLabel(check.robots_excluded.length)} excluded by the site’s robots.txt.
            </p>
          )}
          <p className="text-xs text-slate-500">
            The report lists every page that is not rebuilt, and why.
          </p>
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          Every page linked from the start page or listed in the site’s sitemap, up to your plan’s
          limit.
        </p>
      )}

      <details
        className="group mt-3"
        open={isOpen}
        onToggle={(event) => setIsOpen(event.currentTarget.open)}
      >
        <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline">
          Choose pages and links
        </summary>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <PatternsField
            id={`${id}-include`}
            label="Only these paths"
            hint="One per line, e.g. /blog/ or /docs/**. Empty: every page."
            text={includeText}
            error={errors.includePaths}
            onChange={(text) => {
              setIncludeText(text);
              onChange({ ...value, includePaths: toPathPatterns(text) });
            }}
          />
          <PatternsField
            id={`${id}-exclude`}
            label="Leave out"
            hint="One per line, e.g. /tag/ or /news/*/print."
            text={excludeText}
            error={errors.excludePaths}
            onChange={(text) => {
              setExcludeText(text);
              onChange({ ...value, excludePaths: toPathPatterns(text) });
            }}
          />
        </div>
        <fieldset className="mt-4">
          <legend className="mb-2 text-sm font-medium text-slate-700">
            Links to pages that are not rebuilt
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {UNBUILT_LINKS_CHOICES.map((choice) => (
              <label
                key={choice}
                className={cn(
                  'flex cursor-pointer items-start gap-2 rounded-lg border bg-white p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300',
                  value.unbuiltLinks === choice
                    ? 'border-brand-500 ring-1 ring-brand-500'
                    : 'border-slate-200 hover:border-slate-300',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-unbuilt-links`}
                  value={choice}
                  checked={value.unbuiltLinks === choice}
                  onChange={() => onChange({ ...value, unbuiltLinks: choice })}
                  className="mt-0.5 accent-brand-600"
                />
                <span>
                  <span className="block font-medium text-slate-900">
                    {UNBUILT_LINKS_LABELS[choice].title}
                  </span>
                  <span className="block text-xs text-slate-600">
                    {UNBUILT_LINKS_LABELS[choice].hint}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </details>
    </section>
  );
}

function PatternsField({
  id,
  label,
  hint,
  text,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  text: string;
  error: string | undefined;
  onChange(text: string): void;
}) {
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        spellCheck={false}
        autoCapitalize="off"
        value={text}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClasses(Boolean(error), 'resize-y font-mono')}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
