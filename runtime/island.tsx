// An island: rendered to HTML at build time, then hydrated alone in the browser by client/main.ts,
// which loads each island type's code on its own. Props travel as JSON in data-props.
//
// The island is rendered here as its own React root, exactly as the browser hydrates it, so ids from
// useId match between server and client; each island gets its own id prefix so two islands on one
// page never share an id.
import type { ComponentProps, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { useRender } from './context.tsx';
import { islands, type IslandName } from './islands/index.ts';

/**
 * When the browser hydrates the island (client/main.ts), as Astro's client:* directives. The block that
 * renders an island knows where it stands, so it says:
 * - `load`: at once, for what is above the fold (the hero's buy button and countdown);
 * - `visible`: when it nears the viewport (the carousel, the FAQ, forms);
 * - `idle` (the default): once the browser is idle, for everything else.
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
