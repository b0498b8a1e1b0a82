import { describe, expect, it } from 'vitest';
import { offerEmail, offerPush } from './offer-message';

const news = {
  offerId: 'o-1',
  token: 'tok_abc',
  customerId: 'u-1',
  to: 'ada@example.com',
  name: 'Ada Lovelace',
  treatments: ['Massage', 'Hot Stones'],
  therapistName: 'Anna',
  startsAt: new Date('2026-11-24T10:00:00Z'),
  expiresAt: new Date('2026-11-23T08:15:00Z'),
  publicUrl: 'https://glow.example',
};

describe('the waitlist offer message', () => {
  it('names the time, how long it is held and the link, in text and HTML, once per offer', () => {
    const mail = offerEmail(news);
    expect(mail.subject).toBe('A time has opened: Tuesday 24 November 2026 at 10:00');
    expect(mail.text).toContain('Massage, Hot Stones with Anna');
    expect(mail.text).toContain('until 08:15');
    expect(mail.text).toContain('Take this time: https://glow.example/account?offer=tok_abc');
    expect(mail.html).toContain('href="https://glow.example/account?offer=tok_abc"');
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    expect(mail.dedupeKey).toBe('waitlist-offer-o-1');
  });

  it('pushes a path on this site that opens the offer, for as long as it is held', () => {
    const push = offerPush(news, 900);
    expect(push.message.url).toBe('/account?offer=tok_abc');
    expect(push.ttlSeconds).toBe(900);
    expect(push.dedupeKey).toBe('waitlist-offer-o-1');
  });
});
