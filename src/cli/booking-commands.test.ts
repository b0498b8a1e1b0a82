import { describe, expect, it } from 'vitest';
import { csvCell, parseBookingCommand } from './booking-commands';

describe('customer service commands: parsing', () => {
  it('reads a lookup, a listing and a cancel, with --name value or --name=value', () => {
    expect(parseBookingCommand('booking', ['K7M2-QX9D'])).toEqual({
      name: 'booking',
      key: 'K7M2-QX9D',
    });
    expect(
      parseBookingCommand('bookings', ['--from=2026-12-01', '--to', '2026-12-07', '--csv']),
    ).toEqual({
      name: 'bookings',
      from: '2026-12-01',
      to: '2026-12-07',
      therapist: null,
      csv: true,
    });
    expect(
      parseBookingCommand('cancel', ['K7M2QX9D', '--refund', 'policy', '--reason', ' Ill ']),
    ).toEqual({ name: 'cancel', key: 'K7M2QX9D', order: { refund: 'policy', reason: 'Ill' } });
  });

  it('says what is wrong with the command', () => {
    const wrong = (name: string, rest: string[]) => () => parseBookingCommand(name, rest);
    expect(wrong('booking', [])).toThrow('booking needs exactly one booking reference');
    expect(wrong('bookings', ['--from', '2026-12-01'])).toThrow('bookings needs --to YYYY-MM-DD');
    expect(wrong('bookings', ['--from', '1/12/2026', '--to', '2026-12-07'])).toThrow(
      '--from must be a day, YYYY-MM-DD, not "1/12/2026"',
    );
    expect(wrong('bookings', ['--from', '2026-12-08', '--to', '2026-12-07'])).toThrow(
      '--from must be on or before --to',
    );
    expect(wrong('bookings', ['--from', '2026-12-01', '--to', '2026-12-07', '--all'])).toThrow(
      'unknown option "--all"',
    );
    expect(wrong('bookings', ['--from'])).toThrow('--from needs a value');
    expect(wrong('cancel', ['--refund', 'full', '--reason', 'Ill'])).toThrow(
      'cancel needs one booking reference',
    );
    expect(wrong('cancel', ['K7M2QX9D', '--reason', 'Ill'])).toThrow('cancel needs --refund');
    expect(wrong('cancel', ['K7M2QX9D', '--refund', 'half', '--reason', 'Ill'])).toThrow(
      'cancel: --refund',
    );
    expect(wrong('cancel', ['K7M2QX9D', '--refund', 'full', '--reason', ' '])).toThrow(
      'cancel: --reason say why, in a few words',
    );
  });
});

describe('CSV cells', () => {
  it('quotes what needs quoting and keeps spreadsheet formulas as text', () => {
    expect(csvCell('Ada')).toBe('Ada');
    expect(csvCell(3000)).toBe('3000');
    expect(csvCell('1 High St, Leith')).toBe('"1 High St, Leith"');
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+447700900123')).toBe("'+447700900123");
    expect(csvCell(-5)).toBe('-5');
  });
});
