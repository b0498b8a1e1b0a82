import { describe, expect, it } from 'vitest';
import { matchWebRoute } from './web-routes';

describe('matchWebRoute', () => {
  it('matches the static pages', () => {
    for (const path of [
      '/',
      '/login',
      '/gift-cards',
      '/account',
      '/account/wallet',
      '/account/addresses/new',
      '/professionals',
      '/cookie-policy',
      '/authorisation/confirm',
      '/authorisation/password-reset',
    ]) {
      expect(matchWebRoute(path), path).toEqual({ pattern: path, params: {} });
    }
  });

  it('prefers a static page over a city', () => {
    expect(matchWebRoute('/login')?.pattern).toBe('/login');
    expect(matchWebRoute('/account')?.pattern).toBe('/account');
    expect(matchWebRoute('/edinburgh')).toEqual({
      pattern: '/:city',
      params: { city: 'edinburgh' },
    });
  });

  it('reads the parameters of city, professional and address pages', () => {
    expect(matchWebRoute('/newcastle/select-date')).toEqual({
      pattern: '/:city/select-date',
      params: { city: 'newcastle' },
    });
    expect(matchWebRoute('/professionals/anna.b')).toEqual({
      pattern: '/professionals/:username',
      params: { username: 'anna.b' },
    });
    expect(matchWebRoute('/account/addresses/42/edit')).toEqual({
      pattern: '/account/addresses/:id/edit',
      params: { id: '42' },
    });
  });

  it('decodes parameters and ignores a trailing slash and the case of static segments', () => {
    expect(matchWebRoute('/professionals/anna%2Eb')?.params).toEqual({ username: 'anna.b' });
    expect(matchWebRoute('/account/wallet/')?.pattern).toBe('/account/wallet');
    expect(matchWebRoute('/Account/Wallet')?.pattern).toBe('/account/wallet');
  });

  it('matches nothing for paths the web app does not have', () => {
    for (const path of [
      '/no-such/page',
      '/edinburgh/select-nothing',
      '/account/addresses/42',
      '/professionals/anna/extra',
      '/account//wallet',
      '/professionals/%E0%A4%A',
      'login',
    ]) {
      expect(matchWebRoute(path), path).toBeNull();
    }
  });
});
