// An island: rendered to HTML at build time, then hydrated alone in the browser when the page's loader
// (client/loader.ts) says, by client/main.ts, which loads each island type's code on its own. Props
// travel as JSON in data-props.
//
// The island is rendered here as its own React root, exactly as the browser hydrates it, so ids from
// useId match between server and client; each island gets its own id prefix so two islands on one
// page never share an id.
import type { ComponentProps, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { useRender } from './context.tsx';
import { islands, type IslandName } from './islands/index.ts';

/**
 * When the browser hydrates the island, as Astro's client:* directives; client/loader.ts is the one place
 * that reads it. The block that renders an island knows where it stands, so it says:
 * - `load`: as soon as the first screen has painted, for what is above the fold (a hero's buy button);
 * - `visible`: when it comes within a screen of the viewport (the carousel, forms, previews);
 * - `idle` (the default): once the load islands have settled and the browser is idle.
 * Whatever the strategy, a form sent or a button tapped before then hydrates the island at once and is
 * replayed on it.
 */
export type Hydrate = 'load' | 'idle' | 'visible';

export function Island<N extends IslandName>({ name, props, hydrate = 'idle' }: { name: N; props: ComponentProps<(typeof islands)[N]>; hydrate?: Hydrate }) {
  const { islandSeq, islands: used } = useRender();
  used.add(name);
  const idPrefix = `${name}-${islandSeq.next++}-`;
  // Indexing the map by a generic name loses the pairing of name and props; the signature above keeps it.
  const Component = islands[name] as unknown as (p: object) => ReactNode;
  const html = renderToString(<Component {...props} />, { identifierPrefix: idPrefix });
  return <div data-island={name} data-props={JSON.stringify(props)} data-id-prefix={idPrefix} data-hydrate={hydrate} className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
}
