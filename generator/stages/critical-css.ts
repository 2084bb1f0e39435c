// The CSS a page needs for its first paint, cut from the site's one stylesheet: every rule whose
// selector can match an element of the page's HTML, in the stylesheet's own order, so the page inlined
// with it renders exactly as it does with the whole file linked.
//
// "Can match" is decided by classes and element names, which is what a utility stylesheet and its reset
// select on: a selector is kept when every class and element it requires is on the page; a selector
// requiring none (:root, *, attributes) is always kept. The reset's pseudo-elements of form controls
// (::placeholder, the date fields' ::-webkit-datetime-edit…, ::file-selector-button) require the
// control that has them, so a page without a form carries none of them. Anything they cannot rule out (attributes,
// :has(), :not()) is kept, so the cut errs on the side of a few spare rules, never a missing one. The stylesheet is parsed once per
// build; cutting it for a page is a walk over prepared pieces of text, cheap enough for 10,000 pages.
// One rewrite comes before the cut: Tailwind's registered properties are given by their fallback alone
// (fallbacksForRegistered).
import postcss, { type AtRule, type ChildNode, type Container, type Root } from 'postcss';
import selectorParser, { type Selector } from 'postcss-selector-parser';

type Piece =
  /** Kept on every page: @font-face, @keyframes, comments, statements. */
  | { kind: 'always'; text: string; refs: string[] }
  /** A style rule: kept when one of its selectors' required classes are all on the page. */
  | { kind: 'rule'; text: string; refs: string[]; selectors: Need[][] }
  /** A rule every page matches that defines custom properties (the theme's :root, the --tw-* defaults):
   * each custom property is kept when something kept reads it. */
  | { kind: 'vars'; open: string; decls: { name?: string; text: string }[] }
  /** `@property --name {…}`: kept when something kept reads the property. */
  | { kind: 'property'; name: string; text: string }
  /** @media, @supports, @layer, @container around rules: written when anything inside is kept. */
  | { kind: 'group'; open: string; children: Piece[]; layer: boolean };

export interface PreparedStylesheet {
  pieces: Piece[];
  /** The custom properties each custom property's value reads, over the whole sheet. */
  varRefs: Map<string, Set<string>>;
  /** Cuts already made, by what the page holds: pages of one template mostly hold the same. */
  cuts: Map<string, string>;
}

/** The custom properties a piece of CSS (or HTML, in style attributes) reads. */
function varsRead(text: string): string[] {
  return [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!);
}

/** Pseudo-classes whose single argument must match for the selector to match, so its classes count. */
const TRANSPARENT_PSEUDOS = new Set([':is', ':where', ':matches', ':-webkit-any']);

/** Something a selector needs on the page: a class (".name"), an element ("p", "input[type=date]" for an
 * input of that type), or one of several (a form control's pseudo-element, on any control that has it). */
type Need = string | readonly string[];

const DATE_INPUTS = ['date', 'time', 'datetime-local', 'month', 'week'].map((t) => `input[type=${t}]`);

/** The controls a pseudo-element exists on: the reset styles them on every page, but only these draw them. */
function controlsOf(pseudoElement: string): readonly string[] | undefined {
  const p = pseudoElement.toLowerCase();
  if (p === '::placeholder') return ['input', 'textarea'];
  if (p === '::file-selector-button' || p === '::-webkit-file-upload-button') return ['input[type=file]'];
  if (p === '::-webkit-date-and-time-value' || p.startsWith('::-webkit-datetime-edit')) return DATE_INPUTS;
  if (p === '::-webkit-inner-spin-button' || p === '::-webkit-outer-spin-button') return ['input[type=number]', ...DATE_INPUTS];
  if (p.startsWith('::-webkit-search-')) return ['input[type=search]'];
  // Date fields and inputs with a list of suggestions.
  if (p === '::-webkit-calendar-picker-indicator') return ['input'];
  return undefined;
}

/** What the page must hold for the selector to match: classes as ".name", elements by name; any one missing rules it out. */
function requiredClasses(selector: Selector): Need[] {
  const out: Need[] = [];
  selector.each((node) => {
    if (node.type === 'class') out.push(`.${node.value}`);
    if (node.type === 'tag' && !node.namespace) out.push(node.value.toLowerCase());
    if (node.type === 'pseudo' && node.value.startsWith('::')) {
      const controls = controlsOf(node.value);
      if (controls) out.push(controls);
    }
    // :where(.space-y-4 > :not(:last-child)) requires .space-y-4; :is(a, b) with two choices requires neither.
    if (node.type === 'pseudo' && TRANSPARENT_PSEUDOS.has(node.value.toLowerCase()) && node.nodes.length === 1) out.push(...requiredClasses(node.nodes[0]!));
  });
  return out;
}

function selectorsOf(selector: string): Need[][] {
  const out: Need[][] = [];
  selectorParser((root) => {
    root.each((sel) => {
      out.push(requiredClasses(sel));
    });
  }).processSync(selector);
  return out;
}

