// The published build: one ESM bundle, one CommonJS bundle and their declarations, all from
// src/index.ts. `tsc -b` (the monorepo build) emits per-file output into the same dist/ first;
// tsup runs after it and its bundles are what package.json's exports point at.
import { defineConfig } from 'tsup';

export default defineConfig({
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
});
