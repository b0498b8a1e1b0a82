import { describe, expect, it } from 'vitest';
import { isPublicApiPath, publicApiPaths } from './public-api-paths';

describe('public answers the server may ask for a page it draws', () => {
  it('takes every path the pages ask for', () => {
    for (const path of [
      publicApiPaths.cities,
      publicApiPaths.cityTreatments('edinburgh'),
      publicApiPaths.professionals(),
      publicApiPaths.professionals('newcastle'),
      publicApiPaths.professional('ailsa'),
      publicApiPaths.company,
    ])
      expect(isPublicApiPath(path), path).toBe(true);
  });

  it('refuses anything that depends on the visitor, or reaches further', () => {
    for (const path of [
      '/api/me',
      '/api/me/bookings',
      '/api/auth/get-session',
      '/api/cities/edinburgh/therapists',
      '/api/cities/edinburgh/treatments/../../me',
      '/api/professionals?city=a&x=1',
      '/api/internal/bookings',
      '/api/cities/',
    ])
      expect(isPublicApiPath(path), path).toBe(false);
  });
});
