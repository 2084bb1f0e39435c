// `npm run gen:types`: rewrites the generated schema files and types.
import { relative } from 'node:path';
import { writeEditorSchemas } from '../authoring/editor-schema.ts';
import { writeGeneratedFiles } from '../authoring/generate-types.ts';
import { EXIT, parseCli, runCli, type Command } from './args.ts';

const GEN_TYPES: Command = {
  usage: 'npm run gen:types',
  does: 'Regenerates model/schema.generated.ts and schemas/section.schema.json from the schemas, and the editors\' copy in .vscode/schemas/. Commit the result: validate fails when they are stale.',
  examples: ['npm run gen:types'],
};

await runCli('gen:types', async () => {
  parseCli(process.argv.slice(2), GEN_TYPES);
  const root = process.cwd();
  for (const f of await writeGeneratedFiles(root)) console.log(`wrote ${relative(root, f)}`);
  // The editor copy of the schemas follows them (and the catalogue's product ids).
  if (writeEditorSchemas(root).length) console.log('wrote .vscode/schemas/ (for editors)');
  return EXIT.ok;
});
