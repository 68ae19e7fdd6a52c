import { useId, useState } from 'react';
import { Copy, Link2 } from 'lucide-react';
import { AUTH_MESSAGES, SHARE_MESSAGES } from '@sitelift/shared/messages';
import {
  DEFAULT_SHARE_LINK_EXPIRY_DAYS,
  SHARE_LINK_EXPIRY_DAYS,
} from '@sitelift/shared/schemas/share-link';
import type { Project } from '@sitelift/shared/schemas/project';
import type { ShareLink } from '@sitelift/shared/schemas/share-link';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useMutation, useQueryClient } from '../../../lib/query-client';
import {
  createShareLink,
  revokeShareLink,
  shareLinksQueryKey,
  useShareLinks,
} from '../api/share-links';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
}

/**
 * 'Share' on a completed project (issue 22 item 3): make a link to the live preview that anyone can
 * open without an account (1, 7 or 30 days), copy it — it is shown once — and revoke live links.
 */
export function SharePreviewDialog({
  project,
  open,
  onOpenChange,
}: {
  project: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const expiryId = useId();
  const urlId = useId();
  const [days, setDays] = useState<number>(DEFAULT_SHARE_LINK_EXPIRY_DAYS);
  const [created, setCreated] = useState<ShareLink | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const links = useShareLinks(project.id, open);

  const create = useMutation({
    mutationFn: () => createShareLink(project.id, days),
    onMutate: () => setNotice(null),
    onSuccess: (link) => {
      setCreated(link);
      void queryClient.invalidateQueries({ queryKey: shareLinksQueryKey(project.id) });
    },
    onError: () => setNotice({ tone: 'error', text: SHARE_MESSAGES.createFailed }),
  });
  const revoke = useMutation({
    mutationFn: (linkId: string) => revokeShareLink(project.id, linkId),
    onMutate: () => setNotice(null),
    onSuccess: (_, linkId) => {
      if (created?.id === linkId) setCreated(null);
      setNotice({ tone: 'success', text: SHARE_MESSAGES.revoked });
      void queryClient.invalidateQueries({ queryKey: shareLinksQueryKey(project.id) });
    },
    onError: () => setNotice({ tone: 'error', text: SHARE_MESSAGES.revokeFailed }),
  });

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setNotice({ tone: 'success', text: SHARE_MESSAGES.copied });
    } catch {
      setNotice({ tone: 'error', text: SHARE_MESSAGES.copyFailed });
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setCreated(null);
          setNotice(null);
        }
        onOpenChange(next);
      }}
      title={SHARE_MESSAGES.title(project.name)}
      description={SHARE_MESSAGES.description}
      size="large"
    >
      <form
        aria-label={SHARE_MESSAGES.create}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={expiryId} className="text-sm font-medium text-slate-700">
            {SHARE_MESSAGES.expiryLabel}
          </label>
          <select
            id={expiryId}
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
            className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
          >
            {SHARE_LINK_EXPIRY_DAYS.map((option) => (
              <option key={option} value={option}>
                {SHARE_MESSAGES.expiryOption(option)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={create.isPending}>
          <Link2 className="size-4" aria-hidden />
          {create.isPending ? SHARE_MESSAGES.creating : SHARE_MESSAGES.create}
        </Button>
      </form>

      {created?.url && (
        <div className="mt-5 rounded-xl border border-brand-200 bg-brand-50/60 p-4">
          <label htmlFor={urlId} className="text-sm font-semibold text-slate-900">
            {SHARE_MESSAGES.newLinkLabel}
          </label>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <input
              id={urlId}
              readOnly
              value={created.url}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 font-mono text-xs text-slate-800"
            />
            <Button variant="secondary" onClick={() => void copy(created.url ?? '')}>
              <Copy className="size-4" aria-hidden />
              {SHARE_MESSAGES.copy}
            </Button>
          </div>
          <p className="mt-2 text-xs text-slate-600">
            {SHARE_MESSAGES.shownOnce}{' '}
            {SHARE_MESSAGES.linkSummary(
              formatDate(created.created_at),
              formatDate(created.expires_at),
            )}
          </p>
        </div>
      )}

      {notice && (
        <Alert tone={notice.tone} className="mt-4">
          {notice.text}
        </Alert>
      )}

      <section className="mt-6" aria-labelledby={`${urlId}-active`}>
        <h3 id={`${urlId}-active`} className="text-sm font-semibold text-slate-900">
          {SHARE_MESSAGES.activeLinks}
        </h3>
        {links.isError ? (
          <p className="mt-2 text-sm text-red-700">{SHARE_MESSAGES.loadFailed}</p>
        ) : !links.data ? (
          <p className="mt-2 text-sm text-slate-600">{AUTH_MESSAGES.loading}</p>
        ) : links.data.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{SHARE_MESSAGES.noActiveLinks}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
            {links.data.map((link) => {
              const createdAt = formatDate(link.created_at);
              return (
                <li key={link.id} className="flex items-center justify-between gap-3 px-3 py-2.5">
                  <span className="min-w-0 text-sm text-slate-700">
                    {SHARE_MESSAGES.linkSummary(createdAt, formatDate(link.expires_at))}
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="shrink-0 text-red-700 hover:bg-red-50 hover:text-red-800"
                    disabled={revoke.isPending}
                    aria-label={SHARE_MESSAGES.revokeLabel(createdAt)}
                    onClick={() => revoke.mutate(link.id)}
                  >
                    {SHARE_MESSAGES.revoke}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </Modal>
  );
}
