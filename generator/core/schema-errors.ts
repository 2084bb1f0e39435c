// Turns ajv's errors into located diagnostics, one per real problem.
import type { ErrorObject } from 'ajv';
import { diagnostic, type Diagnostic } from './errors.ts';
import { didYouMean } from './did-you-mean.ts';
import { isMailFile } from '../../model/newsletter.ts';
import type { KindedField, KindedValidate } from './schemas.ts';
import { locate, pointerToPath, type PathSegment, type SourceFile } from './source.ts';

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  const json = JSON.stringify(value);
  // A hostile 5 MB value is named, not printed.
  return json.length > 80 ? `${json.slice(0, 60)}…" (${String(value).length} characters)` : json;
}

export interface FieldAt {
  kind: KindedField['kind'];
  path: PathSegment[];
}

export interface Validated {
  diagnostics: Diagnostic[];
  /** Fields whose schema says what they are (product ids, addresses, prose…), for the cross-checks. */
  fields: FieldAt[];
}

/** Validates a document in place: schema defaults are filled into `source.data`. */
export function validateDocument(source: SourceFile, validate: KindedValidate, blockTypes: string[]): Validated {
  const ok = validate(source.data);
  const fields = validate.fields.map((f) => ({ kind: f.kind, path: pointerToPath(f.pointer, source.data) }));
  if (ok) return { diagnostics: [], fields: [...fields, ...overrideFields(source.data, validate)] };
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const e of validate.errors ?? []) {
    const d = toDiagnostic(source, e, blockTypes);
    if (!d) continue;
    const key = `${d.line}:${d.column}:${d.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(d);
    }
  }
  return { diagnostics: out, fields };
}

/**
 * The kinded fields inside sections' (and a platform page's, issue 41) variant overrides (issue 33), so the cross-checks check an
 * override's links, product ids and prose as they check the section's own, located where written.
 * Each variant is validated as the page it makes; a field it met that the override gives is kept.
 * An invalid variant is left to the experiment's own check (core/experiments.ts), which locates it.
 */
function overrideFields(data: unknown, validate: KindedValidate): FieldAt[] {
  type Holder = Record<string, unknown> & { variants?: Record<string, Record<string, unknown>> };
  const page = (data ?? {}) as { sections?: unknown; platform?: Holder };
  const sections = (Array.isArray(page.sections) ? page.sections : []) as (Holder | null)[];
  const platform = page.platform && typeof page.platform === 'object' ? page.platform : undefined;
  const variants = new Set([...sections, platform].flatMap((s) => Object.keys(s?.variants ?? {})));
  const out: FieldAt[] = [];
  for (const v of variants) {
    const shown = (s: Holder) => (s?.variants?.[v] ? { ...s, ...s.variants[v] } : s);
    const made = { ...(data as object), ...(Array.isArray(page.sections) ? { sections: sections.map((s) => shown(s as Holder)) } : {}), ...(platform ? { platform: shown(platform) } : {}) };
    if (!validate(made)) continue;
    for (const f of validate.fields) {
      const path = pointerToPath(f.pointer, made);
      // A field of a section (sections, index, key, …) or of the platform (platform, key, …).
      const at = path[0] === 'sections' ? 2 : path[0] === 'platform' ? 1 : -1;
      const key = path[at];
      if (at < 0 || typeof key !== 'string' || (at === 2 && typeof path[1] !== 'number')) continue;
      const holder = at === 2 ? sections[path[1] as number] : platform;
      const override = holder?.variants?.[v];
      if (override && Object.hasOwn(override, key)) out.push({ kind: f.kind, path: [...path.slice(0, at), 'variants', v, ...path.slice(at)] });
    }
  }
  return out;
}

export function toDiagnostic(source: SourceFile, e: ErrorObject, blockTypes: string[]): Diagnostic | undefined {
  const path = pointerToPath(e.instancePath, source.data);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'if': // the nested error says what is wrong
      return undefined;
    case 'type':
      return commentedValue(source, path, e) ?? diagnostic('WrongType', locate(source, path), String(p.type), show(e.data));
    case 'required':
      return diagnostic('MissingField', locate(source, path), String(p.missingProperty));
    case 'additionalProperties': {
      const field = String(p.additionalProperty);
      const allowed = Object.keys((e.parentSchema?.properties as object | undefined) ?? {});
      return diagnostic('UnknownField', locate(source, [...path, field], { key: true }), field, didYouMean(field, allowed), allowed);
    }
    case 'discriminator': {
      if (p.error === 'tag') return diagnostic('MissingField', locate(source, path), 'type');
      const type = String(p.tagValue);
      const shown = type.length > 60 ? `${type.slice(0, 40)}… (${type.length} characters)` : type;
      return diagnostic('UnknownBlockType', locate(source, [...path, 'type']), shown, didYouMean(type, blockTypes), blockTypes);
    }
    case 'not':
    case 'enum': {
      // A known block where the page's template does not take it (page.schema.json says which it takes).
      const blocked = blockNotAllowed(source, path, e, blockTypes);
      if (blocked !== undefined) return blocked ?? undefined;
      if (e.keyword === 'not') return diagnostic('InvalidValue', locate(source, path), e.message ?? 'is invalid', show(e.data));
      const allowed = (p.allowedValues as unknown[]).map((v) => JSON.stringify(v));
      const guess = typeof e.data === 'string' ? didYouMean(e.data, (p.allowedValues as unknown[]).map(String)) : undefined;
      return diagnostic('NotAllowedValue', locate(source, path), allowed, show(e.data), guess);
    }
    case 'const':
      return diagnostic('NotAllowedValue', locate(source, path), [JSON.stringify(p.allowedValue)], show(e.data));
    case 'pattern':
      return diagnostic('PatternMismatch', locate(source, path), String(p.pattern), show(e.data));
    case 'format':
      return diagnostic('InvalidValue', locate(source, path), `must be a valid ${String(p.format)}`, show(e.data));
    default:
      return diagnostic('InvalidValue', locate(source, path), e.message ?? 'is invalid', show(e.data));
  }
}

/** A block type the template of its page (or a mail) does not hold: the blocks it does hold, listed (null: said elsewhere). */
function blockNotAllowed(source: SourceFile, path: PathSegment[], e: ErrorObject, blockTypes: string[]): Diagnostic | null | undefined {
  if (path.length !== 3 || path[0] !== 'sections' || path[2] !== 'type' || typeof e.data !== 'string') return undefined;
  // An unknown type is reported once, as UnknownBlockType, with every known type.
  if (!blockTypes.includes(e.data)) return null;
  const p = e.params as Record<string, unknown>;
  const excluded = (e.schema as { enum?: unknown[] } | undefined)?.enum ?? [];
  const allowed = e.keyword === 'enum' ? (p.allowedValues as unknown[]).map(String) : blockTypes.filter((t) => !excluded.includes(t));
  if (isMailFile(source.file)) return diagnostic('BlockNotInMail', locate(source, path), e.data, didYouMean(e.data, allowed), allowed);
  const template = String((source.data as { template?: unknown } | null)?.template ?? 'page');
  return diagnostic('BlockNotAllowed', locate(source, path), e.data, template, didYouMean(e.data, allowed), allowed);
}

/**
 * `href: #faq` unquoted: YAML reads `#faq` as a comment and the value as empty. Say so, keeping the
 * `#`, and for an address check the anchor against the page's own section ids.
 */
function commentedValue(source: SourceFile, path: PathSegment[], e: ErrorObject): Diagnostic | undefined {
  if (e.data !== null) return undefined;
  const at = locate(source, path, { key: true });
  const line = source.text.split('\n', at.line)[at.line - 1] ?? '';
  const written = /^\s*(?:-\s+)?[^\s:#][^:#]*:[ \t]+(#\S*)/.exec(line)?.[1];
  if (!written) return undefined;
  const where = { ...at, column: line.indexOf(written) + 1, endLine: at.line, endColumn: line.indexOf(written) + written.length + 1 };
  if ((e.parentSchema as Record<string, unknown> | undefined)?.['x-kind'] !== 'href') return diagnostic('ValueReadAsComment', where, written, undefined, undefined);
  const sections = (source.data as { sections?: unknown } | null)?.sections;
  const ids = Array.isArray(sections) ? sections.flatMap((s) => (s && typeof (s as { id?: unknown }).id === 'string' ? [(s as { id: string }).id] : [])) : [];
  const anchor = written.slice(1);
  // An anchor that exists only needs its quotes; one that does not is checked as the cross-check would.
  if (ids.includes(anchor)) return diagnostic('ValueReadAsComment', where, written, undefined, undefined);
  return diagnostic('ValueReadAsComment', where, written, didYouMean(anchor, ids), ids);
}
