import { describe, expect, it } from 'vitest';
import { addressSchema, profileSchema, signUpSchema } from './account-forms';
import { giftCardDetailsSchema } from './gift-card';
import { isOneLine, isPlainText, ONE_LINE_MESSAGE, PLAIN_TEXT_MESSAGE } from './text-lines';

// Names and address lines are one line; a gift card's message may have line breaks but nothing
// else out of the ordinary (decision 0068).

const BREAKS = ['\r', '\n', '\r\n', '\u2028', '\u2029'];
const OTHER_CONTROLS = ['\u0000', '\t', '\u0007', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085'];

/** The fields' messages after a parse, by dotted path. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
}

describe('one line of text', () => {
  it('refuses line breaks and control characters inside, and takes everything else', () => {
    for (const c of [...BREAKS, ...OTHER_CONTROLS]) {
      expect(isOneLine(`Ada${c}Lovelace`), JSON.stringify(c)).toBe(false);
    }
    for (const text of [
      'Ada Lovelace',
      'Zoë O’Brien-Ñúñez',
      '李小龍',
      'Flat 2/1, 10 Leith Walk',
      '',
    ]) {
      expect(isOneLine(text), text).toBe(true);
    }
  });

  it('lets a message keep its line breaks, but no other control character', () => {
    expect(isPlainText('Happy birthday!\nLove, Mum')).toBe(true);
    expect(isPlainText('Happy birthday!\r\nLove, Mum')).toBe(true);
    for (const c of ['\r', '\u2028', ...OTHER_CONTROLS]) {
      expect(isPlainText(`Happy${c}birthday`), JSON.stringify(c)).toBe(false);
    }
  });
});

describe('the forms that use them', () => {
  const address = { line1: '1 Test Street', town: 'Edinburgh', postcode: 'EH1 1AA' };

  it('refuses a name with a line break, on sign-up and on the profile, naming the field', () => {
    const signUp = {
      name: 'Ada',
      email: 'ada@example.com',
      phoneNumber: '07700 900123',
      password: 'Correct-Horse-Battery-9',
      accountType: 'personal',
    };
    expect(signUpSchema.safeParse(signUp).success).toBe(true);
    expect(
      errorsOf(signUpSchema.safeParse({ ...signUp, name: 'Ada\r\nBcc: x@example.com' })),
    ).toEqual([['name', ONE_LINE_MESSAGE]]);
    const profile = { name: 'Ada\nLovelace', phoneNumber: '07700 900123', gender: null };
    expect(errorsOf(profileSchema.safeParse(profile))).toEqual([['name', ONE_LINE_MESSAGE]]);
    expect(
      errorsOf(profileSchema.safeParse({ ...profile, name: 'Ada', phoneNumber: '07700\n900123' })),
    ).toEqual([['phoneNumber', ONE_LINE_MESSAGE]]);
  });

  it('refuses a line break in any line of an address', () => {
    expect(addressSchema.safeParse(address).success).toBe(true);
    for (const field of ['label', 'line1', 'line2', 'town', 'instructions'] as const) {
      const result = addressSchema.safeParse({ ...address, [field]: 'Flat 2\rBuzz 3' });
      expect(errorsOf(result), field).toEqual([[field, ONE_LINE_MESSAGE]]);
    }
  });

  it('trims a line break at either end as before: only one inside is refused', () => {
    const parsed = addressSchema.parse({ ...address, line1: '\r\n1 Test Street\n' });
    expect(parsed.line1).toBe('1 Test Street');
  });

  it("refuses a gift card recipient's name on two lines, but not a message on two", () => {
    const details = {
      amountPence: 2500,
      recipientName: 'Rosa',
      recipientEmail: 'rosa@example.com',
      message: 'Happy birthday!\nLove, Mum',
      sendOn: '2026-11-23',
    };
    expect(giftCardDetailsSchema.parse(details).message).toBe('Happy birthday!\nLove, Mum');
    expect(
      errorsOf(giftCardDetailsSchema.safeParse({ ...details, recipientName: 'Rosa\nRed' })),
    ).toEqual([['recipientName', ONE_LINE_MESSAGE]]);
    expect(
      errorsOf(giftCardDetailsSchema.safeParse({ ...details, message: 'Hi\u0007there' })),
    ).toEqual([['message', PLAIN_TEXT_MESSAGE]]);
  });
});
