import type { RulesConfig } from './constants';

export interface BasketItem {
  pricePence: number;
  durationMinutes: number;
}

export interface BasketTotal {
  totalPricePence: number;
  /** The treatments and the turnaround after them: how long the therapist's time is taken. */
  totalDurationMinutes: number;
  /** The treatments alone: how long the appointment runs. */
  treatmentMinutes: number;
  /** Set-up and moving on after the treatments (0 for an empty basket). */
  turnaroundMinutes: number;
  meetsMinimumSpend: boolean;
  minimumSpendPence: number;
  shortfallPence: number;
}

/**
 * docs/product.md#price-duration-and-minimum-spend: price = sum of prices; duration = sum of
 * durations + 15 minutes of buffer (travel and set-up); the total must reach the therapist's
 * minimum spend, or 2300 pence when they set none.
 * An empty basket has no booking to buffer, so its duration stays 0.
 */
export function basketTotal(
  items: readonly BasketItem[],
  minimumSpendPence: number | null,
  config: Pick<RulesConfig, 'bufferMinutes' | 'defaultMinimumSpendPence'>,
): BasketTotal {
  let totalPricePence = 0;
  let itemMinutes = 0;
  for (const item of items) {
    totalPricePence += item.pricePence;
    itemMinutes += item.durationMinutes;
  }
  const minimum = minimumSpendPence ?? config.defaultMinimumSpendPence;
  const turnaroundMinutes = items.length === 0 ? 0 : config.bufferMinutes;
  return {
    totalPricePence,
    totalDurationMinutes: itemMinutes + turnaroundMinutes,
    treatmentMinutes: itemMinutes,
    turnaroundMinutes,
    meetsMinimumSpend: totalPricePence >= minimum,
    minimumSpendPence: minimum,
    shortfallPence: Math.max(0, minimum - totalPricePence),
  };
}

/** How many treatments and add-ons a basket holds: an add-on is not a treatment of its own. */
export function basketCounts(items: readonly { isAddOn: boolean }[]): {
  treatments: number;
  addOns: number;
} {
  const addOns = items.filter((i) => i.isAddOn).length;
  return { treatments: items.length - addOns, addOns };
}

/** "1 treatment", "2 treatments and 1 add-on". */
export function describeBasketCount(counts: { treatments: number; addOns: number }): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const treatments = plural(counts.treatments, 'treatment');
  return counts.addOns === 0 ? treatments : `${treatments} and ${plural(counts.addOns, 'add-on')}`;
}
