// The analytics beacon (runtime/client/beacon.ts): the payloads it builds, run here in a browser
// stand-in exactly as pages carry it; and which pages carry it. tests/e2e/analytics.spec.ts runs it in
// Chromium against npm start.
import { runInNewContext } from 'node:vm';
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { beaconScript, trackEndpoint } from '../../runtime/client/beacon.ts';
import { DEVICES, EVENT_FIELDS, EVENT_KINDS } from '../../model/analytics/event.ts';
import { renderPage } from '../../runtime/render/render-page.tsx';
import { errorsOf, makeFixture, MINIMAL_CONFIG, VALID_INDEX } from './fixture.ts';

const ENDPOINT = trackEndpoint('http://127.0.0.1:54321', 'anon-key');

interface Visit {
  url?: string;
  referrer?: string;
  width?: number;
  variant?: string;
  kind?: string;
  gpc?: boolean;
  dnt?: string;
  /** sendBeacon refuses (as it does past its queue's size): fetch with keepalive instead. */
  noBeacon?: boolean;
  /** The page is still loading: the view waits for the load event (`load()` fires it). */
  loading?: boolean;
  /** The page's clock (ms since the epoch); the test may move it. Default: the real one. */
  clock?: { now: number };
}

interface FakeElement {
  dataset: Record<string, string>;
  parent?: FakeElement;
  matches: (selector: string) => boolean;
  closest: (selector: string) => FakeElement | null;
}

/** An element with data attributes; `selectors` are those it matches (besides its data-* ones). */
function element(dataset: Record<string, string>, parent?: FakeElement, tag = 'div', href?: string): FakeElement {
  const el: FakeElement = {
    dataset,
    parent,
    matches: (selector) =>
      selector.split(',').some((s) => {
        const attr = /^\[data-([a-z-]+)\]$/.exec(s);
        if (attr) return attr[1]!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) in dataset;
        return s === 'a[href]' && tag === 'a' && href !== undefined;
      }),
    closest: (selector) => {
      for (let e: FakeElement | undefined = el; e; e = e.parent) if (e.matches(selector)) return e;
      return null;
    },
  };
  return el;
}

/** Runs the beacon on a page as `visit` describes; returns what it sent and a way to click. */
function run(visit: Visit = {}) {
  const sent: { url: string; body: Record<string, unknown>; via: string }[] = [];
  const listeners: ((e: unknown) => void)[] = [];
  const windowListeners: Record<string, (() => void)[]> = {};
  const url = new URL(visit.url ?? 'https://site.example/');
  const window: Record<string, unknown> = { doNotTrack: undefined };
  const context = {
    window,
    innerWidth: visit.width ?? 1280,
    navigator: {
      globalPrivacyControl: visit.gpc,
      doNotTrack: visit.dnt,
      sendBeacon: (to: string, body: string) => {
        if (visit.noBeacon) return false;
        sent.push({ url: to, body: JSON.parse(body), via: 'beacon' });
        return true;
      },
    },
    fetch: (to: string, init: { method: string; body: string; keepalive: boolean }) => {
      sent.push({ url: to, body: JSON.parse(init.body), via: `fetch ${init.method} keepalive=${init.keepalive}` });
      return Promise.resolve();
    },
    location: { pathname: url.pathname, search: url.search, host: url.host },
    document: {
      referrer: visit.referrer ?? '',
      readyState: visit.loading ? 'interactive' : 'complete',
      documentElement: { dataset: visit.variant ? { variant: visit.variant } : {} },
      querySelector: (s: string) => (s === 'script[data-kind]' && visit.kind ? { dataset: { kind: visit.kind } } : null),
      addEventListener: (type: string, f: (e: unknown) => void) => type === 'click' && listeners.push(f),
    },
    URL,
    URLSearchParams,
    // Timers run at once: what is asserted is the order of events, not time.
    setTimeout: (f: () => void) => f(),
    clearTimeout: () => undefined,
    requestAnimationFrame: (f: () => void) => f(),
    addEventListener: (type: string, f: () => void) => (windowListeners[type] ??= []).push(f),
    JSON,
    ...(visit.clock ? { Date: function PageDate() { return new Date(visit.clock!.now); } } : {}),
  };
  window.window = window;
  runInNewContext(beaconScript(ENDPOINT), context);
  const click = (target: FakeElement, defaultPrevented = false) => listeners.forEach((f) => f({ target, defaultPrevented }));
  const fire = (type: string) => windowListeners[type]?.forEach((f) => f());
  return { sent, click, fire, hook: window.__beacon as ((k: string, fields?: object) => void) | undefined, context };
}

