// Every line that tells a user how to install an SDK must work: neither package is on a registry,
// so `npm i @verso/sdk` (what the README once said) finds nothing. What works is what `make pack`
// writes: dist/packages/verso-sdk-<version>.tgz (npm pack's name for @verso/sdk) installed by path,
// and Verso.Client.<version>.nupkg from dist/packages as a local NuGet source.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { REPO_ROOT } from '../../server/src/contract.js';

/** The documents a user reads: the READMEs and docs/ (Markdown). */
function documents(): string[] {
  const docs: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.md')) docs.push(full);
    }
  };
  walk(path.join(REPO_ROOT, 'docs'));
  return ['README.md', 'sdk-ts/README.md', 'sdk-dotnet/README.md'].map((f) => path.join(REPO_ROOT, f)).concat(docs);
}

const read = (file: string) => fs.readFileSync(file, 'utf8');
const sdkTs = JSON.parse(read(path.join(REPO_ROOT, 'sdk-ts/package.json'))) as { name: string; version: string };
const dotnetVersion = /<Version>([^<]+)<\/Version>/.exec(read(path.join(REPO_ROOT, 'sdk-dotnet/src/Verso.Client/Verso.Client.csproj')))![1]!;
/** npm pack's file name: the scope's `@` dropped and its `/` made `-`. */
const tarball = `${sdkTs.name.replace(/^@/, '').replace('/', '-')}-${sdkTs.version}.tgz`;

describe('SDK install lines in the documentation', () => {
  it('make pack writes both packages to dist/packages, the tarball under the name the docs use', () => {
    const makefile = read(path.join(REPO_ROOT, 'Makefile'));
    const pack = /^pack:.*\n((?:\t.*\n)+)/m.exec(makefile)![1]!;
    expect(pack).to.include('npm pack --pack-destination $(CURDIR)/dist/packages');
    expect(pack).to.include('sdk-dotnet/pack.sh $(CURDIR)/dist/packages');
    expect(tarball).to.equal(`verso-sdk-${sdkTs.version}.tgz`);
  });

  it('every npm install of the TypeScript SDK installs the packed tarball by path, never the name from a registry', () => {
    let seen = 0;
    for (const file of documents()) {
      // Across line breaks: a command in running text may wrap.
      for (const m of read(file).matchAll(/npm (?:i|install|add)\s+([^\s`'"]+)/g)) {
        const spec = m[1]!;
        if (!/verso|sdk/i.test(spec)) continue;
        seen += 1;
        const where = `${path.relative(REPO_ROOT, file)}: npm i ${spec}`;
        expect(spec, where).to.not.match(/^@verso\/sdk(@|$)/);
        expect(spec.endsWith(`/dist/packages/${tarball}`), `${where} (make pack writes dist/packages/${tarball})`).to.equal(true);
      }
    }
    expect(seen, 'the README and the SDK README say how to install it').to.be.at.least(2);
  });

  it('every dotnet add package Verso.Client names the packed version, after adding dist/packages as a source', () => {
    let seen = 0;
    for (const file of documents()) {
      const text = read(file).replace(/\s+/g, ' ');
      for (const m of text.matchAll(/dotnet add package Verso\.Client(?: --version ([^\s`]+))?/g)) {
        seen += 1;
        const where = `${path.relative(REPO_ROOT, file)}: ${m[0]}`;
        if (m[1] !== undefined) expect(m[1], where).to.equal(dotnetVersion);
        const source = /dotnet nuget add source (\S+)/.exec(text.slice(0, m.index));
        expect(source, `${where}: no local source added before it`).to.not.equal(null);
        expect(source![1]!.replace(/`$/, ''), where).to.match(/\/dist\/packages$/);
      }
    }
    expect(seen).to.be.at.least(2);
  });
});
