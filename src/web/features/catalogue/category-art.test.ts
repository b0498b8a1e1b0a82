import { describe, expect, it } from 'vitest';
import { categoryArtUrl } from './category-art';

describe('categoryArtUrl', () => {
  it('has a drawing of its own for every demo category, whatever the case', () => {
    const demo = ['Massage', 'Facials', 'Nails', 'Lashes & Brows', 'Hair', 'Waxing', 'Make-up'];
    const urls = demo.map(categoryArtUrl);
    expect(new Set(urls).size).toBe(demo.length);
    expect(categoryArtUrl('lashes and brows')).not.toBe(categoryArtUrl('Lashes & Brows'));
    expect(categoryArtUrl('MAKE UP')).toBe(categoryArtUrl('Make-up'));
  });

  it('gives any other category the same neutral drawing', () => {
    expect(categoryArtUrl('Reflexology')).toBe(categoryArtUrl('Tanning'));
    expect(categoryArtUrl('Reflexology')).not.toBe(categoryArtUrl('Massage'));
  });
});