describe('the beacon', () => {
  it('speaks the wire format of model/analytics/event.ts: every field, kind and device it sends is one the format defines', () => {
    const bodies: Record<string, unknown>[] = [];
    const full = run({ url: 'https://site.example/a?utm_source=s&utm_medium=m&utm_campaign=c', referrer: 'https://elsewhere.example/', width: 390, variant: 'b' });
    const block = element({ block: 'pricing', blockType: 'price-box' }, element({}));
    full.hook?.('buy', { p: 'instagram', c: 2900, x: 'AAAAAAAAAAAAAAAAAAAAAA', b: 'pricing', t: 'price-box' });
    full.click(element({}, block, 'a', '/x'));
    for (const kind of ['capture', 'contact', 'preview']) full.hook?.(kind);
    bodies.push(...full.sent.map((s) => s.body), ...run({ kind: '404', width: 800 }).sent.map((s) => s.body), ...run().sent.map((s) => s.body));
    const fields = new Set(bodies.flatMap((b) => Object.keys(b)));
    // Every field of the format is sent by some event, and no other: the format is neither wider nor narrower than the beacon.
    expect([...fields].sort()).toEqual(Object.keys(EVENT_FIELDS).sort());
    expect(new Set(bodies.map((b) => b.k))).toEqual(new Set(EVENT_KINDS));
    expect(new Set(bodies.map((b) => b.d))).toEqual(new Set(DEVICES));
  });

  it('sends a page view with the route, the device class and nothing else by default', () => {
    const { sent } = run({ url: 'https://site.example/instagram-detox/' });
    expect(sent).toEqual([{ url: ENDPOINT, body: { k: 'view', r: '/instagram-detox', d: 'desktop' }, via: 'beacon' }]);
    expect(ENDPOINT).toBe('http://127.0.0.1:54321/rest/v1/rpc/track?apikey=anon-key');
  });

  it('keeps the referrer host only, the utm fields, and the variant; drops a referrer from the site itself', () => {
    const { sent } = run({ url: 'https://site.example/blog/a-post?utm_source=news&utm_medium=email&utm_campaign=spring&email=a@b.c', referrer: 'https://news.ycombinator.com/item?id=1', width: 800, variant: 'b' });
    expect(sent[0]!.body).toEqual({ k: 'view', r: '/blog/a-post', d: 'tablet', f: 'news.ycombinator.com', us: 'news', um: 'email', uc: 'spring', v: 'b' });
    expect(run({ referrer: 'https://site.example/blog', width: 390 }).sent[0]!.body).toEqual({ k: 'view', r: '/', d: 'phone' });
  });

  it('turns an address that is not a plain slug path into one (the not-found page is reached by any address)', () => {
    const { sent } = run({ url: 'https://site.example/Old%20Page.php', kind: '404' });
    expect(sent[0]!.body).toEqual({ k: '404', r: '/old-20page-php', d: 'desktop' });
    expect((run({ url: `https://site.example/${'a'.repeat(300)}` }).sent[0]!.body as { r: string }).r).toHaveLength(200);
  });

  it('sends a buy with the product, the price shown and its reference through the hook; a link in a block as its call to action; nothing else', () => {
    const { sent, click, hook } = run();
    const block = element({ block: 'pricing', blockType: 'price-box' }, element({}));
    const buy = element({ buy: 'instagram', price: '2900' }, block);
    // The buy button takes its own click (default prevented) and reports it through the hook.
    click(element({}, buy, 'a', 'https://checkout.example/x'), true);
    hook!('buy', { p: 'instagram', c: 2900, x: 'AAAAAAAAAAAAAAAAAAAAAA' });
    click(element({}, block, 'a', '/instagram-detox'));
    click(element({}, element({ blockType: 'hero' }), 'a', '#products'));
    click(element({}, block, 'button'));
    click(element({}, element({}), 'a', '/about'));
    expect(sent.slice(1).map((s) => s.body)).toEqual([
      { k: 'buy', r: '/', d: 'desktop', p: 'instagram', c: 2900, x: 'AAAAAAAAAAAAAAAAAAAAAA' },
      { k: 'cta', r: '/', d: 'desktop', b: 'pricing', t: 'price-box' },
      { k: 'cta', r: '/', d: 'desktop', t: 'hero' },
    ]);
  });

  it('sends the view once the page has loaded, or first of all when a click, an island or leaving comes before, and once only', () => {
    const early = run({ loading: true });
    expect(early.sent).toEqual([]);
    early.fire('load');
    early.fire('pagehide');
    expect(early.sent.map((s) => s.body.k)).toEqual(['view']);
    const clicked = run({ loading: true });
    clicked.click(element({}, element({ blockType: 'hero' }), 'a', '#products'));
    clicked.fire('load');
    expect(clicked.sent.map((s) => s.body.k)).toEqual(['view', 'cta']);
    const bought = run({ loading: true });
    bought.hook!('buy', { p: 'instagram', c: 2900, x: 'AAAAAAAAAAAAAAAAAAAAAA' });
    bought.fire('load');
    expect(bought.sent.map((s) => s.body.k)).toEqual(['view', 'buy']);
    const left = run({ loading: true });
    left.fire('pagehide');
    left.fire('load');
    expect(left.sent.map((s) => s.body.k)).toEqual(['view']);
  });

  it('sends the view again before a click on a later UTC day, so a buy from a page opened before midnight is counted with its view', () => {
    // The experiment starts at midnight (UTC): the page shown the evening before is the control, and its
    // buy button is clicked after midnight. The database knows a buy click only with a view of its page
    // that day (a daily salt names the visitor), so without a view on the new day the click was counted
    // apart, and in no version.
    const clock = { now: Date.parse('2026-02-03T23:59:30Z') };
    const { sent, hook, click, fire } = run({ variant: 'control', clock });
    click(element({}, element({ blockType: 'hero' }), 'a', '#products'));
    clock.now = Date.parse('2026-02-04T00:00:30Z');
    hook!('buy', { p: 'instagram', c: 2900, x: 'AAAAAAAAAAAAAAAAAAAAAA' });
    click(element({}, element({ blockType: 'hero' }), 'a', '#products'));
    // Leaving is no new visit: the page's view of the day is sent already.
    fire('pagehide');
    expect(sent.map((s) => [s.body.k, s.body.v])).toEqual([['view', 'control'], ['cta', 'control'], ['view', 'control'], ['buy', 'control'], ['cta', 'control']]);
    // A page left open overnight and closed the next day is not counted again.
    const left = { now: Date.parse('2026-02-03T23:59:30Z') };
    const idle = run({ clock: left });
    left.now = Date.parse('2026-02-04T08:00:00Z');
    idle.fire('pagehide');
    expect(idle.sent.map((s) => s.body.k)).toEqual(['view']);
  });

  it('counts a click the islands loader held (default prevented) only at its replay', () => {
    const { sent, click } = run();
    const link = element({}, element({ blockType: 'cta' }), 'a', '/buy');
    click(link, true);
    expect(sent).toHaveLength(1);
    click(link);
    expect(sent.map((s) => s.body.k)).toEqual(['view', 'cta']);
  });

  it("gives islands a hook for what only they know; falls back to fetch with keepalive where sendBeacon refuses", () => {
    const { sent, hook } = run({ noBeacon: true });
    hook!('capture');
    expect(sent.map((s) => [s.body, s.via])).toEqual([
      [{ k: 'view', r: '/', d: 'desktop' }, 'fetch POST keepalive=true'],
      [{ k: 'capture', r: '/', d: 'desktop' }, 'fetch POST keepalive=true'],
    ]);
  });

  it('sends nothing and defines no hook under Global Privacy Control or Do Not Track', () => {
    for (const visit of [{ gpc: true }, { dnt: '1' }]) {
      const { sent, hook, click } = run(visit);
      click(element({}, element({ buy: 'instagram', price: '2900' }), 'button'));
      expect(sent).toEqual([]);
      expect(hook).toBeUndefined();
    }
  });

  it('uses no cookie and no storage, and is at most 1 KB brotli', () => {
    const text = beaconScript(ENDPOINT);
    expect(text).not.toMatch(/cookie|localStorage|sessionStorage|indexedDB/);
    expect(brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length).toBeLessThanOrEqual(1024);
  });

  it('writes no address that could end its script element', () => {
    expect(beaconScript('https://x.example/</script><b>')).not.toContain('</script');
  });
});