function prepare(nodes: ChildNode[], varRefs: Map<string, Set<string>>): Piece[] {
  const pieces: Piece[] = [];
  for (const node of nodes) {
    // Whatever stood between two nodes in the source stays, so the whole sheet cuts back to itself.
    const text = (node.raws.before ?? '') + node.toString();
    if (node.type === 'rule') {
      const selectors = selectorsOf(node.selector);
      const decls = node.nodes.filter((n) => n.type === 'decl');
      if (selectors.every((s) => !s.length) && decls.length === node.nodes.length && decls.some((d) => d.prop.startsWith('--'))) {
        const open = (node.raws.before ?? '') + node.clone({ nodes: [] }).toString();
        pieces.push({
          kind: 'vars',
          open: open.slice(0, open.lastIndexOf('}')),
          decls: decls.map((d, i) => ({ name: d.prop.startsWith('--') ? d.prop : undefined, text: `${d.raws.before ?? ''}${d.toString()}${i < decls.length - 1 || node.raws.semicolon ? ';' : ''}` })),
        });
        for (const d of decls) if (d.prop.startsWith('--')) for (const r of varsRead(d.value)) (varRefs.get(d.prop) ?? varRefs.set(d.prop, new Set()).get(d.prop)!).add(r);
      } else {
        pieces.push({ kind: 'rule', text, refs: varsRead(text), selectors });
      }
    } else if (node.type === 'atrule' && node.name === 'property' && node.params.startsWith('--')) {
      pieces.push({ kind: 'property', name: node.params.trim(), text });
    } else if (node.type === 'atrule' && hasRules(node)) {
      const empty = (node.raws.before ?? '') + node.clone({ nodes: [] }).toString();
      pieces.push({ kind: 'group', open: empty.slice(0, empty.lastIndexOf('}')), children: prepare(node.nodes!, varRefs), layer: node.name === 'layer' });
    } else if (node.type === 'atrule' && !node.nodes) {
      // A statement such as `@layer theme, base;`: its semicolon is the parent's to write.
      pieces.push({ kind: 'always', text: `${text};`, refs: [] });
    } else if (node.type !== 'decl') {
      pieces.push({ kind: 'always', text, refs: varsRead(text) });
    }
  }
  return pieces;
}

/** An at-rule that holds style rules (as opposed to declarations: @property, @font-face, @keyframes). */
function hasRules(node: AtRule): boolean {
  if (!node.nodes || /keyframes$/i.test(node.name)) return false;
  return node.nodes.some((n) => n.type === 'rule' || (n.type === 'atrule' && !!(n as Container).nodes));
}

/**
 * Tailwind declares its --tw-* properties twice: as @property rules, and, for browsers without those, as
 * an @supports-guarded rule in its properties layer giving every element (*, ::before, ::after, ::backdrop)
 * their initial values. A page carries that fallback unguarded, and no @property rule of syntax "*" that
 * it covers: an untyped property cannot be animated, so registering it only gives every element the
 * initial value, which the fallback does in every browser. Typed ones (the gradient stops, which the buy
 * button's hover fades) stay registered. Other pseudo-elements (::marker, ::placeholder) now inherit those
 * properties from their element, as they do in browsers without @property; nothing here styles them
 * through one. 150–230 B less brotli a page as sent (`/` 148 B, `/blog` 228 B; issue 40).
 *
 * Only a guard at the top of the sheet or of a layer, around rules that select every element alone and
 * declare registered properties alone, is dropped: @supports (color:color-mix(…)) around a utility's
 * custom property stays, as does anything nested under @media.
 */
