// Bundles openapi/openapi.yaml into one JSON document.
//
// Conventions (see openapi/README.md): the root lists every path and points at a path item in
// openapi/paths/<tag>.yaml by `$ref: ./paths/<tag>.yaml#/<key>`; those refs are inlined. Components
// live in openapi/components/<kind>/*.yaml, each file a map of name → object, and are merged into
// components.<kind>. Every other ref is written as it reads in the bundled document
// (`#/components/schemas/Name`), so it is left as it is and checked to resolve. Last, every
// operation gets the responses the server's shared pipeline can send it (pipeline-responses.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { declarePipelineResponses } from './pipeline-responses.mjs';

const COMPONENT_KINDS = ['schemas', 'parameters', 'headers', 'responses', 'requestBodies', 'examples'];

function readYaml(file) {
  return parse(fs.readFileSync(file, 'utf8'), { merge: false });
}

function resolvePointer(doc, pointer, where) {
  let node = doc;
  for (const raw of pointer.split('/').filter(Boolean)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) {
      throw new Error(`${where}: pointer ${pointer} does not resolve`);
    }
    node = node[key];
  }
  return node;
}

function inlineFileRefs(node, baseDir, where) {
  if (Array.isArray(node)) return node.map((n) => inlineFileRefs(n, baseDir, where));
  if (node === null || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) {
    const [file, pointer = ''] = node.$ref.split('#');
    const target = path.resolve(baseDir, file);
    const resolved = resolvePointer(readYaml(target), pointer, `${where} → ${node.$ref}`);
    return inlineFileRefs(resolved, path.dirname(target), target);
  }
  const out = {};
  for (const [k, v] of Object.entries(node)) out[k] = inlineFileRefs(v, baseDir, where);
  return out;
}

function collectLocalRefs(node, acc = new Set()) {
  if (Array.isArray(node)) node.forEach((n) => collectLocalRefs(n, acc));
  else if (node && typeof node === 'object') {
    if (typeof node.$ref === 'string') acc.add(node.$ref);
    Object.values(node).forEach((v) => collectLocalRefs(v, acc));
  }
  return acc;
}

export function bundleContract(rootFile) {
  const baseDir = path.dirname(rootFile);
  const root = readYaml(rootFile);
  const doc = inlineFileRefs(root, baseDir, rootFile);
  doc.components ??= {};
  for (const kind of COMPONENT_KINDS) {
    const dir = path.join(baseDir, 'components', kind);
    if (!fs.existsSync(dir)) continue;
    const merged = { ...(doc.components[kind] ?? {}) };
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort()) {
      const entries = readYaml(path.join(dir, file)) ?? {};
      for (const [name, value] of Object.entries(entries)) {
        if (name in merged) throw new Error(`components.${kind}.${name} is defined twice (second time in ${file})`);
        merged[name] = value;
      }
    }
    // Sorted so the bundle does not depend on file order and diffs stay small.
    doc.components[kind] = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
  }
  // The statuses the shared request pipeline can send (400, 401, 403, 404, 412, 413, 415, 500),
  // declared on every operation they apply to (see pipeline-responses.mjs).
  declarePipelineResponses(doc);
  for (const ref of collectLocalRefs(doc)) {
    if (!ref.startsWith('#/')) throw new Error(`unresolved external ref ${ref}`);
    resolvePointer(doc, ref.slice(1), `ref ${ref}`);
  }
  return doc;
}
