// `make generate`: bundle the contract and regenerate everything derived from it, and the
// configuration reference derived from the settings' definitions (scripts/config-reference.mjs).
// With --check, nothing is written; the command fails when any generated file would change.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import openapiTS, { astToString } from 'openapi-typescript';
import { Validator } from '@seriousme/openapi-schema-validator';
import { bundleContract } from './bundle-contract.mjs';
import { mcpToolsModule } from './mcp-tools.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const HEADER = '// DO NOT EDIT: generated from openapi/ by `make generate`.\n';

const outputs = new Map();
const doc = bundleContract(path.join(root, 'openapi/openapi.yaml'));
const validation = await new Validator().validate(structuredClone(doc));
if (!validation.valid) {
  console.error('openapi/ does not bundle into valid OpenAPI 3.1:');
  console.error(JSON.stringify(validation.errors, null, 2));
  process.exit(1);
}
const json = JSON.stringify(doc, null, 2) + '\n';
outputs.set('openapi/dist/openapi.json', json);

// defaultNonNullable off: a request field with a `default` that the caller may omit stays optional in
// the types, because the validator does not fill defaults in (the service applies them).
const ast = await openapiTS(JSON.parse(json), { emptyObjectsUnknown: true, alphabetize: true, defaultNonNullable: false });
const types = HEADER + '/* eslint-disable */\n' + astToString(ast);
outputs.set('server/src/generated/openapi.ts', types);
outputs.set('sdk-ts/src/generated/openapi.ts', types);

const operations = [];
for (const [route, item] of Object.entries(doc.paths)) {
  for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']) {
    const op = item[method];
    if (!op) continue;
    operations.push({ operationId: op.operationId, method: method.toUpperCase(), path: route, access: op['x-verso-access'] ?? null });
  }
}
operations.sort((a, b) => a.operationId.localeCompare(b.operationId));
outputs.set(
  'server/src/generated/operations.ts',
  HEADER +
    `// Every operationId in the contract, with its method and path. The server's handler map is typed\n` +
    `// against OperationId, so a missing or extra handler fails to compile as well as at start-up.\n\n` +
    `export const operations = ${JSON.stringify(Object.fromEntries(operations.map((o) => [o.operationId, { method: o.method, path: o.path }])), null, 2)} as const;\n\n` +
    `export type OperationId = keyof typeof operations;\n\n` +
    `/** Operations whose x-verso-access is public: their handlers may be called without an actor. */\n` +
    `export type PublicOperationId = ${operations.filter((o) => o.access?.public === true).map((o) => JSON.stringify(o.operationId)).join(' | ') || 'never'};\n`,
);

// One named type per schema of the contract, so services can say `ContentItemDetailResponse`
// instead of `components['schemas']['ContentItemDetailResponse']`.
outputs.set(
  'server/src/generated/schemas.ts',
  HEADER +
    `import type { components } from './openapi.js';\n\n` +
    Object.keys(doc.components?.schemas ?? {})
      .sort()
      .map((name) => `export type ${name} = components['schemas']['${name}'];\n`)
      .join(''),
);

// The MCP server's tools: one per operation on scripts/mcp-tools.mjs's allow-list.
outputs.set('server/src/generated/mcp-tools.ts', mcpToolsModule(doc, HEADER));

// The configuration reference (docs/configuration.md) from the settings' definitions; it fails when
// a setting has no description.
const extra = [['node', [path.join(root, 'scripts/config-reference.mjs'), ...(check ? ['--check'] : [])]]];
// Optional generators contributed by the SDKs (each prints what it wrote; run only when present).
const sdkTsGen = path.join(root, 'sdk-ts/scripts/generate-operations.mjs');
if (fs.existsSync(sdkTsGen)) extra.push(['node', [sdkTsGen, ...(check ? ['--check'] : [])]]);
// The .NET client (NSwag, see sdk-dotnet/README.md) is generated from the same bundled document.
const sdkDotnetGen = path.join(root, 'sdk-dotnet/generate.sh');
if (fs.existsSync(sdkDotnetGen)) extra.push(['bash', [sdkDotnetGen, ...(check ? ['--check'] : []), path.join(root, 'openapi/dist/openapi.json')]]);

let stale = [];
for (const [rel, content] of outputs) {
  const file = path.join(root, rel);
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (current === content) continue;
  if (check) stale.push(rel);
  else {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    console.log(`wrote ${rel}`);
  }
}
for (const [cmd, args] of extra) {
  try {
    execFileSync(cmd, args, { stdio: 'inherit', cwd: root });
  } catch {
    stale.push(args.find((a) => a.includes('/')) ?? cmd);
  }
}
if (stale.length) {
  console.error(`generated files are stale; run \`make generate\`:\n  ${stale.join('\n  ')}`);
  process.exit(1);
}
console.log(check ? 'generated files are up to date' : `contract: ${operations.length} operations`);
