// The buy click's reference (issue 41, model/sales/reference.ts): random, URL-safe, never repeated, and added
// to the checkout address as each provider expects; site.config.yaml's provider checked by validate.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { CHECKOUT_PROVIDERS, checkoutAddress, checkoutProviders, mintReference, REFERENCE_PATTERN } from '../../model/sales/reference.ts';
import { makeFixture, MINIMAL_CONFIG, projectRoot, VALID_INDEX } from './fixture.ts';

describe('a buy click’s reference', () => {
  it('is 22 characters of letters, digits, "-" and "_" carrying 128 random bits, a new one each time', () => {
    const refs = Array.from({ length: 20_000 }, mintReference);
    for (const r of refs) expect(r).toMatch(REFERENCE_PATTERN);
    expect(new Set(refs).size).toBe(refs.length);
    // Every character of the alphabet turns up, in every position but the last (which holds 2 bits):
    // no position is fixed, so all 16 bytes are random.
    for (let i = 0; i < 21; i++) expect(new Set(refs.map((r) => r[i])).size).toBe(64);
    const decoded = Buffer.from(refs[0]!, 'base64url');
    expect(decoded).toHaveLength(16);
  });
});

describe('the checkout address with the reference', () => {
  const ref = mintReference();
  const base = 'https://checkout.example.com/buy/instagram?locale=en';

  it('carries it in each provider’s own parameter, keeping the address’s own parameters', () => {
    const read = (provider: (typeof checkoutProviders)[number]) => new URL(checkoutAddress(base, provider, ref)).searchParams;
    expect(read('Stripe').get('client_reference_id')).toBe(ref);
    expect(read('Lemon Squeezy').get('checkout[custom][ref]')).toBe(ref);
    expect(JSON.parse(read('Paddle').get('custom_data')!)).toEqual({ ref });
    expect(read('Polar').get('reference_id')).toBe(ref);
    expect(read('Gumroad').get('ref')).toBe(ref);
    for (const p of checkoutProviders) {
      const url = new URL(checkoutAddress(base, p, ref));
      expect(url.origin + url.pathname).toBe('https://checkout.example.com/buy/instagram');
      expect(url.searchParams.get('locale')).toBe('en');
    }
  });

  it('replaces a reference already in the address rather than sending two', () => {
    const once = checkoutAddress(base, 'Stripe', 'old_reference_00000000');
    expect(new URL(checkoutAddress(once, 'Stripe', ref)).searchParams.getAll('client_reference_id')).toEqual([ref]);
  });

  it('is offered for exactly the providers site.config.yaml may name', () => {
    const schema = JSON.parse(readFileSync(join(projectRoot, 'schemas/site-config.schema.json'), 'utf8'));
    expect(schema.properties.checkout.properties.provider.enum).toEqual(Object.keys(CHECKOUT_PROVIDERS));
  });
});

describe('validate and checkout.provider', () => {
  it('refuses a provider it cannot carry a reference to, at its line, naming the ones it knows', () => {
    const config = MINIMAL_CONFIG.replace(/provider: "Stripe"/, 'provider: "Strype"');
    expect(config).not.toBe(MINIMAL_CONFIG);
    const r = compileSite(makeFixture({ 'index.yaml': VALID_INDEX }, config));
    expect(r.ok).toBe(false);
    const line = config.split('\n').findIndex((l) => l.includes('Strype')) + 1;
    const d = r.diagnostics.find((x) => x.path === 'checkout.provider')!;
    expect(d).toMatchObject({ file: 'site.config.yaml', line, severity: 'error' });
    expect(d.message).toContain('Stripe');
    expect(d.message).toContain('Lemon Squeezy');
  });

  it('accepts each provider of the table', () => {
    for (const p of checkoutProviders) {
      const r = compileSite(makeFixture({ 'index.yaml': VALID_INDEX }, MINIMAL_CONFIG.replace(/provider: "Stripe"/, `provider: "${p}"`)));
      expect(r.diagnostics.filter((d) => d.path === 'checkout.provider')).toEqual([]);
    }
  });
});
