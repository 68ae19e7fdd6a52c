import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SECURITY_MESSAGES } from '@sitelift/shared/messages';
import { Alert } from '../../../components/ui/alert';
import { useAccountSecurity } from '../api/security';
import { DataExportSettings, DeleteAccountSettings } from './data-settings';
import { DeviceSessions } from './device-sessions';
import { LinkedAccounts } from './linked-accounts';
import { PasskeySettings } from './passkey-settings';
import { TwoFactorSettings } from './two-factor-settings';

/** The Security section of the profile: two-factor sign-in, passkeys, devices, and leaving with your data. */
export function SecuritySettings() {
  const security = useAccountSecurity();
  const location = useLocation();
  // The e-mails link to #security and #data: scroll there once the section exists.
  useEffect(() => {
    if (!security.data || !location.hash) return;
    document.getElementById(location.hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [security.data, location.hash]);
  return (
    <>
      <section
        id="security"
        aria-labelledby="security-title"
        className="mt-8 scroll-mt-24 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <div className="border-b border-slate-200 px-5 py-4 sm:px-6">
          <h2 id="security-title" className="text-base font-semibold text-slate-900">
            {SECURITY_MESSAGES.sectionTitle}
          </h2>
        </div>
        {security.isError && (
          <Alert tone="error" className="m-5">
            Could not load your security settings. Please refresh the page.
          </Alert>
        )}
        <div className="divide-y divide-slate-200">
          {security.data && <TwoFactorSettings security={security.data} />}
          {security.data && <LinkedAccounts security={security.data} />}
          <PasskeySettings />
          <DeviceSessions />
        </div>
      </section>
      <section
        aria-labelledby="data-title"
        className="mt-8 scroll-mt-24 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <div className="border-b border-slate-200 px-5 py-4 sm:px-6">
          <h2 id="data-title" className="text-base font-semibold text-slate-900">
            {SECURITY_MESSAGES.dataTitle}
          </h2>
        </div>
        <div className="divide-y divide-slate-200">
          <DataExportSettings />
          <DeleteAccountSettings twoFactorEnabled={security.data?.two_factor_enabled ?? false} />
        </div>
      </section>
    </>
  );
}
