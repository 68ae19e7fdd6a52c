/** An amount in the currency's smallest unit (cents) as a price, e.g. 6900 USD → "$69.00". */
export function formatMoney(amountInMinorUnits: number, currency: string): string {
  const code = currency.toUpperCase();
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 2;
  } catch {
    return `${(amountInMinorUnits / 100).toFixed(2)} ${code}`;
  }
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: code,
    minimumFractionDigits: amountInMinorUnits % 10 ** digits === 0 ? 0 : digits,
  }).format(amountInMinorUnits / 10 ** digits);
}

/** "per month" / "per year" / "one-time" for a price's billing interval. */
export function toIntervalLabel(interval: string | null | undefined): string {
  if (interval === 'month') return 'per month';
  if (interval === 'year') return 'per year';
  return 'one-time';
}
