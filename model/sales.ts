// What the database checks visitors' events against and how money is written (issue 41), shared by
// the stand-in's start (generator/cli/backend.ts), the admin app (runtime/backend/sales.ts) and the
// checkout's webhook tests: the catalogue the site was built with, in the form
// public.publish_catalogue() stores it, and amounts in minor units.
import type { ExperimentRoutes } from './analytics/experiment.ts';

/** The site's products and experiments as public.publish_catalogue(p_catalogue) takes them. */
export interface DatabaseCatalogue {
  products: { id: string; priceMinor: number; currency: string }[];
  experiments: { route: string; id: string; arms: string[] }[];
}

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

/** The catalogue to publish: every product at its price, every route under an experiment with its arms. */
export function databaseCatalogue(products: readonly { id: string; price: number }[], currency: string, experiments: ExperimentRoutes): DatabaseCatalogue {
  return {
    products: products.map((p) => ({ id: p.id, priceMinor: toMinor(p.price, currency), currency })),
    experiments: Object.entries(experiments).map(([route, e]) => ({ route, id: e.id, arms: [...e.arms] })),
  };
}

/** The reference a buy click sends with its event and to the checkout: 22 of [A-Za-z0-9_-], 132 random bits. */
export const REFERENCE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
