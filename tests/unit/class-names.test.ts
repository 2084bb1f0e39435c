// Short class names (model/class-names.ts): one table renames the stylesheet, the pages' class
// attributes and what islands render; these are the three renamings and the table. That a built site's
// islands hydrate with the server's names, and paint as the whole stylesheet does, is checked in Chromium
// (tests/e2e/islands.spec.ts).
import { describe, expect, it, vi } from 'vitest';
import { jsx, jsxs } from '../../runtime/client/jsx-runtime.ts';

// The table a build would give the islands' JSX runtime.
vi.mock('virtual:class-names', () => ({ default: { 'px-4': 'A', 'text-white': 'C' } }));
import { renameClassList, shortName, shortNames } from '../../model/class-names.ts';
import { renameStylesheet, stylesheetClasses } from '../../generator/client/class-names-plugin.ts';
import { renameClassAttributes } from '../../generator/render/class-names.ts';

const SHEET = [
  '@layer utilities{.px-4{padding-inline:1rem}.md\\:flex{@media (width>=48rem){display:flex}}',
  '.\\[\\&_strong\\]\\:block strong{display:block}',
  '.group-hover\\:underline:is(:where(.group):hover *){text-decoration:underline}',
  '.hover\\:bg-white:hover{background:#fff}}',
  '@media (width>=64rem){.lg\\:grid-cols-8{grid-template-columns:repeat(8,minmax(0,1fr))}}',
  'section[data-tone=white]+section[data-tone=white]{padding-top:0}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
].join('');

describe('the table of short names', () => {
  it('gives every class its own name, each starting with a capital letter, one letter for the first 26', () => {
    const names = Array.from({ length: 20_000 }, (_, i) => shortName(i));
    expect(new Set(names).size).toBe(names.length);
    expect(names.every((n) => /^[A-Z][A-Za-z0-9]*$/.test(n))).toBe(true);
    expect(names.slice(0, 26).join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    expect(names[26]).toHaveLength(2);
  });

  it('never gives a class a name that is itself a class, so renaming twice changes nothing', () => {
    const names = shortNames(['A', 'b', 'c']);
    expect(names.get('A')).toBe('B');
    expect(new Set(names.values()).has('A')).toBe(false);
    expect(renameClassList(renameClassList('A b c', names), names)).toBe(renameClassList('A b c', names));
  });

  it('names a stylesheet’s classes in alphabetical order, whatever order they come in', () => {
    expect([...shortNames(['text-sm', 'flex', 'text-lg', 'flex'])]).toEqual([
      ['flex', 'A'],
      ['text-lg', 'B'],
      ['text-sm', 'C'],
    ]);
  });
});

describe('the stylesheet', () => {
  it('lists every class its selectors name, unescaped, inside at-rules and pseudo-classes too', () => {
    expect([...stylesheetClasses(SHEET)].sort()).toEqual(['[&_strong]:block', 'group', 'group-hover:underline', 'hover:bg-white', 'lg:grid-cols-8', 'md:flex', 'px-4']);
  });

  it('renames them and nothing else: attribute selectors, keyframes and declarations stay', () => {
    const names = shortNames(stylesheetClasses(SHEET));
    const css = renameStylesheet(SHEET, names);
    expect(css).toContain(`.${names.get('px-4')}{padding-inline:1rem}`);
    expect(css).toContain(`.${names.get('[&_strong]:block')} strong{display:block}`);
    expect(css).toContain(`.${names.get('group-hover:underline')}:is(:where(.${names.get('group')}):hover *)`);
    expect(css).toContain(`@media (width>=64rem){.${names.get('lg:grid-cols-8')}{`);
    expect(css).toContain('section[data-tone=white]+section[data-tone=white]{padding-top:0}');
    expect(css).toContain('@keyframes spin{to{transform:rotate(360deg)}}');
    expect(css).not.toMatch(/px-4|md\\:flex|strong\\\]/);
  });
});

describe('a page’s class attributes', () => {
  const names = new Map([
    ['px-4', 'A'],
    ['[&_strong]:block', 'B'],
    ['text-white', 'C'],
  ]);

  it('are renamed where React wrote them escaped, and a class without a rule is kept', () => {
    const html = '<div class="px-4 [&amp;_strong]:block  js-hook" data-x="a&gt;b"><p class="text-white">class="px-4" in text</p></div>';
    expect(renameClassAttributes(html, names)).toBe('<div class="A B  js-hook" data-x="a&gt;b"><p class="C">class="px-4" in text</p></div>');
  });

  it('leave scripts, styles and other attributes alone', () => {
    const html = '<script type="application/ld+json">{"a":"<b class=\\"px-4\\">"}</script><style>.px-4{}</style><a data-class="px-4" title="px-4">px-4</a>';
    expect(renameClassAttributes(html, names)).toBe(html);
  });

  it('are an error where a class written in a page is also a short name', () => {
    expect(() => renameClassAttributes('<p class="px-4 C">', names)).toThrow('The class "C" is written in a page, and it is also the short name of the class "text-white"');
  });

  it('are left as written without a table (the dev server’s pages)', () => {
    expect(renameClassAttributes('<p class="px-4">', new Map())).toBe('<p class="px-4">');
  });
});

describe('what islands render', () => {
  it('a class list is renamed class by class, its spacing kept', () => {
    expect(renameClassList(' px-4  text-white other', new Map([['px-4', 'A'], ['text-white', 'C']]))).toBe(' A  C other');
  });

  it('every element’s className goes through the build’s table, a component’s too, once however often renamed', () => {
    const className = (e: { props: unknown }) => (e.props as { className?: unknown }).className;
    expect(className(jsx('div', { className: 'px-4 text-white flex' }))).toBe('A C flex');
    expect(className(jsxs('ul', { className: 'text-white', children: [] }))).toBe('C');
    expect(className(jsx('div', { id: 'x' }))).toBeUndefined();
    // A component passes it on to the element it draws (React Router's Form, Link), renamed already.
    const Card = (_: { className: string }) => null;
    expect(className(jsx(Card, { className: 'px-4' }))).toBe('A');
    expect(className(jsx('div', { className: className(jsx(Card, { className: 'px-4' })) }))).toBe('A');
    // NavLink's className, a function of its state, is renamed as it answers.
    const active = className(jsx(Card, { className: ({ on }: { on: boolean }) => (on ? 'text-white' : 'px-4') })) as (s: { on: boolean }) => string;
    expect([active({ on: true }), active({ on: false })]).toEqual(['C', 'A']);
  });
});
