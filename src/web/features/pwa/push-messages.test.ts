import { beforeEach, describe, expect, it } from 'vitest';
import { useUiStore } from '../../lib/ui-store';
import { showPushMessage } from './push-messages';

describe('push messages forwarded by the worker', () => {
  beforeEach(() => useUiStore.getState().clearNotification());

  it('become the push toast with a View link to their page', () => {
    const shown = showPushMessage({
      type: 'push',
      title: 'Your therapist is on the way',
      body: 'Morag arrives in 20 minutes.',
      url: '/account/appointments',
    });
    expect(shown).toBe(true);
    expect(useUiStore.getState().notification).toMatchObject({
      type: 'push',
      title: 'Your therapist is on the way',
      message: 'Morag arrives in 20 minutes.',
      link: '/account/appointments',
    });
  });

  it('are ignored in any other shape', () => {
    for (const data of [
      null,
      { type: 'push', title: 'No body or url' },
      { type: 'push', title: 'Off-site', body: '', url: 'https://evil.example/' },
      { type: 'SKIP_WAITING' },
    ])
      expect(showPushMessage(data)).toBe(false);
    expect(useUiStore.getState().notification).toBeNull();
  });
});
