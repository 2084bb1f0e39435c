// Prints each article's word count against its stated read time: `npx tsx scripts/article-stats.ts [slug...]`.
// Words are counted exactly as `npm run validate` counts them: the body's prose fields, by schema.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bodyWords, readTimeFor, readTimeRange } from '../generator/core/read-time.ts';
import { loadSchemas } from '../generator/core/schemas.ts';
import { parseSource } from '../generator/core/source.ts';
import { validateDocument } from '../generator/core/schema-errors.ts';

const dir = new URL('../pages/blog/', import.meta.url);
const schemas = loadSchemas(fileURLToPath(new URL('../schemas/', import.meta.url)));
const only = process.argv.slice(2);
for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'index.yaml').sort()) {
  const slug = file.replace(/\.yaml$/, '');
  if (only.length && !only.includes(slug)) continue;
  const { source } = parseSource(file, readFileSync(new URL(file, dir), 'utf8'));
  const { fields } = validateDocument(source, schemas.validatePage, schemas.blockTypes);
  const stated = Number((source.data as { article?: { readTime?: number } })?.article?.readTime);
  const words = bodyWords(source.data, fields);
  const { minWords, maxWords } = readTimeRange(stated);
  const ok = words >= minWords && words <= maxWords;
  console.log(`${ok ? 'ok  ' : 'BAD '} ${slug.padEnd(32)} ${String(words).padStart(5)} words (allowed ${minWords}-${maxWords}) stated ${stated} min, reads in ${readTimeFor(words)}`);
}