const KIT = `title: "Kit"
description: "The starter kit."
sections:
  - type: email-capture
    heading: "Get the kit"
    text: "Free."
    buttonLabel: "Send"
`;

const ABOUT = `title: "About"
description: "About us."
sections:
  - type: paragraph
    text: "We help."
`;

const NOT_FOUND = `title: "Not found"
description: "No such page."
sections:
  - type: not-found
    heading: "Not here"
    text: "Gone."
    button: { label: "Home", href: "/" }
`;

const BUY = `title: "Buy"
description: "Buy it."
sections:
  - type: price-box
    id: pricing
    product: instagram
`;

/** A page's scripts: [attributes, text], JSON data blocks left out. */
const scriptsOf = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !m[1]!.includes('application/ld+json')).map((m) => [m[1], m[2]]);

describe('the pages that carry it', () => {
  const build = (config: string) => {
    const root = makeFixture({ 'index.yaml': VALID_INDEX, 'kit.yaml': KIT, 'about.yaml': ABOUT, '404.yaml': NOT_FOUND, 'buy.yaml': BUY }, config);
    const site = compileSite(root);
    expect(errorsOf(site.diagnostics)).toEqual([]);
    return (route: string) =>
      renderPage({ compiled: site.site!, page: site.site!.pages.find((p) => p.route === route)!, assets: { css: ['/site.css'], inlineCss: () => '', scripts: ['/assets/main-1.js'] }, supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'anon-key', now: new Date('2026-01-15T12:00:00Z') }).html;
  };
  const on = build(`${MINIMAL_CONFIG}analytics:\n  enabled: true\n`);
  const off = build(`${MINIMAL_CONFIG}analytics:\n  enabled: false\n`);
  const absent = build(MINIMAL_CONFIG);
  const beacon = beaconScript(ENDPOINT);

  it('enabled: a page without islands ships the beacon as its one module, its only script added, after the body, and a no-script pixel', () => {
    const html = on('/about');
    expect(html).not.toContain('data-island=');
    expect(scriptsOf(html).filter(([attributes]) => attributes!.includes('module') || attributes!.includes('src='))).toEqual([[' type="module"', beacon]]);
    expect(scriptsOf(html)).toEqual([...scriptsOf(absent('/about')), [' type="module"', beacon]]);
    expect(html.indexOf(beacon)).toBeGreaterThan(html.indexOf('</main>'));
    expect(html).toContain('<noscript><img src="/_px?r=%2Fabout" alt="" width="1" height="1" hidden></noscript>');
    expect(on('/kit')).toContain(beacon);
    expect(on('/404')).toContain(`<script type="module" data-kind="404">${beacon}</script>`);
  });

  it('disabled: no trace of it, the same pages as a site that never had it', () => {
    for (const route of ['/', '/kit', '/about', '/404', '/buy']) {
      expect(off(route)).toBe(absent(route));
      expect(off(route)).not.toMatch(/_px|rpc\/track|__beacon|data-kind/);
    }
    expect(scriptsOf(off('/about')).filter(([attributes]) => attributes!.includes('module') || attributes!.includes('src='))).toEqual([]);
  });

  it('marks every block with its type and id, and a buy button with its product and price', () => {
    const html = on('/');
    expect(html).toMatch(/<section[^>]*data-block-type="products" data-block="products"/);
    expect(html).toMatch(/data-block-type="hero"/);
    expect(on('/buy')).toMatch(/data-block-type="price-box" data-block="pricing"[\s\S]*data-buy="instagram" data-price="2900"/);
  });
});
