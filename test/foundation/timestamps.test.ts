import { expect } from 'chai';
import { toIso } from '../../server/src/db/pool.js';

// PostgreSQL's text form of timestamptz → the API's ISO 8601 (UTC, milliseconds). The UTC fast
// path must agree with Date on every shape PostgreSQL prints.
describe('timestamp parsing', () => {
  const viaDate = (text: string) => new Date(text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).toISOString();

  it('converts UTC text exactly as Date does, truncating fractions to milliseconds', () => {
    for (const text of [
      '2026-11-23 07:20:35+00',
      '2026-11-23 07:20:35.1+00',
      '2026-11-23 07:20:35.12+00',
      '2026-11-23 07:20:35.123+00',
      '2026-11-23 07:20:35.123999+00',
      '0001-01-01 00:00:00.000001+00',
      '9999-12-31 23:59:59.999999+00',
    ]) {
      expect(toIso(text), text).to.equal(viaDate(text));
    }
    expect(toIso('2026-11-23 07:20:35.123999+00')).to.equal('2026-11-23T07:20:35.123Z');
  });

  it('still converts other offsets', () => {
    expect(toIso('2026-11-23 08:20:35.5+01')).to.equal('2026-11-23T07:20:35.500Z');
    expect(toIso('2026-11-23 02:20:35-05')).to.equal('2026-11-23T07:20:35.000Z');
  });
});
