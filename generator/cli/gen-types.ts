// `npm run gen:types`: rewrites the generated schema files and types.
import { relative } from 'node:path';
import { writeGeneratedFiles } from '../generate-types.ts';

const root = process.cwd();
for (const f of await writeGeneratedFiles(root)) console.log(`wrote ${relative(root, f)}`);
