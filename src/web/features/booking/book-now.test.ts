import { describe, expect, it } from 'vitest';
import { bookNowPath } from './book-now';

describe('bookNowPath', () => {
  it('goes on with the city in view, then the basket, then the last chosen city', () => {
    const all = { routeCity: 'edinburgh', basketCity: 'newcastle', chosenCity: 'leeds' };
    expect(bookNowPath(all)).toBe('/edinburgh/select-treatments');
    expect(bookNowPath({ ...all, routeCity: null })).toBe('/newcastle/select-treatments');
    expect(bookNowPath({ ...all, routeCity: null, basketCity: null })).toBe(
      '/leeds/select-treatments',
    );
  });

  it('sends someone with no city yet home to choose one, never resetting a city', () => {
    expect(bookNowPath({ routeCity: null, basketCity: null, chosenCity: null })).toBe('/');
  });
});
