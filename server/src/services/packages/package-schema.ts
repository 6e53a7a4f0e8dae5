// The package format as standalone JSON Schema documents, cut from the contract's CtpPackage
// schema so the API, the SDKs and /schema/ctp-1.x.json can never disagree. Format 1.0 is the same
// with templates only.
import type { JsonSchemaDocument } from '../../generated/schemas.js';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';
const REF_PREFIX = '#/components/schemas/';

type Json = Record<string, unknown>;

function collectRefs(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) node.forEach((n) => collectRefs(n, into));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node as Json)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith(REF_PREFIX)) into.add(v.slice(REF_PREFIX.length));
      else collectRefs(v, into);
    }
  }
}

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node as Json).map(([k, v]) =>
        k === '$ref' && typeof v === 'string' && v.startsWith(REF_PREFIX) ? [k, `#/$defs/${v.slice(REF_PREFIX.length)}`] : [k, rewriteRefs(v)],
      ),
    );
  }
  return node;
}

export function packageJsonSchema(document: Readonly<Json>, format: '1.0' | '1.1', baseUrl: string): JsonSchemaDocument {
  const schemas = (document.components as Json).schemas as Record<string, Json>;
  const names = new Set<string>(['CtpPackage']);
  for (let size = 0; size !== names.size; ) {
    size = names.size;
    for (const name of [...names]) collectRefs(schemas[name], names);
  }
  names.delete('CtpPackage');
  const root = structuredClone(schemas.CtpPackage!) as Json & { properties: Json };
  if (format === '1.0') {
    delete root.properties.picklists;
    delete root.properties.components;
    root.properties.versoPackage = { type: 'string', const: '1.0', description: 'The package format version.' };
  }
  const defs = Object.fromEntries([...names].sort().map((n) => [n, rewriteRefs(schemas[n])]));
  if (typeof root.type !== 'string') throw new Error('the contract\'s CtpPackage schema has no type');
  return {
    $schema: DIALECT,
    $id: `${baseUrl}/schema/ctp-${format}.json`,
    title: `Verso package (.ctp), format ${format}`,
    type: root.type,
    ...(rewriteRefs(root) as Json),
    $defs: defs,
  };
}
