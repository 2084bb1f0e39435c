// "Every table on the screen is in the CSV": each section of a screen declares the tables it shows with
// useScreenTables, and the screen's export writes whatever is declared at the moment it is pressed.
// A section added later (one that loads its own data, like the experiments) joins the export by
// that one call; nothing keeps a list of sections.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { CsvTable } from './csv.ts';

/** Each declaring section's tables, in the order the sections first declared (the screen's order). */
type Registry = Map<string, readonly CsvTable[]>;

const ScreenTablesContext = createContext<Registry | null>(null);

export function ScreenTables({ children }: { children: ReactNode }) {
  const [registry] = useState<Registry>(() => new Map());
  return <ScreenTablesContext.Provider value={registry}>{children}</ScreenTablesContext.Provider>;
}

/** Declares the tables a section shows (an empty list while it loads). `key` names the section. */
export function useScreenTables(key: string, tables: readonly CsvTable[]): void {
  const registry = useContext(ScreenTablesContext);
  // Two effects: an update keeps the section's place in the order; only leaving the screen removes it.
  useEffect(() => {
    if (!registry) return;
    if (!registry.has(key)) registry.set(key, []);
    return () => void registry.delete(key);
  }, [registry, key]);
  useEffect(() => void registry?.set(key, tables), [registry, key, tables]);
}

/** Every table the screen's sections declare right now. */
export function useTablesOnScreen(): () => CsvTable[] {
  const registry = useContext(ScreenTablesContext);
  return () => [...(registry?.values() ?? [])].flat();
}
