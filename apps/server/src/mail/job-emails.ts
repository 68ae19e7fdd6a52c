import { buildEmail } from './auth-emails';
import type { MailContent } from './mailer';

/** What the e-mail about a finished project says (issue 22 item 4). */
export interface JobOutcomeMail {
  status: 'COMPLETED' | 'FAILED';
  projectName: string;
  sourceUrl: string;
  /** Pages rebuilt (completed runs). */
  pages?: number;
  /** Why it failed (failed runs): the job's error message. */
  reason?: string;
  reportUrl: string;
  settingsUrl: string;
}

/** The e-mail sent when a project completes or fails. */
export function buildJobOutcomeEmail(mail: JobOutcomeMail): MailContent {
  const footer = `You get this e-mail because project e-mails are on for your account. Turn them off in your profile: ${mail.settingsUrl}`;
  if (mail.status === 'COMPLETED') {
    const pages =
      mail.pages === undefined ? '' : ` (${mail.pages} page${mail.pages === 1 ? '' : 's'})`;
    return buildEmail({
      subject: `Your project "${mail.projectName}" is ready`,
      heading: `${mail.projectName} is ready`,
      paragraphs: [
        `Sitelift finished modernizing ${mail.sourceUrl}${pages}. The React + Vite + Tailwind project built, and it is ready to preview and download.`,
        'The report shows how close the new site is to the original, before and after.',
      ],
      action: 'View the report',
      url: mail.reportUrl,
      footer,
    });
  }
  return buildEmail({
    subject: `Your project "${mail.projectName}" failed`,
    heading: `${mail.projectName} could not be modernized`,
    paragraphs: [
      `Sitelift could not modernize ${mail.sourceUrl}.`,
      `Reason: ${mail.reason ?? 'The modernization failed.'}`,
      'Your credit has been refunded. You can retry the project once the cause is fixed.',
    ],
    action: 'View the project',
    url: mail.reportUrl,
    footer,
  });
}
