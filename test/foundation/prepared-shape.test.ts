import { expect } from 'chai';
import { sql } from 'slonik';
import { z } from 'zod';
import { prepared, preparedShape } from '../../server/src/db/prepared.js';

describe('preparedShape (db/prepared.ts)', () => {
  const row = z.object({ n: z.number() });
  const where = (a: string) => sql.fragment`x = ${a}`;

  it('fills the parameters of a statement built once: the same text, name and values as building it per call', () => {
    const build = (a: string, b: number, c: string) => sql.fragment`SELECT ${b} AS n FROM t WHERE ${where(a)} AND y = ${c} AND z = ${a}`;
    const shape = preparedShape('shape_test', row, build);
    const cases: [string, number, string][] = [['one', 1, 'two'], ['three', 4, '']];
    for (const args of cases) {
      const made = shape(...args);
      const built = prepared('shape_test', row, build(...args));
      expect({ sql: made.sql, name: (made as { name?: string }).name, values: made.values, type: made.type }).to.deep.equal({
        sql: built.sql,
        name: (built as { name?: string }).name,
        values: built.values,
        type: built.type,
      });
      expect(made.parser).to.equal(row);
    }
  });

  it('refuses a shape with a parameter that is not one of its arguments', () => {
    expect(() => preparedShape('shape_constant', row, (a: string) => sql.fragment`SELECT 1 AS n WHERE x = ${a} AND y = ${'constant'}`)).to.throw(/every parameter/);
  });
});
