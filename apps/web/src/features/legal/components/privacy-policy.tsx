import { LegalPage } from './legal-page';

/** /privacy: the privacy policy. */
export function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy" updated="November 21, 2026">
      <section>
        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Account data:</strong> your e-mail address, a hash of your password (never the
            password itself), and — if you add them — your name, company and avatar URL.
          </li>
          <li>
            <strong>Project data:</strong> the URLs you submit, the public content read from them,
            the generated code, job logs and reports.
          </li>
          <li>
            <strong>Technical data:</strong> session cookies needed to keep you signed in and server
            logs (IP address, time, request path) kept for security.
          </li>
          <li>
            <strong>Billing data:</strong> handled by our payment provider; we store only your plan,
            credit balance and payment status.
          </li>
        </ul>
      </section>
      <section>
        <h2>How we use it</h2>
        <p>
          To run your account and projects, send the e-mails you ask for (verification, password
          reset, e-mail change), keep the service secure and meet legal obligations. We do not sell
          your data and we do not use it for advertising.
        </p>
      </section>
      <section>
        <h2>Cookies</h2>
        <p>
          Sitelift uses a strictly necessary, httpOnly session cookie to keep you signed in. We do
          not use tracking or advertising cookies.
        </p>
      </section>
      <section>
        <h2>Websites you submit</h2>
        <p>
          We read only the public, rendered HTML of the pages you submit and the assets they
          reference. Personal data that happens to appear on those public pages is processed only to
          build your project.
        </p>
      </section>
      <section>
        <h2>GitHub</h2>
        <p>
          If you connect GitHub, we store an access token to create repositories on your behalf. You
          can disconnect at any time, which deletes the token.
        </p>
      </section>
      <section>
        <h2>Retention and your rights</h2>
        <p>
          We keep your data while your account exists. Deleting a project deletes its jobs, logs and
          generated files. You may ask for a copy of your data, its correction or its deletion, and
          you may object to processing; contact us through the support address in your account
          e-mails.
        </p>
      </section>
      <section>
        <h2>Changes</h2>
        <p>We will announce material changes to this policy by e-mail before they take effect.</p>
      </section>
    </LegalPage>
  );
}
