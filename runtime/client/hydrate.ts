// Hydrates each island element on its own, when its strategy says (as Astro's client:load, client:idle
// and client:visible). Loaded by main.ts once the page has painted.
//
//   load     at once: what is above the fold (the hero's buy button and countdown);
//   idle     when the browser is idle after that (schedule.ts: requestIdleCallback, with a timeout);
//   visible  when the island comes within a screen of the viewport (carousel, FAQ, forms).
//
// Each island's failure is its own: a chunk that does not load or a component that throws is logged
// with the island's name, marks that island data-hydrated="error", and stops nothing else. The page's
// <html data-islands-ready="true"> says every load and idle island has settled; a visible island marks
// itself data-hydrated when it does.
//
// React itself comes with the first island that hydrates (mount.ts), not with this file.
import type { ComponentType } from 'react';
import { whenIdle } from './schedule.ts';

type Strategy = 'load' | 'idle' | 'visible';

const loaders = import.meta.glob<{ default: ComponentType<Record<string, unknown>> }>('../islands/*.island.tsx');

function failed(el: HTMLElement, name: string, what: string, error: unknown): void {
  console.error(`Island "${name}" ${what}:`, error);
  el.dataset.hydrated = 'error';
}

async function hydrate(el: HTMLElement): Promise<void> {
  const name = el.dataset.island ?? '(unnamed)';
  try {
    const load = loaders[`../islands/${name}.island.tsx`];
    if (!load) throw new Error('no such island');
    const [{ default: Component }, { mount }] = await Promise.all([load(), import('./mount.ts')]);
    const props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
    mount(el, Component, props, (error) => failed(el, name, 'failed', error));
    if (el.dataset.hydrated !== 'error') el.dataset.hydrated = 'true';
  } catch (error) {
    failed(el, name, 'failed to load', error);
  }
}

/** Loads each island's code when it comes within a screen of the viewport. */
function hydrateWhenVisible(elements: HTMLElement[]): void {
  if (!elements.length) return;
  const islandOf = new Map<Element, HTMLElement>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        void hydrate(islandOf.get(entry.target)!);
      }
    },
    { rootMargin: '100% 0px' },
  );
  // An island's wrapper is display:contents (no box of its own): watch its first child with a box
  // (React may put a <link rel="preload"> first).
  for (const el of elements) {
    const target = [...el.children].find((c) => !['LINK', 'SCRIPT', 'STYLE', 'META'].includes(c.tagName)) ?? el;
    islandOf.set(target, el);
    observer.observe(target);
  }
}

const all = [...document.querySelectorAll<HTMLElement>('[data-island]')];
const by = (s: Strategy) => all.filter((el) => ((el.dataset.hydrate as Strategy | undefined) ?? 'load') === s);
hydrateWhenVisible(by('visible'));
void (async () => {
  await Promise.all(by('load').map(hydrate));
  await whenIdle();
  await Promise.all(by('idle').map(hydrate));
  document.documentElement.setAttribute('data-islands-ready', 'true');
})();
