// The published build: one ESM bundle, one CommonJS bundle and their declarations, all from
// src/index.ts, plus the `verso-typegen` command (package.json "bin"), one self-contained ESM file
// for Node, and `@verso/sdk/live-preview`: one self-contained browser ESM file (no Node import, no
// shared chunk) that a page can load with a plain `<script type="module">` from any URL. `tsc -b` (the monorepo build) emits per-file output into the same dist/ first; tsup runs
// after it and its bundles are what package.json's exports and bin point at.
import fs from 'node:fs';
import { defineConfig, type Options } from 'tsup';

/** tsup runs in sdk-ts/ (the Makefile, npm pack): the version verso-mcp reports. */
const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };

/** A command (package.json "bin"): one self-contained ESM file for Node, no declarations. */
const NODE_COMMAND = {
  format: ['esm'],
  outDir: 'dist',
  target: 'node20',
  platform: 'node',
  dts: false,
  sourcemap: false,
  clean: false,
  splitting: false,
  treeshake: true,
} satisfies Options;

export default defineConfig([
  {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    outDir: 'dist',
    target: 'node20',
    platform: 'neutral',
    dts: { compilerOptions: { composite: false, incremental: false } },
    sourcemap: true,
    clean: false,
    splitting: false,
    treeshake: true,
  },
  {
    // The CLI runs only on Node (it writes a file); the library above stays runtime-neutral.
    entry: { 'verso-typegen': 'src/typegen/cli.ts' },
    ...NODE_COMMAND,
  },
  {
    // verso-mcp (package.json "bin"): the MCP SDK it proxies with is bundled into the one file, so
    // the package keeps no runtime dependencies. Bundled CommonJS code (ajv) calls require(), which
    // an ES module has only through createRequire.
    entry: { 'verso-mcp': 'src/mcp/cli.ts' },
    ...NODE_COMMAND,
    noExternal: [/^@modelcontextprotocol\/sdk/],
    banner: { js: "import { createRequire as __vmcpCreateRequire } from 'node:module'; const require = __vmcpCreateRequire(import.meta.url);" },
    define: { __VERSO_SDK_VERSION__: JSON.stringify(version) },
  },
  {
    // The live-preview entry runs in the framed site page; it must not reach into the Node-side client.
    entry: { 'live-preview': 'src/live-preview/index.ts' },
    format: ['esm'],
    outDir: 'dist',
    target: 'es2022',
    platform: 'browser',
    dts: { compilerOptions: { composite: false, incremental: false } },
    sourcemap: true,
    clean: false,
    splitting: false,
    treeshake: true,
  },
]);
