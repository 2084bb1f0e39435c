// The documents the checks read: each one parsed, validated and made into its page, with the facts
// of its texts. Types only, beside the checks that read them, so a check in a file of its own
// (catalogue-mentions.ts, draft-copy.ts, publication.ts) names them without importing cross-check.ts back.
import type { MailDefinition } from '../../model/newsletter.ts';
import type { PageDefinition } from '../../model/page.ts';
import type { FieldAt } from './schema-errors.ts';
import type { SourceFile } from './source.ts';

/**
 * What the checks need from one field's text: its words and paragraphs (in an article's body), the
 * links in its Markdown and its misplaced headings. Parsing the Markdown is most of the cross-checks'
 * time, so a document's facts are kept in the compile cache by its fields' texts.
 */
export interface FieldFacts {
  words?: number;
  paragraphs?: string[];
  links?: string[];
  headings?: { level: number; line: string }[];
}

/** A document's facts, one per field (undefined: the field holds no text). */
export type DocumentFacts = (FieldFacts | undefined)[];

export interface CheckedDoc {
  /** The document with defaults applied and tokens filled in; positions come from its nodes. */
  source: SourceFile;
  /** The document's data as written (defaults applied, tokens not filled in), when it differs. */
  written?: unknown;
  /** The facts of `written` (made with its parse and kept with it in the compile cache), if known. */
  facts?: DocumentFacts;
  fields: FieldAt[];
  page?: PageDefinition;
  /** A newsletter or a list mail: the mail it makes (a newsletter has its web version as `page` too). */
  mail?: MailDefinition;
}

