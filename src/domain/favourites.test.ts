import { describe, expect, it } from 'vitest';
import { favouritesFirst } from './favourites';

const th = (id: string, meetsMinimumSpend = true) => ({ id, meetsMinimumSpend });

describe('favouritesFirst', () => {
  it('puts favourites who can take the booking first, each group in the server order', () => {
    const list = [th('a'), th('b'), th('c'), th('d')];
    expect(favouritesFirst(list, new Set(['d', 'b'])).map((t) => t.id)).toEqual([
      'b',
      'd',
      'a',
      'c',
    ]);
  });

  it('leaves a favourite below their minimum spend where the server put them', () => {
    const list = [th('a'), th('b', false), th('c')];
    expect(favouritesFirst(list, new Set(['b', 'c'])).map((t) => t.id)).toEqual(['c', 'a', 'b']);
  });

  it('changes nothing without favourites, and keeps everyone', () => {
    const list = [th('a'), th('b')];
    expect(favouritesFirst(list, new Set())).toEqual(list);
    expect(favouritesFirst(list, new Set(['zz']))).toEqual(list);
  });
});
