// `npm run validate`: the CI entry. Exit 0 when every file is valid and the generated types are current;
// exit 1 with a located report otherwise. Writes nothing.
import { relative } from 'node:path';
import { compileSite } from '../compile.ts';
import { formatReport } from '../report.ts';
import { staleGeneratedFiles } from '../generate-types.ts';

const root = process.cwd();
const result = compileSite(root);
const stale = await staleGeneratedFiles(root);
if (!result.ok) console.error(formatReport(result.diagnostics, result.texts));
for (const f of stale) console.error(`${relative(root, f)}: generated types are stale; run \`npm run gen:types\` and commit the result.`);
if (!result.ok || stale.length) process.exit(1);
console.log(`✓ ${result.site!.pages.length} pages valid (${result.site!.articles.length} listed articles); generated types current.`);
