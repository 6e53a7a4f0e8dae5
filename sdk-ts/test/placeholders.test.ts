// renderPlaceholders (sdk-requirements item 38): the shared vectors in test/fixtures/placeholders.json
// (the .NET SDK's PlaceholderTests run the same file), then what only JavaScript has: undefined,
// Maps, prototype names and non-string values. Imported from the package entry point.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { renderPlaceholders, type PlaceholderValues } from '../src/index.js';

interface Vector {
  name: string;
  text: string;
  values: Record<string, string | null>;
  expected: string;
}

const fixtureFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/placeholders.json');
const { cases } = JSON.parse(fs.readFileSync(fixtureFile, 'utf8')) as { cases: Vector[] };

describe('renderPlaceholders', () => {
  describe('shared vectors (test/fixtures/placeholders.json)', () => {
    it('the fixture holds the cases item 38 names', () => {
      expect(cases.length).to.be.at.least(20);
      const names = cases.map((c) => c.name).join('\n');
      for (const rule of ['known name', 'unknown name', 'explicit null', 'without tokens', 'mixed', 'inside the braces', 'case-sensitive', 'malformed']) {
        expect(names, rule).to.include(rule);
      }
    });

    for (const c of cases) {
      it(c.name, () => {
        expect(renderPlaceholders(c.text, c.values)).to.equal(c.expected);
      });
      it(`${c.name} (values as a Map)`, () => {
        expect(renderPlaceholders(c.text, new Map(Object.entries(c.values)))).to.equal(c.expected);
      });
    }
  });

  it('an explicit undefined renders empty; an absent name stays literal', () => {
    expect(renderPlaceholders('[${{a}}][${{b}}]', { a: undefined })).to.equal('[][${{b}}]');
    expect(renderPlaceholders('[${{a}}]', new Map([['a', undefined]]))).to.equal('[]');
  });

  it('numbers, booleans and bigints render with String()', () => {
    expect(renderPlaceholders('${{n}} ${{f}} ${{t}} ${{b}} ${{z}}', { n: 42, f: 1.5, t: true, b: 10n, z: 0 })).to.equal('42 1.5 true 10 0');
  });

  it('only own properties count: prototype names are unknown unless given', () => {
    const text = '${{toString}} ${{constructor}} ${{hasOwnProperty}} ${{__proto__}} ${{valueOf}}';
    expect(renderPlaceholders(text, {})).to.equal(text);
    const inherited = Object.create({ name: 'from the prototype' }) as Record<string, string>;
    expect(renderPlaceholders('${{name}}', inherited)).to.equal('${{name}}');
    expect(renderPlaceholders('${{toString}}', { toString: 'given' })).to.equal('given');
    const bare = Object.assign(Object.create(null) as Record<string, string>, { name: 'Ada' });
    expect(renderPlaceholders('${{name}}', bare)).to.equal('Ada');
  });

  it('rejects a text that is not a string and values that are not an object or Map', () => {
    expect(() => renderPlaceholders(undefined as unknown as string, {})).to.throw(TypeError, /text must be a string/);
    expect(() => renderPlaceholders(42 as unknown as string, {})).to.throw(TypeError, /text must be a string/);
    expect(() => renderPlaceholders('x', null as unknown as PlaceholderValues)).to.throw(TypeError, /values must be/);
    expect(() => renderPlaceholders('x', undefined as unknown as PlaceholderValues)).to.throw(TypeError, /values must be/);
    expect(() => renderPlaceholders('x', 'a' as unknown as PlaceholderValues)).to.throw(TypeError, /values must be/);
  });

  it('rejects a value of another type for a name the text uses, and ignores the ones it does not', () => {
    const values = { obj: { a: 1 }, fn: () => 'x' } as unknown as PlaceholderValues;
    expect(() => renderPlaceholders('${{obj}}', values)).to.throw(TypeError, /"obj".*got object/);
    expect(() => renderPlaceholders('${{fn}}', values)).to.throw(TypeError, /"fn".*got function/);
    expect(renderPlaceholders('${{other}} plain', values)).to.equal('${{other}} plain');
  });

  it('the types refuse values that are not placeholder values', () => {
    // @ts-expect-error an object is not a PlaceholderValue
    const bad: PlaceholderValues = { a: { nested: true } };
    expect(bad).to.be.an('object');
  });

  it('is linear on long and hostile input', () => {
    const many = '${{a}}'.repeat(50_000);
    expect(renderPlaceholders(many, { a: 'x' })).to.equal('x'.repeat(50_000));
    const unclosed = '${{' + ' '.repeat(200_000) + 'a' + ' '.repeat(200_000);
    expect(renderPlaceholders(unclosed, { a: 'x' })).to.equal(unclosed);
    const openers = '${{ a '.repeat(50_000);
    expect(renderPlaceholders(openers, { a: 'x' })).to.equal(openers);
  });
});
