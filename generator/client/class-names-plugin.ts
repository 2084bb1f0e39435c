// The client build's half of the short class names (model/class-names.ts): once Tailwind has
// written the stylesheet, its classes are given short names and its selectors renamed; the islands'
// JSX runtime gets the same table (virtual:class-names, read by runtime/client/jsx-runtime.ts), and so
// does the render, from .vite/class-names.json beside Vite's manifest (generator/render/page-assets.ts).
// Build only: the dev server and the studio serve Tailwind's names.
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';
import selectorParser from 'postcss-selector-parser';
import type { Plugin } from 'vite';
import { shortNames } from '../../model/class-names.ts';

/** Where the render finds the table, in the client build's folder. */
export const CLASS_NAMES_FILE = '.vite/class-names.json';

const VIRTUAL = 'virtual:class-names';
const WRAPPER = fileURLToPath(new URL('../../runtime/client/jsx-runtime.ts', import.meta.url));

/** Every class a stylesheet's selectors name. */
export function stylesheetClasses(css: string): Set<string> {
  const classes = new Set<string>();
  const collect = selectorParser((selectors) => {
    selectors.walkClasses((c) => {
      classes.add(c.value);
    });
  });
  postcss.parse(css).walkRules((rule) => {
    collect.processSync(rule.selector);
  });
  return classes;
}

/** The stylesheet with each class its table names renamed. */
export function renameStylesheet(css: string, names: ReadonlyMap<string, string>): string {
  const rename = selectorParser((selectors) =>
    selectors.walkClasses((c) => {
      const short = names.get(c.value);
      if (short) c.value = short;
    }),
  );
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    rule.selector = rename.processSync(rule.selector);
  });
  return root.toString();
}

export function classNames(stylesheet: string): Plugin {
  let settle!: (names: Map<string, string>) => void;
  const table = new Promise<Map<string, string>>((resolve) => (settle = resolve));
  let named: Map<string, string> | undefined;
  return {
    name: 'class-names',
    apply: 'build',
    // Before Vite's own resolver, which would answer `react/jsx-runtime` first; after Tailwind's plugins (listed first), whose CSS it reads.
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === VIRTUAL) return `\0${VIRTUAL}`;
      if (source === 'react/jsx-runtime' && importer !== WRAPPER) return WRAPPER;
      return null;
    },
    async load(id) {
      if (id !== `\0${VIRTUAL}`) return null;
      return `export default ${JSON.stringify(Object.fromEntries(await table))};`;
    },
    // After Tailwind's own transform (its plugins run first): the stylesheet as it wrote it.
    transform: {
      filter: { id: new RegExp(`${stylesheet.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`) },
      handler(css) {
        named = shortNames(stylesheetClasses(css));
        settle(named);
        return { code: renameStylesheet(css, named), map: null };
      },
    },
    generateBundle() {
      if (!named) this.error(`class-names: the stylesheet ${stylesheet} was never built, so no class has a short name`);
      this.emitFile({ type: 'asset', fileName: CLASS_NAMES_FILE, source: JSON.stringify(Object.fromEntries(named)) });
    },
  };
}
