// What a page read while it rendered: every value of the site config, the article list, the images and
// the assets it touched, and how precisely it read the build's moment (its year, its day, or the
// instant). A rebuild reads the same paths in the new data: the page renders again only if one of
// them now gives another answer. So a changed price rebuilds the pages that show that price, and a
// new article the pages that list articles.

/** One read: its kind and the path from a root, as `kind` + JSON of the path. */
export type Read = string;

const marker = (v: unknown): string => {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  if (typeof v === 'function') return 'function';
  if (typeof v === 'undefined') return 'undefined';
  return `${typeof v}:${String(v)}`;
};

const step = (v: unknown, key: PropertyKey): unknown => (v !== null && (typeof v === 'object' || typeof v === 'function') ? (v as Record<PropertyKey, unknown>)[key] : undefined);

/** The answer a read gives in `roots` now (the same function records and re-checks). */
export function answer(roots: Record<string, unknown>, read: Read): string {
  const kind = read[0];
  const path = JSON.parse(read.slice(1)) as (string | number)[];
  if (kind === 'd') return momentAnswer(roots.now as number, path[0] as MomentPrecision);
  let v: unknown = roots;
  for (const key of path) v = step(v, key);
  if (kind === 'k') return v !== null && typeof v === 'object' ? Object.keys(v).join('\0') : marker(v);
  if (kind === 'h') {
    const [parent, key] = [path.slice(0, -1).reduce<unknown>(step, roots), path[path.length - 1]!];
    return String(parent !== null && typeof parent === 'object' && key in parent);
  }
  return marker(v);
}

/** Records reads into `reads` (read -> answer) through proxies over plain data. */
export class Tracker {
  readonly reads = new Map<Read, string>();
  private readonly proxies = new WeakMap<object, object>();

  /** A view of `value` (found at `path`) that records what is read through it. */
  track<T>(value: T, path: (string | number)[]): T {
    return this.trackAt(value, JSON.stringify(path).slice(0, -1));
  }

  /**
   * `at`: the JSON of the value's path without its closing bracket (`["compiled","site"`), so a read's
   * key is made by appending one step (a page makes thousands of reads through these proxies).
   */
  private trackAt<T>(value: T, at: string): T {
    if (value === null || typeof value !== 'object') return value;
    const known = this.proxies.get(value);
    if (known) return known as T;
    const tracker = this;
    const isArray = Array.isArray(value);
    // The same text JSON.stringify gives the path's step: an array index as a number.
    const step = (p: string) => (isArray && /^\d+$/.test(p) ? String(Number(p)) : JSON.stringify(p));
    const join = (p: string) => (at.length > 1 ? `${at},${step(p)}` : `${at}${step(p)}`);
    const proxy = new Proxy(value, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver) as unknown;
        // Methods (an array's map, filter…) read their items through this proxy, and symbols are
        // the language's own business: neither is data.
        if (typeof prop === 'symbol' || typeof v === 'function') return v;
        const child = join(prop);
        tracker.reads.set(`g${child}]`, marker(v));
        return tracker.trackAt(v, child);
      },
      has(target, prop) {
        const r = Reflect.has(target, prop);
        if (typeof prop !== 'symbol') tracker.reads.set(`h${join(prop)}]`, String(r));
        return r;
      },
      ownKeys(target) {
        tracker.reads.set(`k${at}]`, Object.keys(target).join('\0'));
        return Reflect.ownKeys(target);
      },
    });
    this.proxies.set(value, proxy);
    return proxy as T;
  }

  /** The moment as a Date that records how precisely it is read. */
  moment(ms: number): Date {
    return trackedDate(ms, (precision) => this.reads.set(`d${JSON.stringify([precision])}`, momentAnswer(ms, precision)));
  }
}

type MomentPrecision = 'year' | 'utc-year' | 'day' | 'utc-day' | 'instant';

function momentAnswer(ms: number, precision: MomentPrecision): string {
  const d = new Date(ms);
  switch (precision) {
    case 'year':
      return String(d.getFullYear());
    case 'utc-year':
      return String(d.getUTCFullYear());
    case 'day':
      return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
    case 'utc-day':
      return d.toISOString().slice(0, 10);
    default:
      return String(ms);
  }
}

const PRECISION: Record<string, MomentPrecision> = {
  getFullYear: 'year',
  getUTCFullYear: 'utc-year',
  getMonth: 'day',
  getDate: 'day',
  getDay: 'day',
  toDateString: 'day',
  toLocaleDateString: 'day',
  getUTCMonth: 'utc-day',
  getUTCDate: 'utc-day',
  getUTCDay: 'utc-day',
};

/** A Date whose every method reports its precision first; anything not listed counts as the instant. */
function trackedDate(ms: number, onRead: (p: MomentPrecision) => void): Date {
  const date = new Date(ms);
  const methods = Object.getOwnPropertyNames(Date.prototype).filter((n) => n !== 'constructor' && typeof (Date.prototype as unknown as Record<string, unknown>)[n] === 'function');
  for (const name of methods) {
    const original = (Date.prototype as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!;
    Object.defineProperty(date, name, {
      value(...args: unknown[]) {
        onRead(PRECISION[name] ?? 'instant');
        return original.apply(date, args);
      },
    });
  }
  // Coercion (`${now}`, now < other) reads the instant too.
  Object.defineProperty(date, Symbol.toPrimitive, {
    value(hint: string) {
      onRead('instant');
      return (Date.prototype as unknown as Record<symbol, (h: string) => unknown>)[Symbol.toPrimitive]!.call(new Date(ms), hint);
    },
  });
  return date;
}
