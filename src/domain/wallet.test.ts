import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from './constants';
import {
  creditLots,
  creditToExpire,
  describeWalletEntry,
  ledgerBalance,
  type LedgerEntry,
  type WalletEntryFacts,
} from './wallet';

const T0 = Date.parse('2026-01-01T00:00:00Z');

/** Random ledgers as the server writes them: credit, spending within the balance, expiries. */
const ledgers = fc
  .array(
    fc.record({
      op: fc.constantFrom('earn', 'spend', 'expire'),
      amount: fc.integer({ min: 1, max: 10_000 }),
      days: fc.integer({ min: 0, max: 60 }),
    }),
    { maxLength: 40 },
  )
  .map((ops) => {
    const entries: LedgerEntry[] = [];
    let at = T0;
    for (const { op, amount, days } of ops) {
      at += days * DAY_MS;
      const id = entries.length + 1;
      const balance = ledgerBalance(entries);
      if (op === 'earn') {
        entries.push({
          id,
          kind: 'referral_credit',
          amountPence: amount,
          createdAtMs: at,
          expiresEntryId: null,
        });
      } else if (op === 'spend' && balance > 0) {
        const spent = Math.min(amount, balance);
        entries.push({
          id,
          kind: 'booking_payment',
          amountPence: -spent,
          createdAtMs: at,
          expiresEntryId: null,
        });
      } else if (op === 'expire') {
        for (const e of creditToExpire(entries, at, 30)) {
          entries.push({
            id: entries.length + 1,
            kind: 'credit_expired',
            amountPence: -e.amountPence,
            createdAtMs: at,
            expiresEntryId: e.entryId,
          });
        }
      }
    }
    return { entries, end: at };
  });

describe('wallet credit expiry', () => {
  it('writes off the unspent part of old credit, oldest spent first', () => {
    const entries: LedgerEntry[] = [
      { id: 1, kind: 'referral_credit', amountPence: 1000, createdAtMs: T0, expiresEntryId: null },
      {
        id: 2,
        kind: 'gift_card_redemption',
        amountPence: 2000,
        createdAtMs: T0 + 20 * DAY_MS,
        expiresEntryId: null,
      },
      {
        id: 3,
        kind: 'booking_payment',
        amountPence: -1500,
        createdAtMs: T0 + 25 * DAY_MS,
        expiresEntryId: null,
      },
    ];
    // The spending used all of entry 1 and 500 of entry 2.
    expect(creditToExpire(entries, T0 + 31 * DAY_MS, 30)).toEqual([]);
    expect(creditToExpire(entries, T0 + 50 * DAY_MS, 30)).toEqual([
      { entryId: 2, amountPence: 1500 },
    ]);
  });

  it('never expires more than the balance, nor an entry twice, and leaves nothing due after it runs', () => {
    fc.assert(
      fc.property(ledgers, ({ entries, end }) => {
        const balance = ledgerBalance(entries);
        expect(balance).toBeGreaterThanOrEqual(0);
        const due = creditToExpire(entries, end + 31 * DAY_MS, 30);
        const total = due.reduce((sum, e) => sum + e.amountPence, 0);
        expect(total).toBeLessThanOrEqual(balance);
        expect(new Set(due.map((e) => e.entryId)).size).toBe(due.length);
        const already = new Set(entries.map((e) => e.expiresEntryId).filter((id) => id !== null));
        expect(due.some((e) => already.has(e.entryId))).toBe(false);
        // After everything is over 30 days old and written off, the balance is zero.
        expect(total).toBe(balance);
        const after = [
          ...entries,
          ...due.map((e, i) => ({
            id: entries.length + i + 1,
            kind: 'credit_expired',
            amountPence: -e.amountPence,
            createdAtMs: end + 31 * DAY_MS,
            expiresEntryId: e.entryId,
          })),
        ];
        expect(creditToExpire(after, end + 31 * DAY_MS, 30)).toEqual([]);
        expect(creditLots(after).every((lot) => lot.remainingPence >= 0)).toBe(true);
      }),
    );
  });
});

describe('wallet entries in plain words', () => {
  const facts: WalletEntryFacts = {
    kind: 'booking_payment',
    friendName: null,
    giftCardFrom: null,
    treatmentNames: ['Swedish Massage'],
    bookingStartsAtMs: Date.parse('2026-12-03T10:00:00Z'),
    expiredEntryAddedAtMs: null,
  };
  const say = (more: Partial<WalletEntryFacts>) =>
    describeWalletEntry({ ...facts, ...more }, 'Europe/London');

  it('says where credit came from and went', () => {
    expect(say({})).toBe('Spent on Swedish Massage, 3 Dec');
    expect(say({ treatmentNames: ['Swedish Massage', 'Hot Stones'] })).toBe(
      'Spent on Swedish Massage and 1 more, 3 Dec',
    );
    expect(say({ kind: 'booking_refund' })).toBe('Returned from cancelled Swedish Massage, 3 Dec');
    expect(say({ kind: 'referral_credit', friendName: 'Isla Murray' })).toBe(
      'Referral credit from Isla',
    );
    expect(say({ kind: 'referral_credit' })).toBe('Referral credit from a friend');
    expect(say({ kind: 'gift_card_redemption', giftCardFrom: 'Sam Lee' })).toBe(
      'Gift card from Sam',
    );
    expect(say({ kind: 'gift_card_redemption' })).toBe('Gift card');
    expect(
      say({ kind: 'credit_expired', expiredEntryAddedAtMs: Date.parse('2025-12-24T23:30:00Z') }),
    ).toBe('Credit expired (added 24 Dec)');
  });

  it('says what a late arrival and a goodwill gesture gave', () => {
    expect(say({ kind: 'late_arrival_credit' })).toBe(
      'Late arrival credit: Swedish Massage, 3 Dec',
    );
    expect(say({ kind: 'goodwill_credit', goodwillReason: 'Sorry about the wait' })).toBe(
      'Credit from Glow at Home: Sorry about the wait',
    );
    expect(say({ kind: 'goodwill_credit', goodwillReason: null })).toBe('Credit from Glow at Home');
  });

  it('uses the UK day, not UTC', () => {
    // 00:30 BST on 1 June is 23:30 UTC on 31 May.
    expect(say({ bookingStartsAtMs: Date.parse('2026-05-31T23:30:00Z') })).toBe(
      'Spent on Swedish Massage, 1 Jun',
    );
  });
});
