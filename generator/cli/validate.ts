// `npm run validate`: the CI entry. Exit 0 when every file is valid, every block complete and the
// generated types current; exit 1 with a located report otherwise. Writes nothing.
import { blockComponents } from '../../runtime/render/render-page.tsx';
import { compileSite } from '../compile.ts';
import { staleTypesDiagnostics } from '../generate-types.ts';
import { formatReport } from '../report.ts';

const root = process.cwd();
const result = compileSite(root, { components: blockComponents });
const diagnostics = [...result.diagnostics, ...(await staleTypesDiagnostics(root))];
if (diagnostics.length) {
  console.error(formatReport(diagnostics, result.texts));
  process.exitCode = 1;
} else {
  console.log(`✓ ${result.site!.pages.length} pages valid (${result.site!.articles.length} listed articles); generated types current.`);
}
