// Grid classes for a row of cards whose number comes from the catalogue (product cards, platform tiles,
// bonus cards), so 3, 4, 5 or 6 cards never leave one card alone on a row, at any width, and a short
// last row sits centred. The grid has two tracks per column and each card spans two, so a last row
// can start half a column in. Classes are written out in full below so that Tailwind finds them.

type Breakpoint = 'base' | 'sm' | 'md' | 'lg';

const COLUMNS: Record<Breakpoint, Record<number, string>> = {
  base: { 1: 'grid-cols-2', 2: 'grid-cols-4', 3: 'grid-cols-6', 4: 'grid-cols-8' },
  sm: { 1: 'sm:grid-cols-2', 2: 'sm:grid-cols-4', 3: 'sm:grid-cols-6', 4: 'sm:grid-cols-8' },
  md: { 1: 'md:grid-cols-2', 2: 'md:grid-cols-4', 3: 'md:grid-cols-6', 4: 'md:grid-cols-8' },
  lg: { 1: 'lg:grid-cols-2', 2: 'lg:grid-cols-4', 3: 'lg:grid-cols-6', 4: 'lg:grid-cols-8' },
};

/** Start track of a card, by breakpoint; 1 is 'auto' (the card follows the one before). */
const STARTS: Record<Breakpoint, Record<number, string>> = {
  base: { 1: 'col-start-auto', 2: 'col-start-2', 3: 'col-start-3', 4: 'col-start-4' },
  sm: { 1: 'sm:col-start-auto', 2: 'sm:col-start-2', 3: 'sm:col-start-3', 4: 'sm:col-start-4' },
  md: { 1: 'md:col-start-auto', 2: 'md:col-start-2', 3: 'md:col-start-3', 4: 'md:col-start-4' },
  lg: { 1: 'lg:col-start-auto', 2: 'lg:col-start-2', 3: 'lg:col-start-3', 4: 'lg:col-start-4' },
};

/**
 * Columns at 390 px (base), 640 (sm), 768 (md, so 820 px) and 1024 and up (lg, so 1280 px): the
 * usual layout when it fits the count, else the closest one that leaves no card alone.
 */
export function columnsFor(count: number, widest: number): Record<Breakpoint, number> {
  const pick = (preferred: number, most: number): number => {
    const fits = (c: number) => c === 1 || count % c !== 1;
    if (preferred <= count && fits(preferred) && count % preferred === 0) return preferred;
    const options = Array.from({ length: Math.max(1, Math.min(most, count)) }, (_, i) => i + 1).filter(fits);
    const rows = (c: number) => Math.ceil(count / c);
    const empty = (c: number) => rows(c) * c - count;
    return options.sort((a, b) => rows(a) - rows(b) || empty(a) - empty(b) || Math.abs(a - preferred) - Math.abs(b - preferred))[0]!;
  };
  return { base: 1, sm: pick(2, 2), md: pick(2, 3), lg: pick(widest, widest) };
}

const BREAKPOINTS: Breakpoint[] = ['base', 'sm', 'md', 'lg'];

/** Classes for the list (`list`) and for the card at each index (`item(i)`). */
export function cardGrid(count: number, widest: 3 | 4): { list: string; item: (index: number) => string } {
  const cols = columnsFor(count, widest);
  const list = `grid ${BREAKPOINTS.map((bp) => COLUMNS[bp][cols[bp]]).join(' ')}`;
  const item = (index: number) => {
    const classes = ['col-span-2'];
    let shifted = false;
    for (const bp of BREAKPOINTS) {
      const c = cols[bp];
      const lastRowStart = count - (count % c || c);
      const inLastRow = count - lastRowStart;
      // The first card of a short last row starts where the row is centred; every other card follows
      // (said again only to undo a smaller width's shift).
      const start = index === lastRowStart && inLastRow < c ? c - inLastRow + 1 : 1;
      if (start > 1 || shifted) classes.push(STARTS[bp][start]!);
      shifted = start > 1;
    }
    return classes.join(' ');
  };
  return { list, item };
}
