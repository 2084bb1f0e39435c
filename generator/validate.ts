// Turns ajv's errors into located diagnostics, one per real problem.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ErrorCatalogue, diagnostic, type Diagnostic } from './errors.ts';
import { didYouMean } from './did-you-mean.ts';
import { locate, pointerToPath, type SourceFile } from './source.ts';

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return JSON.stringify(value);
}

export function validateDocument(source: SourceFile, validate: ValidateFunction, blockTypes: string[]): Diagnostic[] {
  if (validate(source.data)) return [];
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
  return out;
}

function toDiagnostic(source: SourceFile, e: ErrorObject, blockTypes: string[]): Diagnostic | undefined {
  const path = pointerToPath(e.instancePath, source.data);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'if': // the nested error says what is wrong
      return undefined;
    case 'type':
      return diagnostic('WrongType', locate(source, path), `must be ${String(p.type)}, got ${show(e.data)}`);
    case 'required': {
      const field = String(p.missingProperty);
      return diagnostic('MissingField', locate(source, path), `missing required field "${field}"`);
    }
    case 'additionalProperties': {
      const field = String(p.additionalProperty);
      const allowed = Object.keys((e.parentSchema?.properties as object | undefined) ?? {});
      const guess = didYouMean(field, allowed);
      const tail = guess ? `; did you mean "${guess}"?` : `; allowed: ${allowed.join(', ')}`;
      return diagnostic('UnknownField', locate(source, [...path, field], { key: true }), `unknown field "${field}"${tail}`);
    }
    case 'discriminator': {
      if (p.error === 'tag') {
        return diagnostic('MissingField', locate(source, path), `missing required field "type"`);
      }
      const type = String(p.tagValue);
      const guess = didYouMean(type, blockTypes);
      const msg = `unknown block type "${type}"${guess ? `; did you mean "${guess}"?` : ''} Known types: ${blockTypes.join(', ')}`;
      return diagnostic('UnknownBlockType', locate(source, [...path, 'type']), msg);
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map((v) => JSON.stringify(v));
      const guess = typeof e.data === 'string' ? didYouMean(e.data, (p.allowedValues as unknown[]).map(String)) : undefined;
      return diagnostic('NotAllowedValue', locate(source, path), `must be one of ${allowed.join(', ')}, got ${show(e.data)}${guess ? `; did you mean "${guess}"?` : ''}`);
    }
    case 'const':
      return diagnostic('NotAllowedValue', locate(source, path), `must be ${JSON.stringify(p.allowedValue)}, got ${show(e.data)}`);
    case 'pattern':
      return diagnostic('InvalidValue', locate(source, path), `must match ${String(p.pattern)}, got ${show(e.data)}`);
    case 'format':
      return diagnostic('InvalidValue', locate(source, path), `must be a valid ${String(p.format)}, got ${show(e.data)}`);
    default:
      return diagnostic('InvalidValue', locate(source, path), `${e.message ?? 'is invalid'}, got ${show(e.data)}`);
  }
}

export { ErrorCatalogue };
