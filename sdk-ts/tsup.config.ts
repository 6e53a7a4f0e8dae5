// The published build: one ESM bundle, one CommonJS bundle and their declarations, all from
// src/index.ts, plus the `verso-typegen` command (package.json "bin"), one self-contained ESM file
// for Node, and `@verso/sdk/live-preview`: one self-contained browser ESM file (no Node import, no
// shared chunk) that a page can load with a plain `<script type="module">` from any URL. `tsc -b` (the monorepo build) emits per-file output into the same dist/ first; tsup runs
// after it and its bundles are what package.json's exports and bin point at.
import { defineConfig } from 'tsup';

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
    format: ['esm'],
    outDir: 'dist',
    target: 'node20',
    platform: 'node',
    dts: false,
    sourcemap: false,
    clean: false,
    splitting: false,
    treeshake: true,
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
