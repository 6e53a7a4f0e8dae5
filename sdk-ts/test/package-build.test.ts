// The published build: tsup makes an ESM bundle, a CommonJS bundle and declarations for both, and
// package.json's exports/main/module/types point at exactly those files.
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const sdkRoot = path.resolve(import.meta.dirname, '..');
const tsup = path.resolve(sdkRoot, '../node_modules/.bin/tsup');
const manifest = JSON.parse(fs.readFileSync(path.join(sdkRoot, 'package.json'), 'utf8'));

describe('SDK package build (tsup: ESM + CJS + .d.ts)', function () {
  this.timeout(60_000);
  let out: string;
  before(() => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-sdk-build-'));
    execFileSync(tsup, ['--out-dir', out], { cwd: sdkRoot, stdio: 'pipe', env: { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}` } });
  });
  after(() => fs.rmSync(out, { recursive: true, force: true }));

  it('package.json entry points name the files tsup writes', () => {
    const target = (p: string) => path.join(out, path.relative('dist', p));
    const files = [manifest.main, manifest.module, manifest.types, manifest.exports['.'].import.types, manifest.exports['.'].import.default, manifest.exports['.'].require.types, manifest.exports['.'].require.default];
    for (const file of files) expect(fs.existsSync(target(file)), file).to.equal(true);
    expect(manifest.files).to.include('dist');
  });

  it('the ESM and CommonJS bundles export the same client', async () => {
    const esm = await import(pathToFileURL(path.join(out, 'index.js')).href);
    const cjs = createRequire(import.meta.url)(path.join(out, 'index.cjs'));
    for (const mod of [esm, cjs]) {
      expect(mod.VersoClient).to.be.a('function');
      expect(mod.VersoApiError).to.be.a('function');
      expect(mod.VersoTimeoutError).to.be.a('function');
      expect(Object.keys(mod.operationSpecs)).to.include('getHealthLive');
      expect(new mod.VersoClient({ baseUrl: 'http://127.0.0.1:1' }).getHealthLive).to.be.a('function');
    }
  });

  it('the declarations describe the generated methods', () => {
    const dts = fs.readFileSync(path.join(out, 'index.d.ts'), 'utf8');
    expect(dts).to.contain('declare class VersoClient');
    expect(dts).to.match(/getHealthLive\(input\?: OperationInput<'getHealthLive'>/);
  });
});
