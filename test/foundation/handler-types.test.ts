// Handlers are typed by the contract (server/src/http/operation.ts): a handler that disagrees with
// its operation must fail `tsc`, not a request. Each fixture in test/fixtures/handler-types is
// compiled with the server's compiler options; the one that agrees must compile cleanly, every
// other must fail in its own file.
import path from 'node:path';
import fs from 'node:fs';
import { expect } from 'chai';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'test/fixtures/handler-types');

function compilerOptions(): ts.CompilerOptions {
  const configPath = path.join(root, 'server/tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!parsed) throw new Error(`cannot read ${configPath}`);
  // The fixtures live outside server/src; nothing is emitted.
  return { ...parsed.options, noEmit: true, composite: false, declaration: false, rootDir: root, incremental: false };
}

describe('handler types follow the contract (tsc on fixtures)', function () {
  this.timeout(180_000);
  const files = fs.readdirSync(fixtures).filter((f) => f.endsWith('.fixture.ts'));
  const errors = new Map<string, string[]>();

  before(() => {
    const program = ts.createProgram(files.map((f) => path.join(fixtures, f)), compilerOptions());
    for (const d of ts.getPreEmitDiagnostics(program)) {
      const file = d.file ? path.relative(fixtures, d.file.fileName) : '(global)';
      const list = errors.get(file) ?? [];
      list.push(`TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
      errors.set(file, list);
    }
  });

  it('finds the fixtures', () => {
    expect(files).to.include('agrees-with-contract.fixture.ts');
    expect(files.length).to.be.greaterThan(4);
  });

  it('reports no error outside the fixtures (the server itself compiles)', () => {
    const elsewhere = [...errors.keys()].filter((f) => !files.includes(f));
    expect(elsewhere, elsewhere.map((f) => `${f}: ${errors.get(f)!.join('; ')}`).join('\n')).to.deep.equal([]);
  });

  it('compiles a handler that agrees with its operation', () => {
    expect(errors.get('agrees-with-contract.fixture.ts') ?? []).to.deep.equal([]);
  });

  const refused: Record<string, RegExp> = {
    'returns-undeclared-field.fixture.ts': /favouriteColour/,
    'reads-undeclared-body-property.fixture.ts': /colourScheme/,
    'returns-undeclared-status.fixture.ts': /'200' is not assignable/,
    'omits-required-header.fixture.ts': /'ETag' is missing/,
    'reads-undeclared-parameter.fixture.ts': /versionNumber[^]*force|force[^]*versionNumber/,
    'builds-its-own-response.fixture.ts': /HandlerResponse/,
    'streams-where-json-is-declared.fixture.ts': /Readable/,
    'reads-multipart-as-parsed.fixture.ts': /altText/,
    'omits-content-range.fixture.ts': /Property '"?Content-Range"?' is missing/,
  };
  for (const [file, why] of Object.entries(refused)) {
    it(`refuses ${file.replace('.fixture.ts', '').replaceAll('-', ' ')}`, () => {
      const found = errors.get(file) ?? [];
      expect(found.length, `${file} compiled without errors`).to.be.greaterThan(0);
      expect(found.join('\n')).to.match(why);
    });
  }

  it('has an expectation for every failing fixture', () => {
    expect(files.filter((f) => f !== 'agrees-with-contract.fixture.ts').sort()).to.deep.equal(Object.keys(refused).sort());
  });
});
