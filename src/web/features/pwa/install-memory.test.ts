import { describe, expect, it } from 'vitest';
import {
  isInstallDismissed,
  noteVisit,
  rememberInstallDismissed,
  shouldOfferInstall,
} from './install-memory';
import { MemoryStorage } from './memory-storage.test-helper';

const now = new Date('2026-03-02T10:00:00Z');

describe('the install offer’s memory', () => {
  it('calls the first visit first, through reloads, and every later visit returning', () => {
    const local = new MemoryStorage();
    const firstTab = new MemoryStorage();
    expect(noteVisit(local, firstTab, now)).toBe('first');
    expect(noteVisit(local, firstTab, now)).toBe('first');
    expect(noteVisit(local, new MemoryStorage(), now)).toBe('returning');
  });

  it('remembers a dismissal', () => {
    const local = new MemoryStorage();
    expect(isInstallDismissed(local)).toBe(false);
    rememberInstallDismissed(local, now);
    expect(isInstallDismissed(local)).toBe(true);
  });

  it('treats storage that cannot be used as a first visit, never dismissed', () => {
    const broken = new MemoryStorage();
    broken.getItem = () => {
      throw new Error('SecurityError');
    };
    broken.setItem = broken.getItem;
    expect(noteVisit(broken, broken, now)).toBe('first');
    expect(isInstallDismissed(broken)).toBe(false);
    expect(() => rememberInstallDismissed(broken, now)).not.toThrow();
    expect(noteVisit(null, null, now)).toBe('first');
  });

  it('offers to install only to a returning customer who has not said no', () => {
    const offer = { visit: 'returning', dismissed: false, canInstall: true } as const;
    expect(shouldOfferInstall(offer)).toBe(true);
    expect(shouldOfferInstall({ ...offer, visit: 'first' })).toBe(false);
    expect(shouldOfferInstall({ ...offer, dismissed: true })).toBe(false);
    expect(shouldOfferInstall({ ...offer, canInstall: false })).toBe(false);
  });
});
