// Times in the user's zone: formatting, and reading a datetime-local value back on that zone's wall
// clock, including both sides of a daylight-saving change and a wall-clock time the zone skips.
import { expect } from 'chai';
import { formatWhen, inputFromInstant, instantFromInput, isKnownZone } from '../src/time.js';

describe('admin: times in the user’s zone', () => {
  it('formats an instant on the zone’s clock with its abbreviation, and in UTC by default', () => {
    expect(formatWhen('2026-01-31T09:30:00Z')).to.equal('2026-01-31 09:30 UTC');
    expect(formatWhen('2026-01-31T09:30:00Z', 'Europe/Berlin')).to.match(/^2026-01-31 10:30 (GMT\+1|CET)$/);
    expect(formatWhen('2026-07-01T09:30:00Z', 'America/New_York')).to.match(/^2026-07-01 05:30 (EDT|GMT-4)$/);
    expect(formatWhen(null)).to.equal('');
    expect(formatWhen('not a date')).to.equal('not a date');
  });

  it('reads a wall-clock time in the zone back to the right instant, winter and summer', () => {
    expect(instantFromInput('2026-01-15T09:00', 'America/New_York')).to.equal('2026-01-15T14:00:00.000Z');
    expect(instantFromInput('2026-07-15T09:00', 'America/New_York')).to.equal('2026-07-15T13:00:00.000Z');
    expect(instantFromInput('2026-07-15T09:00:30', 'Asia/Kolkata')).to.equal('2026-07-15T03:30:30.000Z');
    expect(instantFromInput('2026-07-15T09:00')).to.equal('2026-07-15T09:00:00.000Z');
    // An explicit offset is taken as written, whatever the zone.
    expect(instantFromInput('2026-07-15T09:00+02:00', 'America/New_York')).to.equal('2026-07-15T07:00:00.000Z');
  });

  it('round-trips through the datetime-local value', () => {
    for (const zone of ['UTC', 'Europe/London', 'Australia/Lord_Howe', 'America/St_Johns', 'Pacific/Chatham']) {
      for (const iso of ['2026-03-29T00:59:00.000Z', '2026-03-29T01:00:00.000Z', '2026-10-25T00:30:00.000Z', '2026-12-31T23:59:00.000Z']) {
        const back = instantFromInput(inputFromInstant(iso, zone), zone);
        // An ambiguous wall-clock time (the repeated hour in autumn) may land on either instant.
        expect(inputFromInstant(back!, zone), `${zone} ${iso}`).to.equal(inputFromInstant(iso, zone));
      }
    }
  });

  it('refuses a wall-clock time the zone skips, impossible dates and junk', () => {
    expect(instantFromInput('2026-03-08T02:30', 'America/New_York')).to.equal(null);
    expect(instantFromInput('2026-03-29T02:30', 'Europe/Berlin')).to.equal(null);
    expect(instantFromInput('2026-02-30T10:00', 'UTC')).to.equal(null);
    expect(instantFromInput('tomorrow', 'UTC')).to.equal(null);
    expect(instantFromInput('  ', 'UTC')).to.equal(undefined);
  });

  it('knows which zones exist', () => {
    expect(isKnownZone('Europe/Berlin')).to.equal(true);
    expect(isKnownZone('Mars/Olympus_Mons')).to.equal(false);
  });
});
