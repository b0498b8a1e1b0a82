import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCityTreatments } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadCityTreatments', () => {
  it("refuses a location without a city with 'No location set', asking nobody", async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(loadCityTreatments('')).rejects.toThrow('No location set');
    await expect(loadCityTreatments('  ')).rejects.toThrow('No location set');
    expect(fetch).not.toHaveBeenCalled();
  });
});
