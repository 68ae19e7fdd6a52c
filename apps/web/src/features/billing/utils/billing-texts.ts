/** Texts of the billing screens that the specification does not word (spec §8 ones live in shared). */
export const BILLING_TEXTS = {
  paymentComplete: (productName: string) =>
    `Payment complete: ${productName}. Your credits have been added to your balance.`,
  paymentCancelled: 'Checkout cancelled. You have not been charged.',
  checkoutReturned: 'Payment complete. Your credits have been added to your balance.',
  checkoutFailed: 'The test checkout could not be completed. Please try again.',
  checkoutNotFound: 'This checkout session does not exist or has expired.',
  usesOneCredit: (balance: number) =>
    `This project uses 1 of your ${balance} ${balance === 1 ? 'credit' : 'credits'}.`,
} as const;
