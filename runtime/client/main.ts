// The only client entry: the hydrator the page's loader (loader.ts) imports when its first island is
// due. It decides nothing about when: the loader calls hydrateIsland for each island in its time, and
// this loads that island's code (each island its own chunk) and hydrates it with React as its own root.
//
// Each island's failure is its own: a chunk that does not load or a component that throws is logged with
// the island's name, marks that island data-hydrated="error", and stops nothing else. data-hydrated="true"
// is written once React has committed the island, so the loader can replay on it what was held.
import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

declare global {
  /** Set here, called by the loader: resolves once the island has hydrated or failed. */
  var hydrateIsland: (el: HTMLElement) => Promise<void>;
}

const islands = import.meta.glob<{ default: ComponentType<Record<string, unknown>> }>('../islands/*.island.tsx');

/** Renders the island and says when React has committed it: its handlers are live from then on. */
function Committed({ children, done }: { children?: ReactNode; done: () => void }): ReactNode {
  useEffect(done, [done]);
  return children;
}

globalThis.hydrateIsland = async (el) => {
  const name = el.dataset.island ?? '(unnamed)';
  const settle = (state: 'true' | 'error') => el.dataset.hydrated ??= state;
  try {
    const load = islands[`../islands/${name}.island.tsx`];
    if (!load) throw new Error('no such island');
    const { default: Component } = await load();
    const props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
    await new Promise<void>((done) => {
      const failed = (error: unknown) => {
        console.error(`Island "${name}" failed:`, error);
        settle('error');
        done();
      };
      hydrateRoot(el, createElement(Committed, { done: () => (settle('true'), done()) }, createElement(Component, props)), {
        identifierPrefix: el.dataset.idPrefix,
        // A component that throws while hydrating or later takes down its own root only.
        onUncaughtError: failed,
        onRecoverableError: (error) => console.warn(`Island "${name}":`, error),
      });
    });
  } catch (error) {
    console.error(`Island "${name}" failed to load:`, error);
    settle('error');
  }
};
