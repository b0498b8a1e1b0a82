import { describe, expect, it } from 'vitest';
import { parsePushClientMessage, parsePushPayload, readNotificationUrl } from './push-message';

const payload = {
  title: 'See you tomorrow',
  body: 'Morag arrives at 10:00.',
  url: '/account/appointments',
  tag: 'booking-123',
};

describe('push message shapes', () => {
  it('reads the payload the server sends', () => {
    expect(parsePushPayload(payload)).toEqual(payload);
  });

  it('ignores anything else', () => {
    for (const bad of [
      null,
      'text',
      { ...payload, title: '' },
      { ...payload, tag: undefined },
      { ...payload, url: 42 },
    ])
      expect(parsePushPayload(bad)).toBeNull();
  });

  it('only ever points at a path on this site', () => {
    for (const url of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
    ])
      expect(parsePushPayload({ ...payload, url }), url).toBeNull();
    expect(readNotificationUrl({ url: '//evil.example' })).toBe('/');
    expect(readNotificationUrl({ url: '/account/wallet' })).toBe('/account/wallet');
    expect(readNotificationUrl(undefined)).toBe('/');
  });

  it('reads the worker’s message to a page, and nothing else the worker might post', () => {
    const message = { type: 'push', title: 'Hi', body: 'There', url: '/account' };
    expect(parsePushClientMessage(message)).toEqual(message);
    expect(parsePushClientMessage({ ...message, type: 'other' })).toBeNull();
    expect(parsePushClientMessage({ type: 'push', title: 'Hi' })).toBeNull();
  });
});
