// docs/configuration.md from the settings' definitions (server/src/config.ts SETTINGS and
// admin/src/config.ts ADMIN_SETTINGS; server/src/config-reference.ts renders them), with the notes
// in docs/configuration/<group>.md after their group's table. Run by
// `make generate`; with --check (make check) nothing is written and the command fails when the page
// is out of date or a definition lacks its description.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const target = 'docs/configuration.md';

const { SETTINGS } = await tsImport('../server/src/config.ts', import.meta.url);
const { ADMIN_SETTINGS } = await tsImport('../admin/src/config.ts', import.meta.url);
const { renderConfigurationReference } = await tsImport('../server/src/config-reference.ts', import.meta.url);

// Hand-written notes placed after a group's table: docs/configuration/<group>.md.
const notesDir = path.join(root, 'docs/configuration');
const notes = Object.fromEntries(
  (fs.existsSync(notesDir) ? fs.readdirSync(notesDir) : [])
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => [f.slice(0, -'.md'.length), fs.readFileSync(path.join(notesDir, f), 'utf8')]),
);

let page;
try {
  page = renderConfigurationReference(
    [
      { process: 'API', settings: SETTINGS },
      { process: 'admin', settings: ADMIN_SETTINGS },
    ],
    notes,
  );
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const file = path.join(root, target);
const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
if (current !== page) {
  if (check) {
    console.error(`${target} is out of date with the settings' definitions; run \`make generate\``);
    process.exit(1);
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, page);
  console.log(`wrote ${target}`);
}
