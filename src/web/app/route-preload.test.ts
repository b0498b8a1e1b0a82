import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { pagePathOf, routeLoaders } from './route-preload';
import { routes } from './router';

const loaded = () => Promise.resolve({ Component: () => null });

function table() {
  const home = vi.fn(loaded);
  const city = vi.fn(loaded);
  const bookingLayout = vi.fn(loaded);
  const treatments = vi.fn(loaded);
  const notFound = vi.fn(loaded);
  const list: RouteObject[] = [
    {
      children: [
        { index: true, lazy: home },
        { path: ':city', lazy: city },
        { path: '*', lazy: notFound },
      ],
    },
    { lazy: bookingLayout, children: [{ path: ':city/select-treatments', lazy: treatments }] },
  ];
  return { list, home, city, bookingLayout, treatments, notFound };
}

describe('the code a link would need', () => {
  it('is the lazy layout and page the path renders, layout first', async () => {
    const t = table();
    const loaders = routeLoaders(t.list, '/edinburgh/select-treatments');
    expect(loaders).toHaveLength(2);
    await Promise.all(loaders.map((load) => load()));
    expect(t.bookingLayout).toHaveBeenCalledTimes(1);
    expect(t.treatments).toHaveBeenCalledTimes(1);
    expect(t.city).not.toHaveBeenCalled();
  });

  it('is the best match only: a city is not the not-found page', async () => {
    const t = table();
    await Promise.all(routeLoaders(t.list, '/newcastle').map((load) => load()));
    expect(t.city).toHaveBeenCalledTimes(1);
    expect(t.notFound).not.toHaveBeenCalled();
  });

  it('is nothing for the API and developer pages, which are not pages of the app', () => {
    const t = table();
    expect(routeLoaders(t.list, '/api/bookings/b1/calendar.ics')).toEqual([]);
    expect(routeLoaders(t.list, '/dev/mail')).toEqual([]);
  });

  it('is found for every page of the real route table', () => {
    for (const path of ['/', '/edinburgh', '/edinburgh/select-date', '/account/wallet']) {
      expect(routeLoaders(routes, path).length, path).toBeGreaterThan(0);
    }
    // A booking step needs its page and the booking layout, both separate chunks.
    expect(routeLoaders(routes, '/edinburgh/confirm-booking')).toHaveLength(2);
  });
});

describe('a link to a page of this site', () => {
  const origin = 'https://glow.example';

  it('gives its path, whether written relative or absolute, without query or hash', () => {
    expect(pagePathOf({ href: '/edinburgh?x=1#menu' }, origin)).toBe('/edinburgh');
    expect(pagePathOf({ href: 'https://glow.example/account' }, origin)).toBe('/account');
  });

  it('gives nothing for other sites, other schemes, downloads and new windows', () => {
    expect(pagePathOf({ href: 'https://elsewhere.example/edinburgh' }, origin)).toBeNull();
    expect(pagePathOf({ href: 'mailto:help@glow.example' }, origin)).toBeNull();
    expect(pagePathOf({ href: '/api/x.ics', download: 'x.ics' }, origin)).toBeNull();
    expect(pagePathOf({ href: '/edinburgh', target: '_blank' }, origin)).toBeNull();
    expect(pagePathOf({ href: '/edinburgh', target: '_self' }, origin)).toBe('/edinburgh');
  });
});
