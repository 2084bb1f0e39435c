// An Edit applied to the form's copy of a file's data at once, so typing never waits for the server
// (the server applies the same Edit to the YAML text; generator/studio/yaml-edit.ts). Pure, so the
// variant planner (variants.ts) and its tests use it too.
import type { Edit, PathSegment } from './api.ts';

type Data = Record<string, unknown>;

export function applyLocal<T extends Data>(data: T, e: Edit): T {
  const copy = structuredClone(data) as Record<PathSegment, unknown>;
  // Own properties only: a key such as __proto__ in a file never reaches a prototype.
  const at = (path: readonly PathSegment[]) => path.reduce<any>((d, k) => (d && typeof d === 'object' && Object.hasOwn(d, k) ? d[k] : undefined), copy);
  if (e.op === 'set' || e.op === 'delete') {
    const parent = e.path.length > 1 ? at(e.path.slice(0, -1)) : copy;
    const key = e.path[e.path.length - 1]!;
    if (!parent || typeof parent !== 'object') return data;
    if (e.op === 'set') Object.defineProperty(parent, key, { value: structuredClone(e.value), writable: true, enumerable: true, configurable: true });
    else if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
    return copy as T;
  }
  const list = at(e.path);
  if (!Array.isArray(list)) return data;
  if (e.op === 'insert') list.splice(e.index, 0, structuredClone(e.value));
  else if (e.op === 'duplicate') list.splice(e.index + 1, 0, structuredClone(list[e.index]));
  else list.splice(e.to, 0, ...list.splice(e.from, 1));
  return copy as T;
}
