// What editors need besides validation, written into the generated section schema: the YAML language
// server (VS Code's YAML extension) completes `- type: ` from these, and offers a ready block per type.
//
// Why: the server picks the "best" alternative of a `oneOf` before completing. With `type:` still
// empty every block's `const` matches, so only blocks with no required field besides `type` have no
// problem and win; the other 30 were never offered. Hints on the section itself do not depend on that
// choice. They are annotations (`defaultSnippets` is the server's keyword): validation ignores them.

type Schema = Record<string, unknown>;

export interface BlockSchema {
  /** The block's `type`, e.g. callout. */
  type: string;
  schema: Schema;
}

/** Resolves a `$ref` written in the schema file `root` (../defs.schema.json#/$defs/x or #/$defs/x): the target and its file. */
export type RefResolver = (ref: string, root: Schema) => { schema: Schema; root: Schema } | undefined;

/** A resolver over the block schemas and defs.schema.json, the files block schemas refer to. */
export function refResolver(defs: Schema): RefResolver {
  return (ref, root) => {
    const [file, pointer = ''] = ref.split('#');
    const doc = !file ? root : file.endsWith('defs.schema.json') ? defs : undefined;
    if (!doc) return undefined;
    let node: unknown = doc;
    for (const seg of pointer.split('/').filter(Boolean)) node = node && typeof node === 'object' ? (node as Schema)[seg.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return node && typeof node === 'object' ? { schema: node as Schema, root: doc } : undefined;
  };
}

/** One line of the block's description: completion lists show it beside the type. */
function summary(schema: Schema): string {
  return typeof schema.description === 'string' ? schema.description : typeof schema.title === 'string' ? schema.title : '';
}

/** `properties.type` of the section: every block type as a completion value, with its description. */
export function typeCompletions(blocks: readonly BlockSchema[]): Schema {
  return {
    title: 'Block type',
    description: 'Which block this is; each type has a schema in schemas/blocks/.',
    defaultSnippets: blocks.map((b) => ({ label: b.type, description: summary(b.schema), body: b.type })),
  };
}

/** A snippet per block type that writes its required fields, with tab stops for the values. */
export function blockSnippets(blocks: readonly BlockSchema[], resolve: RefResolver): Schema[] {
  return blocks.map((b) => {
    const stop = { n: 0 };
    const body: Schema = { type: b.type };
    const required = (b.schema.required as string[] | undefined) ?? [];
    const props = (b.schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const field of required) if (field !== 'type' && props[field]) body[field] = placeholder(props[field], b.schema, resolve, stop, 0);
    return { label: `${b.type} block`, description: summary(b.schema), body };
  });
}

/** A value to fill in: a tab stop, a choice for enums, nested required fields for objects. */
function placeholder(raw: Schema, from: Schema, resolve: RefResolver, stop: { n: number }, depth: number): unknown {
  let schema = raw;
  let owner = from;
  // Follow $refs (a field may add a title beside its $ref; the target says what the value is).
  for (let i = 0; i < 5 && typeof schema.$ref === 'string'; i++) {
    const target = resolve(schema.$ref, owner);
    if (!target) break;
    const rest = { ...schema };
    delete rest.$ref;
    schema = { ...target.schema, ...rest };
    owner = target.root;
  }
  const next = () => ++stop.n;
  if (Array.isArray(schema.enum) && schema.enum.length) return `\${${next()}|${schema.enum.map(String).join(',')}|}`;
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' && depth < 3) {
    const out: Schema = {};
    const props = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const field of (schema.required as string[] | undefined) ?? []) if (props[field]) out[field] = placeholder(props[field], owner, resolve, stop, depth + 1);
    if (Object.keys(out).length) return out;
  }
  if (type === 'array' && schema.items && typeof schema.items === 'object' && depth < 3) return [placeholder(schema.items as Schema, owner, resolve, stop, depth + 1)];
  if (type === 'integer' || type === 'number') return `\${${next()}:${typeof schema.minimum === 'number' ? schema.minimum : 0}}`;
  if (type === 'boolean') return `\${${next()}|true,false|}`;
  return `$${next()}`;
}
