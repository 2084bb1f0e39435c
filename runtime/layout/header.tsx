// The fixed header. Below 'lg' the inline links give way to a menu toggle ('Start Detox Now' stays
// beside it from 'md'), so the purchase path is in sight at every width. The menu is a native popover,
// so it works on pages that ship no script: Escape and a click outside close it; a few inline lines
// close it when a link is chosen (a same-page #link would otherwise leave it open). Those lines go at the
// end of the body (MenuCloser, placed by the page), not in the header: a classic script between the
// header and the content is where Chromium's parser often yielded and painted the header alone, and
// the whole page's style and layout then runs as one long task after the first paint (issue 31's trace).
import { useRender } from '../context.tsx';

const MENU_ID = 'mobile-menu';
const CLOSE_ON_CHOOSE = `document.getElementById('${MENU_ID}').addEventListener('click',function(e){if(e.target.closest('a'))this.hidePopover()})`;

function Logo({ name, shortName }: { name: string; shortName: string }) {
  // The site's icon, in the page where the build wrote it (context.tsx's SiteImages.icon).
  const logo = useRender().images?.icon ?? '/favicon.svg';
  return (
    <a href="/" className="flex items-center gap-2 text-lg font-extrabold text-gray-900" aria-label={`${name}, home`}>
      <img src={logo} alt="" width="32" height="32" className="h-8 w-8" />
      <span className="hidden sm:inline">{name}</span>
      <span className="sm:hidden">{shortName}</span>
    </a>
  );
}

export function SiteHeader() {
  const { site } = useRender();
  const links = site.navigation;
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-gray-200 bg-white/95">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Logo name={site.site.name} shortName={site.site.shortName} />
        <ul className="hidden items-center gap-6 lg:flex">
          {links.map((l) => (
            <li key={l.href}>
              <a href={l.href} className="font-medium text-gray-700 hover:text-violet-700">{l.label}</a>
            </li>
          ))}
        </ul>
        <a href={site.cta.href} className="hidden rounded-lg bg-gradient-to-r from-violet-600 to-pink-600 px-4 py-2 font-semibold text-white shadow hover:from-violet-700 hover:to-pink-700 md:ml-auto md:mr-2 md:inline-block lg:m-0" data-testid="header-cta">
          {site.cta.label}
        </a>
        <button type="button" popoverTarget={MENU_ID} className="rounded-lg p-2 text-gray-800 hover:bg-gray-100 lg:hidden" aria-label="Menu" aria-controls={MENU_ID}>
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round"><path d="M4 6h16M4 12h16M4 18h16" /></svg>
        </button>
      </nav>
      <div id={MENU_ID} popover="auto" className="mobile-menu m-0 w-full border-b border-gray-200 bg-white p-4 shadow-lg lg:hidden">
        <ul className="flex flex-col gap-1">
          {links.map((l) => (
            <li key={l.href}>
              <a href={l.href} className="block rounded-lg px-3 py-3 font-medium text-gray-800 hover:bg-violet-50">{l.label}</a>
            </li>
          ))}
          <li>
            <a href={site.cta.href} className="mt-2 block rounded-lg bg-gradient-to-r from-violet-600 to-pink-600 px-3 py-3 text-center font-semibold text-white">{site.cta.label}</a>
          </li>
        </ul>
      </div>
    </header>
  );
}

/** The lines that close SiteHeader's menu when a link in it is chosen; at the end of the body (see above). */
export function MenuCloser() {
  return <script dangerouslySetInnerHTML={{ __html: CLOSE_ON_CHOOSE }} />;
}

export function BackHomeHeader() {
  const { site } = useRender();
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-gray-200 bg-white/95">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <a href="/" className="inline-flex min-h-11 items-center gap-2 font-semibold text-gray-700 hover:text-violet-700">
          <span aria-hidden="true">←</span> Back to Home
        </a>
        <Logo name={site.site.name} shortName={site.site.shortName} />
      </nav>
    </header>
  );
}
