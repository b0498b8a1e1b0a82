import { describe, expect, it } from 'vitest';
import { UK_TIME_ZONE } from './constants';
import {
  formatGiftCardCode,
  giftCardDeliveryInstant,
  giftCardDetailsSchema,
  giftCardSendDates,
  normaliseGiftCardCode,
  sendDateProblem,
} from './gift-card';

const at = (iso: string) => Date.parse(iso);

describe('gift card codes', () => {
  it('are written GLOW and four groups of four', () => {
    expect(formatGiftCardCode('7K2Q9M4XP3RT8WDF')).toBe('GLOW-7K2Q-9M4X-P3RT-8WDF');
    expect(() => formatGiftCardCode('7K2Q')).toThrow();
  });

  it('are read back whatever the case, spacing, dashes or prefix', () => {
    for (const typed of [
      'GLOW-7K2Q-9M4X-P3RT-8WDF',
      'glow-7k2q-9m4x-p3rt-8wdf',
      ' glow 7k2q 9m4x p3rt 8wdf ',
      '7K2Q9M4XP3RT8WDF',
      '7k2q–9m4x—p3rt-8wdf',
    ])
      expect(normaliseGiftCardCode(typed)).toBe('7K2Q9M4XP3RT8WDF');
  });

  it("read O as 0 and I or L as 1, as Crockford's base32 says", () => {
    expect(normaliseGiftCardCode('GLOW-OOII-LL00-1111-AAAA')).toBe('001111001111AAAA');
  });

  it('are refused when they cannot be one: wrong length or a U', () => {
    expect(normaliseGiftCardCode('GLOW-7K2Q-9M4X-P3RT')).toBeNull();
    expect(normaliseGiftCardCode('GLOW-7K2Q-9M4X-P3RT-8WDF-AAAA')).toBeNull();
    expect(normaliseGiftCardCode('GLOW-7K2Q-9M4X-P3RT-8WDU')).toBeNull();
    expect(normaliseGiftCardCode('')).toBeNull();
  });
});

describe('gift card send dates', () => {
  it('run from today (UK) to a year ahead', () => {
    // 23:30 UTC on 31 May is already 1 June in the UK (BST).
    expect(giftCardSendDates(at('2026-05-31T23:30:00Z'), UK_TIME_ZONE)).toEqual({
      first: '2026-06-01',
      last: '2027-06-01',
    });
    const now = at('2026-11-23T08:00:00Z');
    expect(sendDateProblem('2026-11-23', now, UK_TIME_ZONE)).toBeNull();
    expect(sendDateProblem('2027-11-23', now, UK_TIME_ZONE)).toBeNull();
    expect(sendDateProblem('2026-11-22', now, UK_TIME_ZONE)).toBe('Choose today or a later day');
    expect(sendDateProblem('2027-11-24', now, UK_TIME_ZONE)).toBe(
      'Choose a day within the next year',
    );
    expect(sendDateProblem('2026-02-30', now, UK_TIME_ZONE)).toBe('Choose the day to send it');
  });

  it('send today at once, and a later day at 09:00 UK time in winter and summer', () => {
    const now = at('2026-11-23T15:00:00Z');
    expect(giftCardDeliveryInstant('2026-11-23', now, UK_TIME_ZONE)).toBe(now);
    expect(giftCardDeliveryInstant('2026-12-24', now, UK_TIME_ZONE)).toBe(
      at('2026-12-24T09:00:00Z'),
    );
    expect(giftCardDeliveryInstant('2027-07-01', now, UK_TIME_ZONE)).toBe(
      at('2027-07-01T08:00:00Z'),
    );
    // The day the clocks go forward (28 March 2027) still sends at 09:00 on the wall.
    expect(giftCardDeliveryInstant('2027-03-28', now, UK_TIME_ZONE)).toBe(
      at('2027-03-28T08:00:00Z'),
    );
  });
});

describe('gift card details', () => {
  const valid = {
    amountPence: 5000,
    recipientName: ' Rosa ',
    recipientEmail: ' Rosa@Example.com ',
    sendOn: '2026-12-24',
  };

  it('trim and lower-case what they should, and default the message to nothing', () => {
    expect(giftCardDetailsSchema.parse(valid)).toEqual({
      amountPence: 5000,
      recipientName: 'Rosa',
      recipientEmail: 'rosa@example.com',
      message: '',
      sendOn: '2026-12-24',
    });
  });

  it('take whole pounds from £10 to £500', () => {
    const amount = (amountPence: number) =>
      giftCardDetailsSchema.safeParse({ ...valid, amountPence }).success;
    expect([1000, 2500, 50000].map(amount)).toEqual([true, true, true]);
    expect([900, 50100, 2550, 0, -1000].map(amount)).toEqual([false, false, false, false, false]);
  });
});
