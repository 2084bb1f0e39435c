// An island: rendered to HTML at build time, then hydrated alone in the browser by client/main.ts,
// which loads each island type's code on its own. Props travel as JSON in data-props.
import type { ComponentProps, ReactNode } from 'react';
import { islands, type IslandName } from './islands/index.ts';

export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof islands)[N]> }) {
  // Indexing the map by a generic name loses the pairing of name and props; the signature above keeps it.
  const Component = islands[name] as unknown as (p: object) => ReactNode;
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...props} />
    </div>
  );
}
