// Compiles a directory's files with tsc under strict options, as a user's project would, with
// '@verso/sdk' resolving to this worktree's source: how the typegen tests prove that generated
// declarations compile and that a wrong use does not.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const sdkRoot = path.resolve(import.meta.dirname, '../..');
const tscBin = path.resolve(sdkRoot, '../node_modules/typescript/bin/tsc');

/** Runs tsc on `files` (relative to `dir`, where a tsconfig.json is written); `out` is its report. */
export async function tsc(dir: string, files: string[]): Promise<{ ok: boolean; out: string }> {
  const config = {
    compilerOptions: {
      target: 'es2022', lib: ['es2024', 'dom'], types: [], strict: true, noEmit: true, skipLibCheck: true,
      module: 'nodenext', moduleResolution: 'nodenext', noUnusedLocals: true,
      // The generated file imports '@verso/sdk'; here that is this worktree's source.
      paths: { '@verso/sdk': [path.join(sdkRoot, 'src/index.ts')] },
    },
    files,
  };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(config));
  try {
    const r = await run(process.execPath, [tscBin, '-p', 'tsconfig.json'], { cwd: dir, maxBuffer: 16 << 20 });
    return { ok: true, out: r.stdout + r.stderr };
  } catch (e) {
    const x = e as { stdout?: string; stderr?: string; message: string };
    return { ok: false, out: `${x.stdout ?? ''}${x.stderr ?? ''}` || x.message };
  }
}
