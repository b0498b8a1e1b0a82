import type { RulesConfig } from './constants';

export interface BasketItem {
  pricePence: number;
  durationMinutes: number;
}

export interface BasketTotal {
  totalPricePence: number;
  totalDurationMinutes: number;
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
  return {
    totalPricePence,
    totalDurationMinutes: items.length === 0 ? 0 : itemMinutes + config.bufferMinutes,
    meetsMinimumSpend: totalPricePence >= minimum,
    minimumSpendPence: minimum,
    shortfallPence: Math.max(0, minimum - totalPricePence),
  };
}
