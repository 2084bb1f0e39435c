// VS Code's YAML extension, as a marketer meets it: the real yaml-language-server, driven over stdio as
// the editor drives it, with the workspace's .vscode/settings.json and the editor copy of the schemas
// that `npm run dev` writes. One server for the whole file; it is shut down at the end.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { writeEditorSchemas } from '../../generator/authoring/editor-schema.ts';
import { liveSite, projectRoot } from './fixture.ts';
import { LspClient, type Diagnostic } from './lsp-client.ts';

const serverBin = join(createRequire(import.meta.url).resolve('yaml-language-server/package.json'), '../bin/yaml-language-server');

interface CompletionItem {
  label: string;
  documentation?: string | { value: string };
}

const docText = (i: CompletionItem) => (typeof i.documentation === 'string' ? i.documentation : (i.documentation?.value ?? ''));

/** Every block type and its description, from schemas/blocks/. */
const blocks = readdirSync(join(projectRoot, 'schemas/blocks'))
  .filter((f) => f.endsWith('.schema.json'))
  .map((f) => JSON.parse(readFileSync(join(projectRoot, 'schemas/blocks', f), 'utf8')) as { description: string; properties: { type: { const: string } } })
  .map((s) => ({ type: s.properties.type.const, description: s.description }));

const catalogue = parse(readFileSync(join(liveSite, 'site.config.yaml'), 'utf8')) as { products: { id: string }[] };

let root: string;
let client: LspClient;
let version = 0;

/** Opens a page as the editor does when a file under pages/ is opened. */
function open(name: string, text: string): string {
  const uri = pathToFileURL(join(root, 'pages', name)).href;
  client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: ++version, text } });
  return uri;
}

async function complete(name: string, text: string, line: number, character: number): Promise<CompletionItem[]> {
  const uri = open(name, text);
  // The diagnostics arrive once the schema is loaded; completing before that gives nothing, in an editor too.
  await client.diagnosticsFor(uri);
  const res = await client.request<CompletionItem[] | { items: CompletionItem[] }>('textDocument/completion', { textDocument: { uri }, position: { line, character } });
  return Array.isArray(res) ? res : res.items;
}

beforeAll(async () => {
  // A workspace with what the editor reads: settings, schemas, the catalogue, and the editor copy of
  // the schemas written from them (by `npm run dev` in a real checkout). Outside any hidden folder,
  // as a checkout is: the server's globs skip dot-folders.
  root = mkdtempSync(join(tmpdir(), 'editor-support-'));
  cpSync(join(projectRoot, 'schemas'), join(root, 'schemas'), { recursive: true });
  cpSync(join(liveSite, 'site.config.yaml'), join(root, 'site.config.yaml'));
  mkdirSync(join(root, '.vscode'));
  cpSync(join(projectRoot, '.vscode/settings.json'), join(root, '.vscode/settings.json'));
  mkdirSync(join(root, 'pages'));
  writeEditorSchemas(root);

  // VS Code hands the server the `yaml.*` settings as one `yaml` section.
  const settings = JSON.parse(readFileSync(join(root, '.vscode/settings.json'), 'utf8')) as Record<string, unknown>;
  const yaml = Object.fromEntries(Object.entries(settings).filter(([k]) => k.startsWith('yaml.')).map(([k, v]) => [k.slice('yaml.'.length), v]));
  client = new LspClient(process.execPath, [serverBin, '--stdio'], root);
  client.onRequest('workspace/configuration', (p) => (p as { items: { section?: string }[] }).items.map((i) => (i.section === 'yaml' ? yaml : null)));
  const rootUri = pathToFileURL(root).href;
  await client.request('initialize', {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: 'site' }],
    capabilities: {
      workspace: { configuration: true },
      textDocument: { completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } }, publishDiagnostics: {} },
    },
  });
  client.notify('initialized', {});
  client.notify('workspace/didChangeConfiguration', { settings: { yaml } });
});

afterAll(async () => {
  await client?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the YAML language server with the workspace settings', () => {
  it('offers every block type after `- type: `, each with its description', async () => {
    const text = 'title: "A page"\ndescription: "Testing completion."\nsections:\n  - type: \n';
    const items = await complete('types.yaml', text, 3, '  - type: '.length);
    const offered = new Map(items.map((i) => [i.label, docText(i)]));
    expect(blocks.length).toBeGreaterThan(1);
    for (const b of blocks) {
      expect(offered.has(b.type), `block type ${b.type} is offered`).toBe(true);
      expect(offered.get(b.type)).toContain(b.description);
    }
  });

  it('offers every block type also between two existing sections', async () => {
    const first = blocks[0]!.type;
    const text = `title: "A page"\ndescription: "Testing completion."\nsections:\n  - type: ${first}\n  - type: \n  - type: ${first}\n`;
    const items = await complete('between.yaml', text, 4, '  - type: '.length);
    for (const b of blocks) expect(items.some((i) => i.label === b.type), b.type).toBe(true);
  });

  it('offers a snippet per block type that writes its required fields', async () => {
    const text = 'title: "A page"\ndescription: "Testing completion."\nsections:\n  - \n';
    const items = await complete('snippets.yaml', text, 3, '  - '.length);
    for (const b of blocks) expect(items.some((i) => i.label === `${b.type} block`), `${b.type} block`).toBe(true);
  });

  it('offers the catalogue’s product ids where a product is expected', async () => {
    // The first block whose schema has a `product` field that names a product.
    const withProduct = readdirSync(join(projectRoot, 'schemas/blocks'))
      .map((f) => JSON.parse(readFileSync(join(projectRoot, 'schemas/blocks', f), 'utf8')) as { properties: Record<string, { $ref?: string; const?: string }> })
      .find((s) => s.properties.product?.$ref?.endsWith('#/$defs/productId'))!;
    const type = withProduct.properties.type!.const!;
    const text = `title: "A page"\ndescription: "Testing completion."\nsections:\n  - type: ${type}\n    product: \n`;
    const items = await complete('product.yaml', text, 4, '    product: '.length);
    const labels = items.map((i) => i.label);
    for (const p of catalogue.products) expect(labels).toContain(p.id);
  });

  it('reports a misspelt field and a wrong type on their own lines', async () => {
    const lines = [
      'title: "A page"',
      'description: "Two mistakes."',
      'sections:',
      '  - type: heading',
      '    text: "Hello"',
      '    levle: 2',
      '  - type: heading',
      '    text: "Again"',
      '    level: "two"',
    ];
    const uri = open('mistakes.yaml', `${lines.join('\n')}\n`);
    const diags: Diagnostic[] = await client.diagnosticsFor(uri);
    const on = (line: number) => diags.filter((d) => d.range.start.line === line);
    expect(on(5).map((d) => d.message).join(' ')).toMatch(/levle/);
    expect(on(8).map((d) => d.message).join(' ')).toMatch(/integer|type/i);
    // Nothing is reported on the lines that are right.
    expect(diags.filter((d) => ![5, 8].includes(d.range.start.line))).toEqual([]);
  });

  it('accepts the real pages as they are', async () => {
    const pagesDir = join(liveSite, 'pages');
    const files = readdirSync(pagesDir).filter((f) => f.endsWith('.yaml'));
    for (const f of files) {
      const uri = open(`real-${f}`, readFileSync(join(pagesDir, f), 'utf8'));
      const errors = (await client.diagnosticsFor(uri)).filter((d) => d.severity === 1);
      expect(errors.map((d) => `${f}:${d.range.start.line + 1} ${d.message}`)).toEqual([]);
    }
  });
});
