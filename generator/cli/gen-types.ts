// `npm run gen:types`: rewrites the generated schema files and types.
import { relative } from 'node:path';
import { writeEditorSchemas } from '../authoring/editor-schema.ts';
import { writeGeneratedFiles } from '../authoring/generate-types.ts';

const root = process.cwd();
for (const f of await writeGeneratedFiles(root)) console.log(`wrote ${relative(root, f)}`);
// The editor copy of the schemas follows them (and the catalogue's product ids).
if (writeEditorSchemas(root).length) console.log('wrote .vscode/schemas/ (for editors)');
