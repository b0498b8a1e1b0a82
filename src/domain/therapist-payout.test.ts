import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOf } from './cancellation';
import { therapistPayout, therapistShare } from './therapist-payout';

const card = (totalPricePence: number, creditAppliedPence: number) => ({
  totalPricePence,
  creditAppliedPence,
  referralDiscountPence: 0,
  amountDuePence: totalPricePence - creditAppliedPence,
  paidByInvoice: false,
});
const invoice = (totalPricePence: number, creditAppliedPence: number) => ({
  ...card(totalPricePence, creditAppliedPence),
  paidByInvoice: true,
});

describe("the therapist's share", () => {
  it('pays the card part through the charge and the credit part by transfer', () => {
    expect(therapistPayout(card(3000, 1000), 20)).toEqual({
      viaChargePence: 1600,
      viaTransferPence: 800,
    });
  });

  it('pays a card-only booking wholly through the charge', () => {
    expect(therapistPayout(card(3000, 0), 20)).toEqual({
      viaChargePence: 2400,
      viaTransferPence: 0,
    });
  });

  it('pays a booking wholly funded by credit wholly by transfer', () => {
    expect(therapistPayout(card(3000, 3000), 20)).toEqual({
      viaChargePence: 0,
      viaTransferPence: 2400,
    });
  });

  it('pays an invoiced booking, with or without credit, wholly by transfer', () => {
    expect(therapistPayout(invoice(3000, 0), 20)).toEqual({
      viaChargePence: 0,
      viaTransferPence: 2400,
    });
    expect(therapistPayout(invoice(3000, 1000), 20)).toEqual({
      viaChargePence: 0,
      viaTransferPence: 2400,
    });
  });

  it('rounds the fee once, on the whole price, so the two routes add up to the penny', () => {
    // Fee on 3333 is 666.6 → 667; on the card's 1667 it is 333.4 → 333; so 2666 − 1334 = 1332,
    // a penny less than therapistShare(1666) = 1333 would have paid.
    expect(therapistPayout(card(3333, 1666), 20)).toEqual({
      viaChargePence: 1334,
      viaTransferPence: 1332,
    });
    expect(therapistShare(1666, 20)).toBe(1333);
    // Half a penny of fee rounds up, as on the charge: 12.5 → 13 on 25, 2.5 → 3 on 5.
    expect(therapistPayout(card(25, 20), 50)).toEqual({ viaChargePence: 2, viaTransferPence: 10 });
    // Credit of a penny can leave nothing to transfer.
    expect(therapistPayout(card(3, 1), 20)).toEqual({ viaChargePence: 2, viaTransferPence: 0 });
  });

  it('handles no fee and a whole fee', () => {
    expect(therapistPayout(card(2999, 999), 0)).toEqual({
      viaChargePence: 2000,
      viaTransferPence: 999,
    });
    expect(therapistPayout(invoice(2999, 999), 100)).toEqual({
      viaChargePence: 0,
      viaTransferPence: 0,
    });
  });

  it('pays the referral discount by transfer, as the platform funds it like credit', () => {
    const funding = {
      totalPricePence: 3000,
      creditAppliedPence: 500,
      referralDiscountPence: 1000,
      amountDuePence: 1500,
      paidByInvoice: false,
    };
    expect(therapistPayout(funding, 20)).toEqual({ viaChargePence: 1200, viaTransferPence: 1200 });
  });

  it('refuses amounts that do not add up to the price', () => {
    expect(() =>
      therapistPayout(
        {
          totalPricePence: 3000,
          creditAppliedPence: 1000,
          referralDiscountPence: 0,
          amountDuePence: 1000,
          paidByInvoice: false,
        },
        20,
      ),
    ).toThrow();
  });

  it('always totals the price less the fee on it, never negative, never more than the credit or invoice', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
        (a, b, fee, byInvoice) => {
          const total = Math.max(a, b);
          const credit = Math.min(a, b);
          const funding = byInvoice ? invoice(total, credit) : card(total, credit);
          const { viaChargePence, viaTransferPence } = therapistPayout(funding, fee);
          expect(viaChargePence + viaTransferPence).toBe(total - percentOf(total, fee));
          expect(viaTransferPence).toBeGreaterThanOrEqual(0);
          // Within a penny of the share of what the platform holds, whichever way it rounds.
          const held = byInvoice ? total : credit;
          expect(Math.abs(viaTransferPence - therapistShare(held, fee))).toBeLessThanOrEqual(1);
          expect(viaTransferPence).toBeLessThanOrEqual(held);
          if (!byInvoice && credit === 0) expect(viaTransferPence).toBe(0);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
