import { PrivacyPolicy } from '../../features/legal/components/privacy-policy';
import { TermsOfService } from '../../features/legal/components/terms-of-service';

/** /terms */
export function TermsRoute() {
  return (
    <>
      <title>Terms of Service — Sitelift</title>
      <TermsOfService />
    </>
  );
}

/** /privacy */
export function PrivacyRoute() {
  return (
    <>
      <title>Privacy Policy — Sitelift</title>
      <PrivacyPolicy />
    </>
  );
}
