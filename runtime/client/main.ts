// The only client entry: hydrates each island element on its own and mounts the one toaster.
// Pages without islands do not load this file at all.
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

const loaders = import.meta.glob<{ default: ComponentType<Record<string, unknown>> }>('../islands/*.island.tsx');

async function hydrateIslands(): Promise<void> {
  const elements = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  await Promise.all(
    elements.map(async (el) => {
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
    }),
  );
}

if (document.querySelector('[data-island]')) {
  void import('./toaster.tsx').then((m) => m.mountToaster());
  void hydrateIslands().then(() => document.documentElement.setAttribute('data-islands-ready', 'true'));
}
