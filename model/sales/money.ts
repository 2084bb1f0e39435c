// Money as the sales model writes it (issue 41): an amount in minor units (cents) with its ISO 4217
// currency, never a float of major units. The catalogue writes prices in major units (29, 87.5); the
// database, the providers' events and every figure the admin reads are in minor units (2900, 8750).

/** Digits after the point in `currency`'s minor unit (USD 2, JPY 0, KWD 3), as Intl knows ISO 4217. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An amount as the catalogue writes it (29, 87.5) in minor units (2900, 8750). */
export function toMinor(amount: number, currency: string): number {
  return Math.round(amount * 10 ** minorDigits(currency));
}

/** Minor units back to the currency's amount, for display. */
export function fromMinor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}
