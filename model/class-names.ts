// Short class names in built pages (issue 40). Tailwind's names are most of a page's markup after its
// text: `/`'s class attributes were 1,989 B of its 14,470 B brotli, and a name a page uses once costs
// its letters. A build renames every class its stylesheet defines to a short one, in three places from
// one table, so they cannot disagree:
// - the stylesheet's selectors, as Vite builds it (generator/client/class-names-plugin.ts);
// - the pages' class attributes, as each is rendered (generator/render/page-assets.ts);
// - what islands render in the browser: React's JSX runtime, as the client build resolves it, renames
//   every className through the same table (runtime/client/jsx-runtime.ts), so an island hydrates with
//   the names the server wrote, whatever its code composed them from.
// Source, tests of components and the dev server keep Tailwind's names: only a build's output is renamed.
// Here, in model/, because the generator and the runtime both name by it.

/** From a class as the source writes it to its name in a built page. */
export type ClassNames = ReadonlyMap<string, string>;

const FIRST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const REST = `${FIRST}abcdefghijklmnopqrstuvwxyz0123456789`;

/**
 * The n-th short name. Each begins with a capital letter, which no class of this site's (Tailwind's,
 * site.css's: lowercase and hyphens) does, so a word left as written (a class no rule styles) never
 * meets a short name: the render checks it all the same (generator/render/class-names.ts).
 */
export function shortName(n: number): string {
  let name = FIRST[n % FIRST.length]!;
  for (let rest = Math.floor(n / FIRST.length); rest > 0; rest = Math.floor((rest - 1) / REST.length)) name += REST[(rest - 1) % REST.length]!;
  return name;
}

/**
 * The table for a stylesheet's classes: in alphabetical order, so related utilities (text-sm, text-lg)
 * get related names, which compresses better than by frequency (on `/`: 1,174 B saved against 1,073 B).
 * No short name is itself a class of the table, so renaming a renamed list changes nothing.
 */
export function shortNames(classes: Iterable<string>): Map<string, string> {
  const all = new Set(classes);
  const names = new Map<string, string>();
  let n = 0;
  for (const c of [...all].sort()) {
    let name = shortName(n++);
    while (all.has(name)) name = shortName(n++);
    names.set(c, name);
  }
  return names;
}

/** A class list (a className, a class attribute's decoded value) with each class renamed; spacing kept. */
export function renameClassList(list: string, names: ClassNames): string {
  return list.replace(/\S+/g, (c) => names.get(c) ?? c);
}
