import { useEffect } from 'react';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { getErrorMessage } from '../../../lib/api-client';
import { useSiteCheck } from '../api/check-site';

/** What the quick check says could not be read; the project can still be created. */
export const SITE_CHECK_FAILED_HINT =
  'If you create the project anyway and the run fails, your credit is refunded automatically.';

/**
 * The result of the quick look at the entered site (issue 15 item 2), shown under the URL before a
 * credit is spent: reachable, roughly how many pages, and anything worth knowing (robots.txt, a
 * login wall, an app rather than pages, content built by JavaScript).
 */
export function SiteCheckPanel({
  sourceUrl,
  onChecked,
}: {
  sourceUrl: string | null;
  /** The address that answered (http:// for a bare host:port that does not speak https). */
  onChecked?: (url: string) => void;
}) {
  const check = useSiteCheck(sourceUrl);
  const answeredUrl = check.data?.url;
  useEffect(() => {
    if (answeredUrl !== undefined) onChecked?.(answeredUrl);
    // Once per answer; the callback's identity does not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answeredUrl]);
  if (sourceUrl === null) return null;
  if (check.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Checking the site…
      </p>
    );
  }
  if (check.isError) {
    return (
      <Alert tone="warning" title="We could not read this site">
        <p>{getErrorMessage(check.error, 'The site could not be checked.')}</p>
        <p className="mt-1">{SITE_CHECK_FAILED_HINT}</p>
      </Alert>
    );
  }
  const result = check.data;
  const pages =
    result.pages_found === 1
      ? 'one page'
      : `${result.pages_found.toLocaleString('en-US')}${result.pages_capped ? '+' : ''} pages found`;
  return (
    <div className="space-y-2" data-testid="site-check">
      <p role="status" className="flex items-start gap-2 text-sm text-slate-700">
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
        <span className="min-w-0">
          <span className="font-medium">Reachable</span>
          {result.title && (
            <>
              {' '}
              — <span className="break-words">“{result.title}”</span>
            </>
          )}
          , {pages}
          {result.final_url !== result.url && (
            <span className="block break-all text-xs text-slate-500">
              Redirects to {result.final_url}
            </span>
          )}
        </span>
      </p>
      {result.warnings.map((warning) => (
        <Alert
          key={warning.code}
          tone={warning.code === 'robots_disallowed' ? 'error' : 'warning'}
          className="py-2"
        >
          {warning.message}
        </Alert>
      ))}
    </div>
  );
}
