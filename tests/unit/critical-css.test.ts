// The first paint's CSS is cut from the site's stylesheet by what each page holds: what a page can use
// stays, in the stylesheet's order; what it cannot is left out; the cut of a page holding everything is
// the whole sheet. The real stylesheet's cut is checked in Chromium (tests/e2e/islands.spec.ts), pixel
// for pixel against the whole file.
import { describe, expect, it } from 'vitest';
import { classesIn, extraMarkup, pageCss, prepareStylesheet } from '../../generator/stages/critical-css.ts';
import { blockingStylesheets } from '../../generator/bench/first-response.ts';

// Shaped as Tailwind 4 writes it: layers, custom properties, @property, nested at-rules, escaped names.
const SHEET = [
  '@layer properties{@supports (color:red){*,:before{--tw-shadow:0 0 #0000;--tw-unused:1}}}',
  '@layer theme{:root,:host{--color-violet-600:oklch(54% .25 293);--color-red-600:red;--font-sans:Arial;--default-font-family:var(--font-sans)}}',
  '@layer base{html,:host{font-family:var(--default-font-family)}code,pre{font-family:monospace}h1{margin:0}}',
  '@layer components{.prose-width{max-width:50rem}}',
  '@layer utilities{.text-violet-600{color:var(--color-violet-600)}.text-red-600{color:var(--color-red-600)}',
  '.shadow{--tw-shadow:0 1px 3px #0000001a;box-shadow:var(--tw-shadow)}',
  ':where(.space-y-4>:not(:last-child)){margin-block-start:1rem}',
  '.md\\:grid-cols-2{@media (width>=48rem){grid-template-columns:repeat(2,minmax(0,1fr))}}',
  '@media (width>=48rem){.md\\:flex{display:flex}}',
  '.hover\\:underline:hover{text-decoration:underline}',
  '.block:not(.hidden){display:block}',
  '.\\[\\&\\>p\\]\\:mt-2>p{margin-top:.5rem}}',
  'section[data-tone=white]+section[data-tone=white]{padding-top:0}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-unused{syntax:"*";inherits:false}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
].join('');

const sheet = prepareStylesheet(SHEET);
const page = (body: string) => `<!doctype html><html><head></head><body>${body}</body></html>`;

