// A page with islands requests no script file while its first paint is on its way: its one inline
// script, the islands' loader (runtime/client/loader.ts), imports the hydrator when an island is due.
// A page without islands (a FAQ is <details>, no island) has no script. The loader runs here in a
// browser stand-in, its frames, timers and paints driven by hand; tests/e2e/ runs it in Chromium.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { FIRST_PAINT_WAIT_MS, islandLoader, LARGEST_PAINT_WAIT_MS } from '../../runtime/client/loader.ts';
import { renderPage } from '../../runtime/render/render-page.tsx';
import { errorsOf, makeFixture, VALID_INDEX } from './fixture.ts';

const FAQ = `title: "Questions"
description: "Questions and answers."
sections:
  - type: faq
    heading: "Questions"
    items:
      - question: "Why?"
        answer: "Because."
      - question: "When?"
        answer: "Now."
`;

const KIT = `title: "Kit"
description: "The starter kit."
sections:
  - type: email-capture
    heading: "Get the kit"
    text: "Free."
    buttonLabel: "Send"
`;

const ENTRY = '/assets/main-1.js';

interface FakeIsland {
  dataset: Record<string, string>;
  children: { tagName: string }[];
  closest: () => FakeIsland;
}

/** A browser stand-in: the loader's listeners, timers, frames and largest paints, run by hand. */
// `painted`: the kinds of paint entry the page had reported before the loader observed (none: not yet painted).
function runLoader(script: string, { readyState = 'loading', painted = ['largest-contentful-paint', 'paint'], hydrate = ['load'] }: { readyState?: string; painted?: string[]; hydrate?: string[] } = {}) {
  const islands: FakeIsland[] = hydrate.map((h) => {
    const el: FakeIsland = { dataset: { island: 'x', hydrate: h }, children: [{ tagName: 'DIV' }], closest: () => el };
    return el;
  });
  const imported: string[] = [];
  const hydrated: FakeIsland[] = [];
  const listeners: Record<string, ((e: unknown) => void)[]> = {};
  const timers: { f: () => void; ms: number }[] = [];
  const frames: (() => void)[] = [];
  const observers: { f: () => void; type: string }[] = [];
  const buffered: (() => void)[] = [];
  const html = { dataset: {} as Record<string, string> };
  class PerformanceObserver {
    static supportedEntryTypes = ['largest-contentful-paint', 'paint'];
    constructor(private readonly f: () => void) {}
    observe(options: { type: string; buffered?: boolean }) {
      observers.push({ f: this.f, type: options.type });
      // A buffered observer hears of the paints of its type made before it observed.
      if (options.buffered && painted.includes(options.type)) buffered.push(this.f);
    }
    disconnect() {
      observers.splice(0, observers.length, ...observers.filter((o) => o.f !== this.f));
    }
  }
  class IntersectionObserver {
    observe() {}
    unobserve() {}
  }
  // `import(m)` is syntax, not a function a context can provide: the stand-in reads it as a call.
  runInNewContext(script.replace(/\bimport\(/g, '__import('), {
    __import: async (m: string) => void imported.push(m),
    hydrateIsland: async (el: FakeIsland) => {
      hydrated.push(el);
      el.dataset.hydrated = 'true';
    },
    document: { readyState, hidden: false, querySelectorAll: () => islands, documentElement: html },
    addEventListener: (type: string, f: (e: unknown) => void) => (listeners[type] ??= []).push(f),
    PerformanceObserver,
    IntersectionObserver,
    requestIdleCallback: (f: () => void) => timers.push({ f, ms: -1 }),
    setTimeout: (f: () => void, ms = 0) => timers.push({ f, ms }) && timers.at(-1),
    clearTimeout: (timer: unknown) => timers.includes(timer as never) && timers.splice(timers.indexOf(timer as never), 1),
    requestAnimationFrame: (f: () => void) => frames.push(f),
    console,
  });
  const run = <T extends () => void>(queue: T[]) => queue.splice(0).forEach((f) => f());
  return {
    islands,
    imported,
    hydrated,
    ready: () => html.dataset.islandsReady === 'true',
    load: () => listeners.load?.forEach((f) => f({})),
    /** Dispatches an event to the loader's listeners; says whether it was held (default prevented). */
    dispatch: (type: string, event: Record<string, unknown>) => {
      let held = false;
      listeners[type]?.forEach((f) => f({ ...event, preventDefault: () => (held = true) }));
      return held;
    },
    /** A larger paint than any before (a largest-contentful-paint entry). */
    paint: () => observers.filter((o) => o.type === 'largest-contentful-paint').forEach((o) => o.f()),
    frame: () => run(frames),
    timers: () => timers.splice(0).forEach((t) => t.f()),
    waits: () => timers.map((t) => t.ms),
    /** The browser delivers the buffered entries, in a task of their own. */
    buffered: () => buffered.splice(0).forEach((f) => f()),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

/** The moment without a larger paint runs out, then the frame after it: the loader imports the islands' code. */
async function passTheMoment(b: ReturnType<typeof runLoader>) {
  b.timers();
  b.frame();
  b.timers();
  await settle();
}

describe('the scripts of a built page', () => {
  const root = makeFixture({ 'index.yaml': VALID_INDEX, 'faq.yaml': FAQ, 'kit.yaml': KIT });
  const site = compileSite(root);
  expect(errorsOf(site.diagnostics)).toEqual([]);
  const render = (route: string) =>
    renderPage({ compiled: site.site!, page: site.site!.pages.find((p) => p.route === route)!, assets: { css: ['/site.css'], inlineCss: () => '', scripts: [ENTRY] }, supabaseUrl: 'http://127.0.0.1:54321', now: new Date('2026-01-15T12:00:00Z') }).html;

  it('with islands: no script file, one inline script, the loader, the same text on every page', () => {
    const html = render('/kit');
    expect(html).toContain('data-island=');
    expect(html).not.toMatch(/<script[^>]+src=/);
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.filter((s) => s === islandLoader([ENTRY]))).toHaveLength(1);
    // Before the body: it holds what is sent or tapped from the moment the islands are parsed.
    expect(html.indexOf(islandLoader([ENTRY]))).toBeLessThan(html.indexOf('<body'));
  });

  it('no classic script runs between the header and the end of the content: the parser has no reason to paint the header alone', () => {
    for (const route of ['/', '/faq', '/kit']) {
      const html = render(route);
      const body = html.slice(html.indexOf('<body'));
      // Classic scripts run where they stand and may let the parser yield; modules and data wait.
      const classic = [...body.matchAll(/<script(?![^>]*type="(?:module|application\/(?:ld\+)?json)")[^>]*>/g)].map((m) => m.index!);
      expect(classic.length, route).toBeGreaterThan(0); // the menu's closing lines
      for (const at of classic) expect(at, route).toBeGreaterThan(body.indexOf('</main>'));
      expect(body).toContain('hidePopover');
    }
  });

  it('a FAQ is <details> sharing one name (one answer open at a time, no script), and its page has no script', () => {
    const html = render('/faq');
    const names = [...html.matchAll(/<details[^>]* name="([^"]+)"/g)].map((m) => m[1]);
    expect(names.length).toBe(2);
    expect(new Set(names).size).toBe(1);
    expect(html).toMatch(/<summary[^>]*>[\s\S]*?Why\?[\s\S]*?<\/summary>/);
    expect(html).not.toContain('data-island=');
  });

  it('nothing is imported before the first screen has painted: two frames after the load event, then a moment without a larger paint, then a frame', async () => {
    const b = runLoader(islandLoader([ENTRY]));
    b.load();
    b.buffered(); // the paints before the load event
    expect(b.waits()).toEqual([]);
    b.frame();
    b.paint(); // nor one before the second frame: the moment starts there
    b.frame();
    expect(b.waits()).toEqual([LARGEST_PAINT_WAIT_MS]);
    // Each larger paint (an image drawn a frame after its text) starts the moment again.
    b.paint();
    expect(b.waits()).toEqual([LARGEST_PAINT_WAIT_MS]);
    b.timers();
    expect(b.imported).toEqual([]);
    b.frame();
    b.timers();
    await settle();
    expect(b.imported).toEqual([ENTRY]);
    expect(b.hydrated).toEqual(b.islands);
    b.paint();
    b.frame();
    b.timers();
    await settle();
    expect(b.imported, 'imported once').toEqual([ENTRY]);
  });

  it('a page not yet painted two frames after the load event waits for its first paint, then the moment', async () => {
    const b = runLoader(islandLoader([ENTRY]), { painted: [] });
    b.load();
    b.frame();
    b.frame();
    expect(b.waits()).toEqual([FIRST_PAINT_WAIT_MS]);
    b.paint();
    expect(b.waits()).toEqual([LARGEST_PAINT_WAIT_MS]);
    await passTheMoment(b);
    expect(b.imported).toEqual([ENTRY]);
  });

  it('a page opened at an anchor (/#faq), whose first paint Chromium reports but no largest paint, waits the moment after that paint, not FIRST_PAINT_WAIT_MS', async () => {
    const b = runLoader(islandLoader([ENTRY]), { painted: ['paint'] });
    b.load();
    b.buffered();
    b.frame();
    b.frame();
    expect(b.waits()).toEqual([LARGEST_PAINT_WAIT_MS]);
    await passTheMoment(b);
    expect(b.imported).toEqual([ENTRY]);
  });

  it('load islands first, idle ones once the browser is idle, then the ready flag; visible ones wait to be near', async () => {
    const b = runLoader(islandLoader([ENTRY]), { readyState: 'complete', hydrate: ['idle', 'load', 'visible'] });
    b.buffered();
    b.frame();
    b.frame();
    await passTheMoment(b);
    expect(b.hydrated).toEqual([b.islands[1]]);
    b.timers(); // requestIdleCallback
    await settle();
    expect(b.hydrated).toEqual([b.islands[1], b.islands[0]]);
    expect(b.ready()).toBe(true);
  });

  it('a form sent inside an island not yet hydrated is held, hydrates it at once, and is sent again once it has', async () => {
    const b = runLoader(islandLoader([ENTRY]), { hydrate: ['visible'] });
    const island = b.islands[0]!;
    let sent = 0;
    const form = { closest: () => island, requestSubmit: () => sent++ };
    expect(b.dispatch('submit', { target: form, submitter: null })).toBe(true);
    await settle();
    expect(b.imported).toEqual([ENTRY]);
    expect(b.hydrated).toEqual([island]);
    expect(sent).toBe(1);
    // Hydrated: the island's own handlers take it from here.
    expect(b.dispatch('submit', { target: form, submitter: null })).toBe(false);
  });

  it('without islands: no loader, no module, no script file', () => {
    const html = render('/faq');
    expect(html).not.toContain(islandLoader([ENTRY]));
    expect(html).not.toMatch(/<script type="module"|<script[^>]+src=/);
  });

  it('writes no address that could end its script element', () => {
    expect(islandLoader(['/a</script><b>.js'])).not.toContain('</script');
  });
});
