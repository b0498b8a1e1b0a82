// What the install offer remembers between visits
// (docs/product.md#offline-and-the-installable-app). Plain functions over a Storage, so they are
// tested without a browser.

export const DISMISSED_KEY = 'glow.install-dismissed';
export const FIRST_SEEN_KEY = 'glow.first-seen';
/** Per tab: what this visit was when it began, so a reload does not make it a "return". */
export const VISIT_KIND_KEY = 'glow.visit-kind';

export type VisitKind = 'first' | 'returning';

function read(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: Storage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage full or disabled: nothing to remember then.
  }
}

/**
 * Whether this visit is the first on this device. A visit is a tab's session: the first one
 * stays "first" through reloads, and every later session is "returning".
 */
export function noteVisit(local: Storage | null, session: Storage | null, now: Date): VisitKind {
  const known = read(session, VISIT_KIND_KEY);
  if (known === 'first' || known === 'returning') return known;
  const kind: VisitKind = read(local, FIRST_SEEN_KEY) === null ? 'first' : 'returning';
  if (kind === 'first') write(local, FIRST_SEEN_KEY, now.toISOString());
  write(session, VISIT_KIND_KEY, kind);
  return kind;
}

export function isInstallDismissed(local: Storage | null): boolean {
  return read(local, DISMISSED_KEY) !== null;
}

export function rememberInstallDismissed(local: Storage | null, now: Date): void {
  write(local, DISMISSED_KEY, now.toISOString());
}

/** The offer's moment: a returning customer, never dismissed, whose browser can install us. */
export function shouldOfferInstall(state: {
  visit: VisitKind;
  dismissed: boolean;
  canInstall: boolean;
}): boolean {
  return state.visit === 'returning' && !state.dismissed && state.canInstall;
}