function fallbacksForRegistered(root: Root): void {
  const untyped = new Map<string, AtRule>();
  const registered = new Set<string>();
  root.walkAtRules('property', (r) => {
    registered.add(r.params.trim());
    if (r.nodes?.some((d) => d.type === 'decl' && d.prop === 'syntax' && /^["']\*["']$/.test(d.value.trim()))) untyped.set(r.params.trim(), r);
  });
  for (const test of root.nodes.flatMap((n) => (n.type === 'atrule' && n.name === 'layer' ? (n.nodes ?? []) : [n]))) {
    if (test.type !== 'atrule' || test.name !== 'supports' || !test.nodes?.length) continue;
    const names = test.nodes.flatMap((r) => (r.type === 'rule' && everyElement(r.selector) ? r.nodes.map((d) => (d.type === 'decl' && registered.has(d.prop) ? d.prop : '')) : ['']));
    if (names.includes('')) continue;
    test.replaceWith(test.nodes);
    for (const name of names) untyped.get(name)?.remove();
  }
}

/** A selector list of `*` and bare pseudo-elements (`:before`, `::backdrop`): every element, nothing chosen. */
function everyElement(selector: string): boolean {
  let every = true;
  selectorParser((list) => {
    list.walk((node) => {
      if (node.type === 'selector') return;
      if (node.type === 'universal') return;
      if (node.type === 'pseudo' && (node.value.startsWith('::') || /^:(before|after)$/i.test(node.value)) && !node.nodes.length) return;
      every = false;
    });
  }).processSync(selector);
  return every;
}

/** Parses the site's stylesheet once, for cutting per page. */
export function prepareStylesheet(css: string): PreparedStylesheet {
  const varRefs = new Map<string, Set<string>>();
  const root = postcss.parse(css);
  fallbacksForRegistered(root);
  return { pieces: prepare(root.nodes, varRefs), varRefs, cuts: new Map() };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

// The same class attributes recur on every page of a template: each is read once.
const classLists = new Map<string, string[]>();

function classList(attribute: string): string[] {
  let list = classLists.get(attribute);
  if (!list) classLists.set(attribute, (list = decodeEntities(attribute).split(/\s+/).filter(Boolean).map((c) => `.${c}`)));
  return list;
}

/** Every class (as ".name") and element name of the page (React writes attributes as class="…", quotes
 * escaped), and each input's type as "input[type=…]" (text when it names none). */
export function classesIn(html: string): Set<string> {
  const out = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const c of classList(m[1]!)) out.add(c);
  for (const m of html.matchAll(/<([a-zA-Z][\w-]*)/g)) out.add(m[1]!.toLowerCase());
  for (const [tag] of html.matchAll(/<input\b[^>]*>/gi)) out.add(`input[type=${(/\stype="?([\w-]+)/i.exec(tag)?.[1] ?? 'text').toLowerCase()}]`);
  return out;
}

const has = (classes: Set<string>, need: Need) => (typeof need === 'string' ? classes.has(need) : need.some((n) => classes.has(n)));
const matches = (p: Piece & { kind: 'rule' }, classes: Set<string>) => p.selectors.some((required) => required.every((c) => has(classes, c)));

/** The custom properties read by the rules the page keeps (and by its style attributes), and by their values in turn. */
function varsUsed(sheet: PreparedStylesheet, classes: Set<string>, htmlVars: string[]): Set<string> {
  const used = new Set(htmlVars);
  const visit = (pieces: Piece[]) => {
    for (const p of pieces) {
      if (p.kind === 'always' || (p.kind === 'rule' && matches(p, classes))) p.refs.forEach((r) => used.add(r));
      else if (p.kind === 'group') visit(p.children);
    }
  };
  visit(sheet.pieces);
  const queue = [...used];
  while (queue.length) {
    for (const r of sheet.varRefs.get(queue.pop()!) ?? []) {
      if (!used.has(r)) {
        used.add(r);
        queue.push(r);
      }
    }
  }
  return used;
}

function cut(pieces: Piece[], classes: Set<string>, vars: Set<string>): string {
  let out = '';
  for (const p of pieces) {
    if (p.kind === 'always') out += p.text;
    else if (p.kind === 'rule') {
      if (matches(p, classes)) out += p.text;
    } else if (p.kind === 'property') {
      if (vars.has(p.name)) out += p.text;
    } else if (p.kind === 'vars') {
      const kept = p.decls.filter((d) => !d.name || vars.has(d.name));
      // The last declaration written needs no semicolon; an empty rule is not written.
      if (kept.length) out += `${p.open}${kept.map((d) => d.text).join('').replace(/;$/, '')}}`;
    } else {
      const inner = cut(p.children, classes, vars);
      // A layer is written even when empty: the first mention of each fixes the layers' order, which the
      // whole stylesheet, loaded later on pages with islands, must find unchanged.
      if (inner || p.layer) out += `${p.open}${inner}}`;
    }
  }
  return out;
}

/** What more than its HTML a page can show (its islands' code, once it runs), read once for many pages. */
export interface ExtraMarkup {
  /** Names the set of markup, for the cache of cuts: the same id, the same classes and variables. */
  id: string;
  classes: ReadonlySet<string>;
  vars: readonly string[];
}

export function extraMarkup(id: string, markup: string): ExtraMarkup {
  return { id, classes: classesIn(markup), vars: varsRead(markup) };
}

/** The part of the stylesheet the page's HTML can use, and with `extra` what its islands can render too. */
export function pageCss(sheet: PreparedStylesheet, html: string, extra?: ExtraMarkup): string {
  const own = classesIn(html);
  const ownVars = varsRead(html);
  // The page's own names in the key, not the islands' thousands: an island page's cut is looked up in
  // about the time of a plain page's.
  const key = `${extra?.id ?? ''}|${[...own].sort().join(' ')}|${[...new Set(ownVars)].sort().join(' ')}`;
  let css = sheet.cuts.get(key);
  if (css === undefined) {
    const classes = extra ? new Set([...own, ...extra.classes]) : own;
    const vars = extra ? [...ownVars, ...extra.vars] : ownVars;
    sheet.cuts.set(key, (css = cut(sheet.pieces, classes, varsUsed(sheet, classes, vars))));
  }
  return css;
}
