import { findBillingProduct, formatUsd } from '@sitelift/shared/billing/plans';
import { buildEmail } from './auth-emails';
import type { MailContent } from './mailer';

/** What a receipt says about one payment. */
export interface ReceiptDetails {
  productId: string;
  amount: number;
  currency: string;
  credits: number;
  paidAt: Date;
  /** Our reference of the payment (`invoice:<id>` or `checkout:<id>`). */
  reference: string;
  /** True in the local test mode: no money moved. */
  testMode: boolean;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The receipt sent after every payment (issue 22): what was paid, for which plan, and the credits added. */
export function buildReceiptEmail(details: ReceiptDetails, billingUrl: string): MailContent {
  const product = findBillingProduct(details.productId);
  const planName = product?.planName ?? details.productId;
  const what = product?.isSubscription ? `${planName} (${product.period})` : planName;
  const price = `${formatUsd(details.amount)}${details.currency.toLowerCase() === 'usd' ? '' : ` ${details.currency.toUpperCase()}`}`;
  const credits = `${details.credits} ${details.credits === 1 ? 'credit was' : 'credits were'}`;
  return buildEmail({
    subject: `Your Sitelift receipt: ${what}, ${price}`,
    heading: 'Thank you for your payment',
    paragraphs: [
      `We received ${price} for ${what} on ${dateFormat.format(details.paidAt)}.`,
      `${credits} added to your balance. Credits never expire.`,
      ...(details.testMode ? ['This purchase was made in test mode: no money moved.'] : []),
      `Payment reference: ${details.reference}`,
    ],
    action: 'View billing',
    url: billingUrl,
    footer:
      'Keep this email as your receipt. Your invoices and payment methods are on the billing page.',
  });
}
