// The sales-page countdown, or the static 'Special Launch Price' label where a page has none.
import { useRender } from '../context.tsx';
import { Island, type Hydrate } from '../island.tsx';

/** `hydrate`: 'load' in a hero, where the ticking is seen at once; idle further down. */
export function OfferTimer({ countdown, hydrate }: { countdown: boolean; hydrate?: Hydrate }) {
  const { site } = useRender();
  if (!countdown) {
    return <p className="inline-block rounded-full bg-yellow-300 px-4 py-1 text-sm font-extrabold uppercase text-gray-900">Special Launch Price</p>;
  }
  return <Island name="countdown" hydrate={hydrate} props={{ start: site.countdowns.sales, label: 'Offer ends in', tone: 'dark' }} />;
}
