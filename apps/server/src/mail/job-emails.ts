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

/** What the one e-mail about a finished batch says (issue 26): its counts and the sites that failed. */
export interface BatchOutcomeMail {
  batchName: string;
  completed: number;
  failed: number;
  /** Sites that failed, with the reason (the first few are listed). */
  failures: Array<{ sourceUrl: string; reason: string | null }>;
  batchUrl: string;
  settingsUrl: string;
}

const FAILURES_LISTED = 10;

/** The e-mail sent once when every site of a batch has ended (instead of one per project). */
export function buildBatchOutcomeEmail(mail: BatchOutcomeMail): MailContent {
  const total = mail.completed + mail.failed;
  const listed = mail.failures
    .slice(0, FAILURES_LISTED)
    .map((failure) => `${failure.sourceUrl}: ${failure.reason ?? 'The modernization failed.'}`);
  const more = mail.failures.length - listed.length;
  return buildEmail({
    subject: `Your batch "${mail.batchName}" is done: ${mail.completed} of ${total} site${total === 1 ? '' : 's'} ready`,
    heading: `${mail.batchName} is done`,
    paragraphs: [
      `Sitelift finished every site of the batch: ${mail.completed} ready to preview and download, ${mail.failed} failed.`,
      ...(mail.failed > 0
        ? [
            `Failed sites (their credits have been refunded): ${listed.join('; ')}${more > 0 ? `; and ${more} more` : ''}.`,
          ]
        : []),
      'The batch page has each site’s report and one download with every project and a CSV summary.',
    ],
    action: 'View the batch',
    url: mail.batchUrl,
    footer: `You get this e-mail because project e-mails are on for your account. Turn them off in your profile: ${mail.settingsUrl}`,
  });
}
