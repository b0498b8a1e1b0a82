import { describe, expect, it } from 'vitest';
import { basketAgainstOffer, splitPreferred } from './preferred-therapist';

const free = [{ username: 'anna' }, { username: 'isla' }, { username: 'mo' }];

describe('splitPreferred', () => {
  it('puts the chosen therapist first and keeps the others in order', () => {
    expect(splitPreferred(free, 'isla')).toEqual({
      preferred: { username: 'isla' },
      others: [{ username: 'anna' }, { username: 'mo' }],
    });
  });

  it('leaves everyone as they were when nobody, or nobody free, was chosen', () => {
    expect(splitPreferred(free, null)).toEqual({ preferred: null, others: free });
    expect(splitPreferred(free, 'zoe')).toEqual({ preferred: null, others: free });
  });
});

describe('basketAgainstOffer', () => {
  const offer = { treatmentIds: ['swedish'], minimumSpendPence: 3000 };
  const swedish = { id: 'swedish', isAddOn: false, pricePence: 2500 };

  it('names the main treatments they do not offer; add-ons go with their parent', () => {
    const items = [swedish, { id: 'stones', isAddOn: true, pricePence: 1000 }];
    expect(basketAgainstOffer(items, offer)).toEqual({ notOffered: [], shortfallPence: 0 });
    const wax = { id: 'wax', isAddOn: false, pricePence: 1400 };
    expect(basketAgainstOffer([wax, swedish], offer).notOffered).toEqual(['wax']);
  });

  it('says what is missing to their minimum spend, once something is chosen', () => {
    expect(basketAgainstOffer([swedish], offer).shortfallPence).toBe(500);
    expect(basketAgainstOffer([], offer).shortfallPence).toBe(0);
  });
});
