// Runs `total` jobs with at most `concurrency` in flight: the load tests' 50 concurrent clients.
export async function concurrently<T>(total: number, concurrency: number, job: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(total);
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      out[i] = await job(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return out;
}

/** The catalogue eventBody's buys are checked against (public.publish_catalogue): publish it before sending them. */
export const LOAD_CATALOGUE = { products: [{ id: 'ultimate', priceMinor: 8700, currency: 'USD' }], experiments: [], routes: [] };

/** One realistic event body as the beacon sends it (model/analytics/event.ts); its buys are valued by the catalogue. */
export function eventBody(i: number): string {
  const kinds = ['view', 'view', 'view', 'cta', 'buy', 'capture'] as const;
  const k = kinds[i % kinds.length]!;
  const body: Record<string, unknown> = { k, r: ['/', '/ultimate-detox', '/blog/a-post'][i % 3], d: ['phone', 'tablet', 'desktop'][i % 3] };
  if (k === 'cta') Object.assign(body, { b: 'hero', t: 'cta' });
  if (k === 'buy') Object.assign(body, { p: 'ultimate' });
  if (i % 7 === 0) body.f = 'news.ycombinator.com';
  return JSON.stringify(body);
}

export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
