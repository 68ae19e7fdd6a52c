import { useState } from 'react';
import { Link } from 'react-router';
import {
  Copy,
  ExternalLink,
  Globe,
  RefreshCw,
  ScrollText,
  Trash2,
  UploadCloud,
} from 'lucide-react';
import type { Project } from '@sitelift/shared/schemas/project';
import {
  HOSTING_PROVIDER_LABELS,
  type HostingMode,
  type HostingProvider,
} from '@sitelift/shared/schemas/hosting';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-client';
import {
  deployToHost,
  removeHostedSite,
  useHostingSettings,
  useProjectHostingRuns,
} from '../api/hosting';

/** The panel's texts (tests and the e2e spec read them). */
export const HOSTED_SITE_TEXT = {
  deploy: 'Deploy to hosting',
  deployAgain: 'Deploy again',
  remove: 'Remove',
  claimLink: 'Claim link for the site’s owner',
  copied: 'Copied',
  removeTitle: 'Remove the hosted site?',
  removeDescription:
    'The site is deleted at the host and its address stops working. The project itself stays.',
} as const;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatDate(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

/** Choose a host and how to deploy: with the user's account, or claimable by the site's owner. */
function DeployDialog({
  project,
  open,
  onOpenChange,
}: {
  project: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const settings = useHostingSettings({ enabled: open });
  const providers = settings.data?.providers ?? [];
  const [choice, setChoice] = useState<{ provider: HostingProvider; mode: HostingMode } | null>(
    null,
  );
  const [error, setError] = useState<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const options = providers.flatMap((provider) => [
    ...(provider.connected
      ? [
          {
            provider: provider.provider,
            mode: 'own' as const,
            title: provider.label,
            detail: `To your account ${provider.account ?? ''}`.trim(),
          },
        ]
      : []),
    ...(provider.claimable
      ? [
          {
            provider: provider.provider,
            mode: 'claim' as const,
            title: `${provider.label}, claimable`,
            detail: 'No account needed: you get a link that hands the site to its owner.',
          },
        ]
      : []),
  ]);
  const selected = choice ?? options[0] ?? null;
  const onDeploy = async () => {
    if (!selected) return;
    setIsStarting(true);
    setError(null);
    try {
      await deployToHost(project.id, { provider: selected.provider, mode: selected.mode });
      onOpenChange(false);
    } catch (caught) {
      setError(getErrorMessage(caught, 'The deploy could not start. Try again.'));
    } finally {
      setIsStarting(false);
    }
  };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Deploy to hosting"
      description={`Publish ${project.name} at a live address.`}
    >
      {settings.isPending && (
        <p className="text-sm text-slate-500" role="status">
          Loading...
        </p>
      )}
      {settings.isSuccess && options.length === 0 && (
        <p className="text-sm text-slate-700">
          Connect Netlify, Vercel or Cloudflare Pages first in{' '}
          <Link to={paths.editProfile.getHref()} className="font-medium text-brand-700 underline">
            Settings → Hosting
          </Link>
          .
        </p>
      )}
      {options.length > 0 && (
        <fieldset>
          <legend className="sr-only">Where to deploy</legend>
          <div className="space-y-2">
            {options.map((option) => {
              const isSelected =
                selected?.provider === option.provider && selected.mode === option.mode;
              return (
                <label
                  key={`${option.provider}-${option.mode}`}
                  className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 ${
                    isSelected ? 'border-brand-600 bg-brand-50' : 'border-slate-200'
                  }`}
                >
                  <input
                    type="radio"
                    name={`host-${project.id}`}
                    className="mt-1"
                    checked={isSelected}
                    onChange={() => setChoice({ provider: option.provider, mode: option.mode })}
                  />
                  <span className="min-w-0">
                    <span className="block text-sm font-medium text-slate-900">{option.title}</span>
                    <span className="block text-sm break-words text-slate-600">
                      {option.detail}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button disabled={!selected || isStarting} onClick={() => void onDeploy()}>
          <UploadCloud className="size-4" aria-hidden /> {isStarting ? 'Starting...' : 'Deploy'}
        </Button>
      </div>
    </Modal>
  );
}

/** The last run's log lines. */
function RunLog({ project }: { project: Project }) {
  const hosting = project.hosting;
  const runs = useProjectHostingRuns(project.id, hosting?.deploy_id ?? null, true);
  const last = runs.data?.deploys[0];
  if (runs.isPending) return <p className="mt-2 text-xs text-slate-500">Loading...</p>;
  if (!last) return null;
  return (
    <ol className="mt-2 max-h-48 space-y-1 overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs break-words text-slate-100">
      {last.logs.map((line, index) => (
        <li key={index} className={line.level === 'ERROR' ? 'text-red-300' : undefined}>
          {line.message}
        </li>
      ))}
    </ol>
  );
}

/**
 * The hosted site of a completed project (issue 27) on its card: "Deploy to hosting", then the live
 * address, the claim link with its expiry, progress while a run works, the host's answer when it
 * failed, "Deploy again" (same site) and "Remove" (deleted at the host).
 */
export function HostedSitePanel({ project }: { project: Project }) {
  const hosting = project.hosting ?? null;
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [isRemoveOpen, setIsRemoveOpen] = useState(false);
  const [isLogOpen, setIsLogOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const isWorking = hosting?.status === 'deploying' || hosting?.status === 'removing';

  const onDeployAgain = async () => {
    if (!hosting) return;
    setIsBusy(true);
    setError(null);
    try {
      await deployToHost(project.id, { provider: hosting.provider, mode: hosting.mode });
    } catch (caught) {
      setError(getErrorMessage(caught, 'The deploy could not start. Try again.'));
    } finally {
      setIsBusy(false);
    }
  };
  const onRemove = async () => {
    setIsBusy(true);
    setError(null);
    try {
      await removeHostedSite(project.id);
      setIsRemoveOpen(false);
    } catch (caught) {
      setError(getErrorMessage(caught, 'The site could not be removed. Try again.'));
    } finally {
      setIsBusy(false);
    }
  };
  const onCopy = async () => {
    if (!hosting?.claim_url) return;
    await navigator.clipboard.writeText(hosting.claim_url).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };

  if (!hosting) {
    return (
      <div className="mt-3">
        <Button size="sm" variant="outline" onClick={() => setIsDialogOpen(true)}>
          <Globe className="size-4" aria-hidden /> {HOSTED_SITE_TEXT.deploy}
        </Button>
        {isDialogOpen && (
          <DeployDialog project={project} open={isDialogOpen} onOpenChange={setIsDialogOpen} />
        )}
      </div>
    );
  }

  const label = HOSTING_PROVIDER_LABELS[hosting.provider];
  const expires = formatDate(hosting.claim_expires_at);
  return (
    <section
      aria-label={`Hosting of ${project.name}`}
      className="mt-3 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4"
      data-hosting-status={hosting.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Globe className="size-4 text-slate-500" aria-hidden />
          {label}
          {hosting.mode === 'claim' && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
              Claimable
            </span>
          )}
        </p>
        {isWorking && (
          <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
            <Spinner className="text-brand-600" />
            {hosting.status === 'removing'
              ? 'Removing...'
              : hosting.progress && hosting.progress.total > 0
                ? `${hosting.progress.label}: ${hosting.progress.done} of ${hosting.progress.total}`
                : (hosting.progress?.label ?? 'Deploying...')}
          </p>
        )}
      </div>
      {hosting.url && (
        <p className="mt-2 text-sm break-all">
          <span className="text-slate-600">
            {hosting.status === 'live' ? 'Live at ' : 'Last live at '}
          </span>
          <a
            href={hosting.url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 hover:underline"
          >
            {hosting.url}
            <ExternalLink className="ml-1 inline size-3.5 align-[-2px]" aria-hidden />
          </a>
        </p>
      )}
      {hosting.claim_url && (
        <div className="mt-2 rounded-lg border border-amber-200 bg-white p-3">
          <p className="text-sm font-medium text-slate-900">{HOSTED_SITE_TEXT.claimLink}</p>
          <p className="mt-1 font-mono text-xs break-all text-slate-600">{hosting.claim_url}</p>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <Button size="sm" variant="outline" onClick={() => void onCopy()}>
              <Copy className="size-4" aria-hidden />{' '}
              {copied ? HOSTED_SITE_TEXT.copied : 'Copy link'}
            </Button>
            {expires && <span className="text-xs text-slate-500">Works until {expires}</span>}
          </div>
        </div>
      )}
      {hosting.status === 'failed' && hosting.error && (
        <p className="mt-2 text-sm break-words text-red-700">{hosting.error}</p>
      )}
      {error && (
        <Alert tone="error" className="mt-2">
          {error}
        </Alert>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={isWorking || isBusy}
          onClick={() => void (hosting.url ? onDeployAgain() : setIsDialogOpen(true))}
        >
          <RefreshCw className="size-4" aria-hidden />{' '}
          {hosting.url ? HOSTED_SITE_TEXT.deployAgain : HOSTED_SITE_TEXT.deploy}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-expanded={isLogOpen}
          onClick={() => setIsLogOpen((open) => !open)}
        >
          <ScrollText className="size-4" aria-hidden /> {isLogOpen ? 'Hide log' : 'Deploy log'}
        </Button>
        {hosting.url && (
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            disabled={isWorking || isBusy}
            onClick={() => setIsRemoveOpen(true)}
          >
            <Trash2 className="size-4" aria-hidden /> {HOSTED_SITE_TEXT.remove}
          </Button>
        )}
      </div>
      {isLogOpen && <RunLog project={project} />}
      {isDialogOpen && (
        <DeployDialog project={project} open={isDialogOpen} onOpenChange={setIsDialogOpen} />
      )}
      <ConfirmDialog
        open={isRemoveOpen}
        onOpenChange={setIsRemoveOpen}
        onConfirm={() => void onRemove()}
        isConfirming={isBusy}
        title={HOSTED_SITE_TEXT.removeTitle}
        description={`${HOSTED_SITE_TEXT.removeDescription} (${label}: ${hosting.url ?? ''})`}
        confirmLabel="Remove site"
        tone="danger"
      />
    </section>
  );
}
