// Run by build-state.test.ts with tsx: builds the site in BUILD_ROOT into each output folder
// named on the command line, one after the other in this one process (the first with --clean when the
// first argument is --clean), and prints what each build reports as one JSON line.
import '../../generator/cli/production.ts';
import { buildSite } from '../../generator/build.ts';

const asOf = new Date(process.env.AS_OF!);
const args = process.argv.slice(2);
const cleanFirst = args[0] === '--clean';
for (const [i, outDir] of args.slice(cleanFirst ? 1 : 0).entries()) {
  const r = await buildSite(process.env.BUILD_ROOT!, { outDir, asOf, clean: cleanFirst && i === 0, quiet: true });
  console.log(JSON.stringify({ rendered: r.rendered, written: r.written, removed: r.removed, caches: r.caches, clientBuilt: r.clientBuilt }));
}
