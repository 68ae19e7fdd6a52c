import { useGithubExport } from '../../../lib/github-export';
import { LegalPage } from './legal-page';

/** /terms: the terms of service (the delivery as this server offers it, issue 14). */
export function TermsOfService() {
  const githubExport = useGithubExport();
  return (
    <LegalPage title="Terms of Service" updated="November 21, 2026">
      <section>
        <h2>1. The service</h2>
        <p>
          Sitelift reads the public pages of a website you submit and generates a new React, Vite
          and Tailwind CSS project from their content.{' '}
          {githubExport
            ? 'You receive the result as a downloadable archive or as a repository on GitHub.'
            : 'You receive the result as a downloadable archive.'}{' '}
          These terms apply to everyone who creates an account or uses the service.
        </p>
      </section>
      <section>
        <h2>2. Your account</h2>
        <ul>
          <li>You must give a valid e-mail address and keep your password confidential.</li>
          <li>You are responsible for everything done with your account.</li>
          <li>
            New accounts receive one free credit. Creating projects requires a verified e-mail
            address.
          </li>
        </ul>
      </section>
      <section>
        <h2>3. Websites you submit</h2>
        <p>
          Only submit websites you own or are authorized to modernize (for example on behalf of a
          client). Sitelift reads only publicly available, rendered HTML and the assets it
          references; it does not log in to sites, bypass access controls or read server-side code.
          It honours robots.txt. You remain responsible for the rights to the text, images and
          trademarks in the content you submit.
        </p>
      </section>
      <section>
        <h2>4. Generated code</h2>
        <p>
          As between you and Sitelift, the code generated for your project belongs to you. You may
          use, modify, host and sell it. Generated projects rely on open-source packages that keep
          their own licences. Generated code is provided as is: review it before you publish it.
        </p>
      </section>
      <section>
        <h2>5. Credits, payments and refunds</h2>
        <ul>
          <li>
            One credit modernizes one site. A credit spent on a project that fails is refunded
            automatically.
          </li>
          <li>Subscription credits roll over while your subscription is active.</li>
          <li>
            If Sitelift does not save you at least its subscription cost in billable hours within 14
            days of your first subscription payment, contact us for a full refund.
          </li>
          <li>Subscriptions renew until cancelled; you can cancel at any time.</li>
        </ul>
      </section>
      <section>
        <h2>6. Acceptable use</h2>
        <p>
          Do not use Sitelift to copy websites you have no rights to, to attack or overload other
          services, to process unlawful content or to circumvent the service&apos;s limits. We may
          suspend accounts that do.
        </p>
      </section>
      <section>
        <h2>7. Liability</h2>
        <p>
          We work to keep Sitelift available and correct, but we cannot guarantee uninterrupted
          service or that every page converts perfectly. To the extent the law allows, our liability
          is limited to the amount you paid us in the twelve months before a claim.
        </p>
      </section>
      <section>
        <h2>8. Changes and contact</h2>
        <p>
          We may update these terms; we will tell you by e-mail about material changes before they
          take effect. Questions about these terms can be sent to the support address in your
          account e-mails.
        </p>
      </section>
    </LegalPage>
  );
}
