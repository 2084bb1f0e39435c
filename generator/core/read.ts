// Steps 1 and 2 of the pipeline for one file: its text parsed by `yaml` (with positions) and validated by
// ajv against its schema (defaults filled in), with the facts the cross-checks need from it. This is
// the one read-and-validate function: the main thread, the render workers (which share a cold build's
// parsing) and the dev server all call it, and its result is what the compile cache keeps, under a key
// made of the file's text, the schemas and this module's code (see store/compile-cache.ts).
import { documentFacts, factsToJson, type FieldFacts } from './cross-check.ts';
import { diagnostic, type Diagnostic } from './errors.ts';
import { MAX_SOURCE_BYTES, type SourceText } from './load.ts';
import type { KindedValidate } from './schemas.ts';
import { parseSource, type SourceFile } from './source.ts';
import { validateDocument, type FieldAt } from './schema-errors.ts';

/** What reading and validating one file gives; plain data, so it can be cached and posted between threads. */
export interface FileEntry {
  /** The document with its schema defaults applied; absent when the file could not be parsed. */
  data?: unknown;
  /** Fields whose schema says what they are (x-kind), for the cross-checks. */
  fields: FieldAt[];
  /** Every diagnostic of the file alone: size, encoding, syntax, schema. */
  diagnostics: Diagnostic[];
  /** The cross-checks' facts of the document as written, one per field (null: no text). */
  facts?: (FieldFacts | null)[];
}

/** Whether a file's entry may be cached by its text: a file too large or not UTF-8 has no faithful text. */
export const cacheable = (src: SourceText) => src.bytes <= MAX_SOURCE_BYTES && src.invalidAt === undefined;

/**
 * Reads one file (`file`: its project-relative path, for diagnostics) into its entry, and the parsed
 * source when it parsed (diagnostics elsewhere are located in it).
 */
export function readAndValidate(file: string, src: SourceText, validate: KindedValidate, blockTypes: string[]): { entry: FileEntry; source?: SourceFile } {
  if (src.bytes > MAX_SOURCE_BYTES) {
    return { entry: { fields: [], diagnostics: [diagnostic('FileTooLarge', { file, line: 1, column: 1, path: '' }, src.bytes, MAX_SOURCE_BYTES)] } };
  }
  if (src.invalidAt !== undefined) {
    const before = src.text.slice(0, src.invalidAt).split(/\r\n|\r|\n/);
    return { entry: { fields: [], diagnostics: [diagnostic('InvalidEncoding', { file, line: before.length, column: before[before.length - 1]!.length + 1, path: '' })] } };
  }
  const { source, errors } = parseSource(file, src.text);
  if (errors.length) return { entry: { fields: [], diagnostics: errors } };
  const { fields, diagnostics } = validateDocument(source, validate, blockTypes);
  return { entry: { data: source.data, fields, diagnostics, facts: factsToJson(documentFacts(source.data, fields)) }, source };
}
