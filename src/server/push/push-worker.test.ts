import { describe, expect, it } from 'vitest';
import { outcomeOf } from './push-worker';

describe('outcomeOf (RFC 8030 answers)', () => {
  it('counts 2xx as sent', () => {
    expect(outcomeOf(201)).toBe('sent');
    expect(outcomeOf(202)).toBe('sent');
  });
  it('forgets the device on 404 and 410', () => {
    expect(outcomeOf(404)).toBe('gone');
    expect(outcomeOf(410)).toBe('gone');
  });
  it('tries again later on 429 and server errors', () => {
    expect(outcomeOf(429)).toBe('retry');
    expect(outcomeOf(500)).toBe('retry');
    expect(outcomeOf(503)).toBe('retry');
  });
  it('gives up on other refusals, which a retry would not change', () => {
    expect(outcomeOf(400)).toBe('failed');
    expect(outcomeOf(403)).toBe('failed');
    expect(outcomeOf(413)).toBe('failed');
  });
});