describe('the first paint’s CSS of a page', () => {
  it('keeps the rules of the classes the page uses, with the custom properties they read, and drops the rest', () => {
    const css = pageCss(sheet, page('<h1 class="text-violet-600 shadow">Hi</h1>'));
    expect(css).toContain('.text-violet-600{color:var(--color-violet-600)}');
    expect(css).toContain('--color-violet-600:');
    expect(css).toContain('.shadow{');
    // Tailwind's properties by their fallback alone, unguarded (see the test below).
    expect(css).toContain('@layer properties{*,:before{--tw-shadow:0 0 #0000}}');
    // The theme variable read through another one (html's font) stays with it.
    expect(css).toContain('--default-font-family:var(--font-sans)');
    expect(css).toContain('--font-sans:Arial');
    for (const gone of ['.text-red-600', '--color-red-600', '--tw-unused', 'md\\:flex', 'space-y-4', 'code,pre', 'hover\\:underline']) expect(css).not.toContain(gone);
  });

  it('keeps element rules for elements the page holds, and rules classes cannot rule out', () => {
    const css = pageCss(sheet, page('<pre class="block">x</pre>'));
    expect(css).toContain('code,pre{font-family:monospace}');
    expect(css).not.toContain('h1{margin:0}');
    // :not(.hidden) needs no .hidden; attributes are not decided, the element is.
    expect(css).toContain('.block:not(.hidden){display:block}');
    expect(css).not.toContain('section[data-tone=white]');
    expect(pageCss(sheet, page('<section data-tone="gray-50"></section>'))).toContain('section[data-tone=white]+section[data-tone=white]{padding-top:0}');
    expect(css).toContain('@keyframes spin');
  });

  it('reads escaped class names, variants inside :where(), media queries and entities in class attributes', () => {
    const css = pageCss(sheet, page('<div class="space-y-4 md:flex hover:underline [&amp;&gt;p]:mt-2"><p>a</p></div>'));
    expect(css).toContain(':where(.space-y-4>:not(:last-child))');
    expect(css).toContain('@media (width>=48rem){.md\\:flex{display:flex}}');
    expect(css).toContain('.hover\\:underline:hover');
    expect(css).toContain('.\\[\\&\\>p\\]\\:mt-2>p');
    expect(classesIn('<p class="a&amp;b  c">')).toEqual(new Set(['.a&b', '.c', 'p']));
  });

  it('writes every layer, even an empty one, so the layers keep their order when the whole sheet loads later', () => {
    const css = pageCss(sheet, page('<p>plain</p>'));
    expect(css.indexOf('@layer theme{')).toBeLessThan(css.indexOf('@layer base{'));
    expect(css).toContain('@layer components{}');
    expect(css.indexOf('@layer components{')).toBeLessThan(css.indexOf('@layer utilities{'));
  });

  it('keeps the reset’s rules for form controls’ pseudo-elements only on pages holding such a control', () => {
    const reset = prepareStylesheet(
      '@layer base{::placeholder{opacity:1}::file-selector-button{margin:0}::-webkit-datetime-edit-year-field{padding-block:0}' +
        '::-webkit-inner-spin-button{height:auto}::-webkit-search-decoration{appearance:none}a{color:inherit}}',
    );
    const plain = pageCss(reset, page('<p><a href="/">x</a></p>'));
    expect(plain).toBe('@layer base{a{color:inherit}}');
    const email = pageCss(reset, page('<form><input type="email" name="e" placeholder="you@example.com"></form>'));
    expect(email).toContain('::placeholder{opacity:1}');
    for (const gone of ['file-selector-button', 'datetime-edit', 'spin-button', 'search-decoration']) expect(email).not.toContain(gone);
    expect(pageCss(reset, page('<textarea></textarea>'))).toContain('::placeholder');
    expect(pageCss(reset, page('<input type="date">'))).toContain('::-webkit-datetime-edit-year-field');
    expect(pageCss(reset, page('<input type="date">'))).toContain('::-webkit-inner-spin-button');
    expect(pageCss(reset, page('<input type=number>'))).toContain('::-webkit-inner-spin-button');
    expect(pageCss(reset, page('<input type="file">'))).toContain('::file-selector-button');
    expect(pageCss(reset, page('<input type="search">'))).toContain('::-webkit-search-decoration');
  });

  it('gives properties Tailwind registers untyped by their fallback alone, and keeps every other @supports and @property', () => {
    const other = prepareStylesheet(
      '@layer properties{@supports (x:y){*,:before,::backdrop{--tw-a:0;--tw-g:#0000}}}' +
        // A utility's guarded custom property: only browsers with color-mix may read it.
        '@supports (color:color-mix(in lab,red,red)){.c{--tw-a:color-mix(in lab,red,blue)}}' +
        '@supports (x:y){*{--tw-b:1;--free:2}}@media print{@supports (x:y){*{--tw-b:3}}}.c{margin:var(--tw-a) var(--tw-b) var(--tw-c) var(--free);color:var(--tw-g)}' +
        '@property --tw-a{syntax:"*";inherits:false;initial-value:0}@property --tw-b{syntax:"*";inherits:false;initial-value:1}' +
        '@property --tw-c{syntax:"<length>";inherits:false;initial-value:0px}@property --tw-g{syntax:"<color>";inherits:false;initial-value:#0000}',
    );
    expect(pageCss(other, page('<p class="c">x</p>'))).toBe(
      '@layer properties{*,:before,::backdrop{--tw-a:0;--tw-g:#0000}}' +
        '@supports (color:color-mix(in lab,red,red)){.c{--tw-a:color-mix(in lab,red,blue)}}' +
        // A guarded rule that also declares a property nothing registers is not a fallback, nor is one under @media.
        '@supports (x:y){*{--tw-b:1;--free:2}}@media print{@supports (x:y){*{--tw-b:3}}}.c{margin:var(--tw-a) var(--tw-b) var(--tw-c) var(--free);color:var(--tw-g)}' +
        // Untyped and covered: gone. Untyped and not covered, or typed (a colour can be animated): kept.
        '@property --tw-b{syntax:"*";inherits:false;initial-value:1}' +
        '@property --tw-c{syntax:"<length>";inherits:false;initial-value:0px}@property --tw-g{syntax:"<color>";inherits:false;initial-value:#0000}',
    );
  });

  it('is the whole stylesheet, its registered properties given by their fallback, for a page that uses everything', () => {
    const everything = page(
      '<h1 class="prose-width text-violet-600 text-red-600 shadow space-y-4 md:grid-cols-2 md:flex hover:underline block [&amp;&gt;p]:mt-2"><code></code><pre></pre><p></p></h1>' +
        '<i style="margin:var(--tw-unused)"></i><section data-tone="white"></section>',
    );
    const unguarded = SHEET.replace('@supports (color:red){*,:before{--tw-shadow:0 0 #0000;--tw-unused:1}}', '*,:before{--tw-shadow:0 0 #0000;--tw-unused:1}').replace(/@property [^}]*\}/g, '');
    expect(pageCss(sheet, everything)).toBe(unguarded);
  });

  it("adds what a page's islands can render, and keeps it out of the cut of a page without them", () => {
    const islands = extraMarkup('form', '<i class="text-red-600 md:flex"></i><pre>');
    const html = page('<h1 class="text-violet-600">Hi</h1>');
    const withIslands = pageCss(sheet, html, islands);
    expect(withIslands).toContain('.text-red-600{color:var(--color-red-600)}');
    expect(withIslands).toContain('--color-red-600:red');
    expect(withIslands).toContain('.md\\:flex{display:flex}');
    expect(withIslands).toContain('code,pre{font-family:monospace}');
    expect(withIslands).toContain('.text-violet-600{');
    // The same page's HTML without islands: a cut of its own, not the one kept for the islands'.
    const alone = pageCss(sheet, html);
    expect(alone).toContain('.text-violet-600{');
    expect(alone).not.toContain('text-red-600');
    expect(alone).not.toContain('monospace');
    // The islands' markup read as part of the page's HTML gives the same cut.
    expect(withIslands).toBe(pageCss(prepareStylesheet(SHEET), html + '<i class="text-red-600 md:flex"></i><pre>'));
  });
});

describe('render-blocking stylesheets', () => {
  it('are the linked ones that apply to the screen; print ones (loaded later) are not', () => {
    const html = '<link rel="stylesheet" href="/a.css"/><link rel="stylesheet" href="/b.css" media="print" data-deferred-css=""/><link rel="stylesheet" media="all" href="/c.css"><link rel="icon" href="/x.ico">';
    expect(blockingStylesheets(html)).toEqual(['/a.css', '/c.css']);
  });
});
