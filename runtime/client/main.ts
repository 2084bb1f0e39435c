// The only client entry: hydrates each island element on its own and mounts the one toaster.
// Pages without islands do not load this file at all.
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

const loaders = import.meta.glob<{ default: ComponentType<Record<string, unknown>> }>('../islands/*.island.tsx');

async function hydrate(el: HTMLElement): Promise<void> {
  const name = el.dataset.island!;
  const load = loaders[`../islands/${name}.island.tsx`];
  if (!load) {
    console.error(`No island named "${name}"`);
    return;
  }
  const { default: Component } = await load();
  const props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
  hydrateRoot(el, createElement(Component, props), { identifierPrefix: el.dataset.idPrefix });
  el.dataset.hydrated = 'true';
}

/** Islands marked data-hydrate="visible" load their code when they come within a screen of the viewport. */
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

if (document.querySelector('[data-island]')) {
  const all = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  const later = all.filter((el) => el.dataset.hydrate === 'visible');
  void import('./toaster.tsx').then((m) => m.mountToaster());
  // The ready flag covers the islands hydrated at once; each later one marks itself data-hydrated.
  void Promise.all(all.filter((el) => !later.includes(el)).map(hydrate)).then(() => document.documentElement.setAttribute('data-islands-ready', 'true'));
  hydrateWhenVisible(later);
}
