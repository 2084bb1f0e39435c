// The footer: the spec's links and the current year (the build's).
import { selectProducts, shortTitle } from '../../model/catalogue.ts';
import { useRender } from '../context.tsx';

export function SiteFooter() {
  const { site, now } = useRender();
  return (
    <footer className="bg-gray-950 text-gray-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-white">{site.site.name}</p>
          <p className="mt-3 text-sm text-gray-400">{site.footer.tagline}</p>
        </div>
        {site.footer.groups.map((g) => (
          <nav key={g.title} aria-label={g.title}>
            <h2 className="text-sm font-bold uppercase tracking-wide text-white">{g.title}</h2>
            <ul className="mt-3 space-y-1 text-sm">
              {[...selectProducts(site, g.products, () => []).map((p) => ({ label: shortTitle(p), href: p.route })), ...(g.links ?? [])].map((l) => (
                <li key={l.href}>
                  <a href={l.href} className="inline-block py-1.5 hover:text-white hover:underline">{l.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-gray-800 py-6 text-center text-sm text-gray-400">
        © <span data-testid="footer-year">{now.getFullYear()}</span> {site.site.name}. All rights reserved.
      </div>
    </footer>
  );
}
