import { describe, expect, it } from 'vitest';
import { sessionStateOf } from './session-check';

describe('sessionStateOf', () => {
  const session = { id: 's1', userId: 'u1' };

  it('signed in while a session comes back for a customer', () => {
    expect(sessionStateOf(200, { session, user: { id: 'u1', isTherapist: false } })).toBe(
      'signed-in',
    );
  });

  it('signed out when there is no session', () => {
    expect(sessionStateOf(200, null)).toBe('signed-out');
    expect(sessionStateOf(401, { title: 'Unauthorized' })).toBe('signed-out');
  });

  it('another service once the user is a therapist or onboarder, or the server says so', () => {
    expect(sessionStateOf(200, { session, user: { isTherapist: true } })).toBe('another-service');
    expect(sessionStateOf(200, { session, user: { isOnboarder: true } })).toBe('another-service');
    expect(sessionStateOf(403, { code: 'ANOTHER_SERVICE' })).toBe('another-service');
  });

  it('unknown when the server could not say (undoing nothing)', () => {
    expect(sessionStateOf(503, null)).toBe('unknown');
    expect(sessionStateOf(403, { code: 'SOMETHING_ELSE' })).toBe('unknown');
  });
});
