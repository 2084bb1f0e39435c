// Every message the generator shows a marketer, in one place (after Astro's errors-data.ts).
// Names are permanent: tests and editors may match on them. Say what happened, then what to do.
export interface ErrorData {
  title: string;
  hint?: string;
}

export const ErrorCatalogue = {
  YamlSyntax: { title: 'YAML syntax error', hint: 'Check indentation and quotes around this line.' },
  DuplicateKey: { title: 'Duplicate key', hint: 'A key may appear once per mapping; remove or rename one of them.' },
  WrongType: { title: 'Wrong type', hint: 'Numbers are written without quotes; text in quotes.' },
  MissingField: { title: 'Missing required field', hint: 'Add the field; the schema in schemas/ lists every field with a description.' },
  UnknownField: { title: 'Unknown field', hint: 'Remove it or fix its spelling; the schema lists the allowed fields.' },
  NotAllowedValue: { title: 'Value not allowed' },
  InvalidValue: { title: 'Invalid value' },
  UnknownBlockType: { title: 'Unknown block type', hint: 'Each block type needs a schema in schemas/blocks/ and a component in runtime/blocks/.' },
  UnknownProduct: { title: 'Unknown product id', hint: 'Products are defined in site.config.yaml under `products`.' },
  BrokenLink: { title: 'Broken internal link', hint: 'Internal links must point to a page in pages/ or a file in public/.' },
  BrokenAnchor: { title: 'Broken #anchor', hint: 'An anchor must be the `id` of a section on the target page.' },
  DuplicateRoute: { title: 'Duplicate route', hint: 'Two files map to the same address; keep one of them.' },
  DuplicateSectionId: { title: 'Duplicate section id', hint: 'Section ids are anchors and must be unique on a page.' },
  FeaturedArticle: { title: 'Featured article', hint: 'Exactly one listed article has `featured: true`.' },
  ReadTime: { title: 'Read time does not match the article', hint: 'Read times are computed at about 200 words a minute; fix readTime or the body.' },
  UnknownToken: { title: 'Unknown value in text', hint: 'Text may name catalogue values such as {price:instagram} or {provider}.' },
  MissingFile: { title: 'Missing file', hint: 'Images and files are served from public/.' },
  StaleTypes: { title: 'Generated types are stale', hint: 'Run `npm run gen:types` and commit the result.' },
} as const satisfies Record<string, ErrorData>;

export type ErrorName = keyof typeof ErrorCatalogue;

export interface Diagnostic {
  name: ErrorName;
  /** Path relative to the project root, e.g. pages/instagram-detox.yaml. */
  file: string;
  line: number;
  column: number;
  /** Where inside the document, e.g. sections[2].price; empty for the document itself. */
  path: string;
  message: string;
}

export function diagnostic(name: ErrorName, at: { file: string; line: number; column: number; path: string }, message: string): Diagnostic {
  return { name, ...at, message };
}
