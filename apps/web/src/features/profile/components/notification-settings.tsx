import { useId, useState } from 'react';
import { NOTIFICATION_MESSAGES } from '@sitelift/shared/messages';
import type { Profile } from '@sitelift/shared/schemas/auth';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { paths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query-client';
import { PROFILE_QUERY_KEY } from '../api/get-profile';

/**
 * The profile's Notifications card (issue 22 item 4): project e-mails on or off, saved on the server
 * at once (`PATCH /api/me/profile { notify_job_outcome }`), on by default.
 */
export function NotificationSettings({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const checkboxId = useId();
  const hintId = useId();
  const [checked, setChecked] = useState(profile.notify_job_outcome !== false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (value: boolean) =>
      apiRequest('/api/me/profile', { method: 'PATCH', body: { notify_job_outcome: value } }),
    onMutate: () => setNotice(null),
    onSuccess: () => {
      setNotice({ tone: 'success', text: NOTIFICATION_MESSAGES.saved });
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
    onError: (_, value) => {
      setChecked(!value);
      setNotice({ tone: 'error', text: NOTIFICATION_MESSAGES.saveFailed });
    },
  });

  return (
    <section
      aria-labelledby={`${checkboxId}-title`}
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${checkboxId}-title`} className="text-base font-semibold text-slate-900">
        {NOTIFICATION_MESSAGES.settingsTitle}
      </h2>
      <div className="mt-4 flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          checked={checked}
          disabled={save.isPending}
          aria-describedby={hintId}
          onChange={(event) => {
            setChecked(event.target.checked);
            save.mutate(event.target.checked);
          }}
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
        />
        <div className="min-w-0">
          <label htmlFor={checkboxId} className="text-sm font-medium text-slate-900">
            {NOTIFICATION_MESSAGES.jobOutcomeLabel}
          </label>
          <p id={hintId} className="mt-0.5 text-sm text-slate-600">
            {NOTIFICATION_MESSAGES.jobOutcomeHint}
          </p>
        </div>
      </div>
      <p className="mt-4 border-t border-slate-100 pt-4 text-sm text-slate-600">
        Want these events in your own tools?{' '}
        <Link to={paths.webhooks.getHref()} className="font-medium text-brand-700 hover:underline">
          Set up webhooks
        </Link>
      </p>
      {notice && (
        <Alert tone={notice.tone} className="mt-4">
          {notice.text}
        </Alert>
      )}
    </section>
  );
}
