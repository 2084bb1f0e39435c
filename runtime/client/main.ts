// The only client entry, on pages with islands (pages without any load no script at all), imported by
// the page's few bytes of inline script once the window has loaded (render/document.tsx: no script file
// is requested while the first paint is on its way). It holds nothing but this wait: React and the
// islands (hydrate.ts) are fetched once the page has loaded and painted, so no script download competes
// with the page's largest paint (its hero image or heading).
// `load` islands then hydrate at once, `idle` and `visible` ones as hydrate.ts says.
import { afterPaint } from './schedule.ts';

function start(): void {
  afterPaint(() => void import('./hydrate.ts'));
}

if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
