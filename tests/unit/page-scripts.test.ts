// A page with islands requests no script file while its first paint is on its way: a few bytes of inline
// module import the client entry once the window has loaded. A page without islands has no script.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { afterLoadScript, FIRST_PAINT_WAIT_MS, LARGEST_PAINT_WAIT_MS } from '../../runtime/render/document.tsx';
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
`;
const ABOUT = `title: "About"
description: "About us."
sections:
  - type: paragraph
    text: "Plain text."
`;

/** Runs the loader in a window stand-in: which modules it imports, before and after the load event. */
function runLoader(script: string, readyState: 'loading' | 'interactive' | 'complete') {
  const imported: string[] = [];
  const listeners: Record<string, () => void> = {};
  // `import(m)` is syntax, not a function a context can provide: the stand-in reads it as a call.
  runInNewContext(script.replace(/\bimport\(/g, '__import('), {
    __import: (m: string) => imported.push(m),
    document: { readyState },
    addEventListener: (type: string, f: () => void) => (listeners[type] = f),
  });
  return { imported, load: () => listeners.load?.() };
}

/** A browser stand-in that reports largest paints: the loader, its timers and frames run by hand. */
function runLoaderWithPaints(script: string, { painted = true } = {}) {
  const fcp = painted;
  const buffered: (() => void)[] = [];
  const imported: string[] = [];
  const listeners: Record<string, () => void> = {};
  const timers: { f: () => void; ms: number }[] = [];
  const frames: (() => void)[] = [];
  const observers: (() => void)[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = ['largest-contentful-paint', 'paint'];
    constructor(private readonly f: () => void) {}
    observe(options: { buffered?: boolean }) {
      observers.push(this.f);
      // A buffered observer hears of the largest paints made before it observed.
      if (options.buffered && fcp) buffered.push(this.f);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.f), 1);
    }
  }
  runInNewContext(script.replace(/\bimport\(/g, '__import('), {
    __import: (m: string) => imported.push(m),
    document: { readyState: 'interactive', hidden: false },
    addEventListener: (type: string, f: () => void) => (listeners[type] = f),
    PerformanceObserver,
    setTimeout: (f: () => void, ms = 0) => timers.push({ f, ms }) && timers.at(-1),
    clearTimeout: (timer: unknown) => timers.includes(timer as never) && timers.splice(timers.indexOf(timer as never), 1),
    requestAnimationFrame: (f: () => void) => frames.push(f),
  });
  const run = <T extends () => void>(queue: T[]) => queue.splice(0).forEach((f) => f());
  return {
    imported,
    load: () => listeners.load?.(),
    paint: () => [...observers].forEach((f) => f()),
    frame: () => run(frames),
    timers: () => timers.splice(0).forEach((t) => t.f()),
    waits: () => timers.map((t) => t.ms),
    /** The browser delivers the buffered entries, in a task of their own. */
    buffered: () => buffered.splice(0).forEach((f) => f()),
  };
}

describe('the scripts of a built page', () => {
  const root = makeFixture({ 'index.yaml': VALID_INDEX, 'faq.yaml': FAQ, 'about.yaml': ABOUT });
  const site = compileSite(root);
  expect(errorsOf(site.diagnostics)).toEqual([]);
  const render = (route: string) =>
    renderPage({ compiled: site.site!, page: site.site!.pages.find((p) => p.route === route)!, assets: { css: ['/site.css'], inlineCss: () => '', scripts: ['/assets/main-1.js'] }, supabaseUrl: 'http://127.0.0.1:54321', now: new Date('2026-01-15T12:00:00Z') }).html;

  it('with islands: no script file in the page, the entry imported once the window has loaded', () => {
    const html = render('/faq');
    expect(html).toContain('data-island="accordion"');
    expect(html).not.toMatch(/<script[^>]+src=/);
    const inline = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toEqual([afterLoadScript(['/assets/main-1.js'])]);
    const loading = runLoader(inline[0]!, 'interactive');
    expect(loading.imported).toEqual([]);
    loading.load();
    expect(loading.imported).toEqual(['/assets/main-1.js']);
    expect(runLoader(inline[0]!, 'complete').imported).toEqual(['/assets/main-1.js']);
  });

  it('with islands: where the browser reports largest paints, the entry waits two frames after the load event, then a moment without a larger paint, then a frame', () => {
    const b = runLoaderWithPaints(afterLoadScript(['/assets/main-1.js']));
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
    b.paint();
    b.timers();
    expect(b.imported).toEqual([]);
    b.frame();
    b.timers();
    expect(b.imported).toEqual(['/assets/main-1.js']);
    b.paint();
    b.frame();
    b.timers();
    expect(b.imported, 'imported once').toEqual(['/assets/main-1.js']);
  });

  it('with islands: a page not yet painted two frames after the load event waits for its first paint, then the moment', () => {
    const b = runLoaderWithPaints(afterLoadScript(['/assets/main-1.js']), { painted: false });
    b.load();
    b.frame();
    b.frame();
    expect(b.waits()).toEqual([FIRST_PAINT_WAIT_MS]);
    b.paint();
    expect(b.waits()).toEqual([LARGEST_PAINT_WAIT_MS]);
    b.timers();
    b.frame();
    b.timers();
    expect(b.imported).toEqual(['/assets/main-1.js']);
  });

  it('without islands: no module script at all', () => {
    const html = render('/about');
    expect(html).not.toContain('data-island');
    expect(html).not.toMatch(/<script type="module"|<script[^>]+src=/);
  });

  it('writes no address that could end its script element', () => {
    expect(afterLoadScript(['/a</script><b>.js'])).not.toContain('</script');
  });
});
