// Prints each article's word count against its stated read time: `npx tsx scripts/article-stats.ts [slug...]`.
import { readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import { checkReadTime } from '../generator/read-time.ts';

const dir = new URL('../pages/blog/', import.meta.url);
const only = process.argv.slice(2);
for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'index.yaml').sort()) {
  const slug = file.replace(/\.yaml$/, '');
  if (only.length && !only.includes(slug)) continue;
  const doc = parse(readFileSync(new URL(file, dir), 'utf8'));
  const stated = Number(doc?.article?.readTime);
  const r = checkReadTime(stated, doc?.sections ?? []);
  const target = stated * 200;
  console.log(`${r.ok ? 'ok  ' : 'BAD '} ${slug.padEnd(32)} ${String(r.words).padStart(5)} words (target ~${target}, allowed ${Math.ceil(target * 2 / 3)}-${Math.floor(target * 4 / 3)}) stated ${stated} min`);
}
