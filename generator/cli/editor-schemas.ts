// `npm install` runs this (the `prepare` script): writes .vscode/schemas/, the editors' copy of the
// schemas with the catalogue's product ids as suggestions (see generator/authoring/editor-schema.ts), so a fresh
// clone's editor loads the schema .vscode/settings.json and the starters' modelines name.
// It never fails an install: an editor convenience is not worth a broken `npm ci`.
import { writeEditorSchemas } from '../authoring/editor-schema.ts';
import { EXIT, parseCli, runCli, type Command } from './args.ts';

const PREPARE: Command = {
  usage: 'npm run prepare   (npm install and npm ci run it)',
  does: "Writes .vscode/schemas/, the editors' copy of the schemas with the catalogue's product ids as suggestions. Never fails an install.",
  examples: ['npm run prepare'],
};

await runCli('prepare', () => {
  parseCli(process.argv.slice(2), PREPARE);
  try {
    writeEditorSchemas(process.cwd());
  } catch (e) {
    console.warn(`Could not write .vscode/schemas/ for editors (${e instanceof Error ? e.message : String(e)}); \`npm run dev\` writes it later.`);
  }
  return EXIT.ok;
});
