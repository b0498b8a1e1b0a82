import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { useUiStore } from '../../lib/ui-store';
import { Dialog } from '../../components/dialog';
import { LoginPanel } from './login-panel';

/**
 * The login modal (docs/product.md#interface-state-and-overlays), opened from anywhere with
 * setShowLoginModal(true) (the booking flow does, before confirming). It closes itself once the
 * customer is signed in, and when the page changes under it (a link inside it was followed).
 */
export function LoginModal() {
  const open = useUiStore((s) => s.showLoginModal) === true;
  const setShow = useUiStore((s) => s.setShowLoginModal);
  const headingId = useId();
  const { pathname, search } = useLocation();
  const openedAt = useRef(pathname);

  useEffect(() => {
    if (open) openedAt.current = pathname;
  }, [open, pathname]);

  useEffect(() => {
    if (open && pathname !== openedAt.current) setShow(false);
  }, [open, pathname, setShow]);

  return (
    <Dialog open={open} onClose={() => setShow(false)} labelledBy={headingId}>
      <LoginPanel
        headingId={headingId}
        headingLevel={2}
        returnTo={pathname + search}
        onSignedIn={() => setShow(false)}
      />
    </Dialog>
  );
}
