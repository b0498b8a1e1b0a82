import { create } from 'zustand';
import {
  isInstallDismissed,
  noteVisit,
  rememberInstallDismissed,
  type VisitKind,
} from './install-memory';

// Chromium's install offer (beforeinstallprompt) is kept back at start-up and shown as our own
// card at a good moment instead: after a confirmed booking, never on a first visit.

/** Chromium's event; not in TypeScript's DOM library. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  prompt: BeforeInstallPromptEvent | null;
  visit: VisitKind;
  dismissed: boolean;
}

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

export const useInstallStore = create<InstallState>()(() => ({
  prompt: null,
  visit: 'first',
  dismissed: false,
}));

const isInstallPrompt = (event: Event): event is BeforeInstallPromptEvent =>
  'prompt' in event && typeof event.prompt === 'function';

export function captureInstallPrompt(): void {
  useInstallStore.setState({
    visit: noteVisit(storage('localStorage'), storage('sessionStorage'), new Date()),
    dismissed: isInstallDismissed(storage('localStorage')),
  });
  window.addEventListener('beforeinstallprompt', (event) => {
    if (!isInstallPrompt(event)) return;
    // Keeps Chromium's own mini-bar away: the card below asks at a better moment.
    event.preventDefault();
    useInstallStore.setState({ prompt: event });
  });
  // Installed (from our card or the browser's menu): there is nothing left to offer.
  window.addEventListener('appinstalled', () => useInstallStore.setState({ prompt: null }));
}

export function dismissInstall(): void {
  rememberInstallDismissed(storage('localStorage'), new Date());
  useInstallStore.setState({ dismissed: true });
}

export async function install(): Promise<void> {
  const prompt = useInstallStore.getState().prompt;
  if (!prompt) return;
  // A prompt event can be used once; the browser sends a new one if it is still installable.
  useInstallStore.setState({ prompt: null });
  await prompt.prompt();
  const choice = await prompt.userChoice;
  // Saying no in the browser's own dialog is a dismissal too.
  if (choice.outcome === 'dismissed') dismissInstall();
}
