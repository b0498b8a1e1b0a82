/** The id the app moves focus to after each navigation, and the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * When an overlay closes while it holds focus, the focused element disappears and keyboard users
 * are dropped at the top of the document; hand focus to the page content instead.
 */
export function focusMainIfInside(container: HTMLElement | null): void {
  if (!container || !container.contains(document.activeElement)) return;
  document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
}
