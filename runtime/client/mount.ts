// Hydrates one island element with React: loaded by hydrate.ts with the first island that hydrates, so a
// page whose islands all wait out of sight (below the fold, `visible`) loads no React until one nears.
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

export function mount(el: HTMLElement, Component: ComponentType<Record<string, unknown>>, props: Record<string, unknown>, onError: (error: unknown) => void): void {
  const name = el.dataset.island ?? '(unnamed)';
  hydrateRoot(el, createElement(Component, props), {
    identifierPrefix: el.dataset.idPrefix,
    // A component that throws while hydrating or later takes down its own root only.
    onUncaughtError: onError,
    onRecoverableError: (error) => console.warn(`Island "${name}":`, error),
  });
}
