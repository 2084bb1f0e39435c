// The 404 message. The missing path is logged by public/not-found.js: a file of its own, since the hash of
// an inline script would be in the CSP every response carries (generator/host/security-headers.ts).
import type { BlockOf } from '../../model/page.ts';

export function NotFound({ block }: { block: BlockOf<'not-found'> }) {
  return (
    <section id={block.id} className="flex min-h-[70vh] items-center justify-center px-4 pt-24">
      <div className="text-center">
        <p className="text-7xl font-extrabold text-violet-600">404</p>
        <h1 className="mt-4 text-3xl font-extrabold text-gray-900">{block.heading}</h1>
        {block.text && <p className="mt-3 text-gray-600">{block.text}</p>}
        <a href={block.button.href} className="mt-8 inline-block rounded-xl bg-gradient-to-r from-violet-600 to-pink-600 px-6 py-3 font-bold text-white">{block.button.label}</a>
      </div>
      <script src="/not-found.js" />
    </section>
  );
}
