import { create } from 'zustand';

// The interface state of docs/product.md#interface-state-and-overlays. Overlays read it; any page
// may raise a toast.

export type NotificationType = 'error' | 'success' | 'info' | 'push' | 'sw-update';

export interface NotificationInput {
  type: NotificationType;
  title?: string;
  message?: string;
  /** URL of a small icon, as push messages carry. */
  icon?: string;
  /** URL of a larger picture shown beside the message. */
  image?: string;
  /** Where the View link goes. */
  link?: string;
  /** Static toasts stay until removed; the others vanish after NOTIFICATION_TIMEOUT_MS. */
  static?: boolean;
}

export interface AppNotification extends NotificationInput {
  /** Tells two toasts with the same text apart, so each restarts the dismiss timer. */
  id: number;
}

export interface ReferralNotification {
  referrerName: string;
  valuePence: number;
}

/** Notifications that are not static vanish after 7 seconds. */
export const NOTIFICATION_TIMEOUT_MS = 7000;

interface UiState {
  /** null until anything has asked for the login modal; then whether it is open. */
  showLoginModal: boolean | null;
  showCookieConsent: boolean;
  notification: AppNotification | null;
  referralNotification: ReferralNotification | null;
  /**
   * The customer is signing out from an account page and on their way home. Until the account
   * pages are gone, their emptied profile must not be answered with a "sign in" redirect.
   */
  leavingAccount: boolean;
  setLeavingAccount: (value: boolean) => void;
  setShowLoginModal: (value: UiState['showLoginModal']) => void;
  setShowCookieConsent: (value: boolean) => void;
  notify: (notification: NotificationInput) => void;
  clearNotification: (id?: number) => void;
  setReferralNotification: (value: ReferralNotification | null) => void;
}

let nextNotificationId = 1;

export const useUiStore = create<UiState>()((set) => ({
  showLoginModal: null,
  showCookieConsent: false,
  notification: null,
  referralNotification: null,
  leavingAccount: false,
  setLeavingAccount: (value) => set({ leavingAccount: value }),
  setShowLoginModal: (value) => set({ showLoginModal: value }),
  setShowCookieConsent: (value) => set({ showCookieConsent: value }),
  notify: (notification) => set({ notification: { ...notification, id: nextNotificationId++ } }),
  // With an id, only that toast goes: a late timer must not remove a newer one.
  clearNotification: (id) =>
    set((state) =>
      id === undefined || state.notification?.id === id ? { notification: null } : state,
    ),
  setReferralNotification: (value) => set({ referralNotification: value }),
}));

/** Shorthand for code outside React (error handlers, query callbacks). */
export const notify = (notification: NotificationInput) =>
  useUiStore.getState().notify(notification);
