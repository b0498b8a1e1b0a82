import { useIsFetching } from '@tanstack/react-query';
import { useNavigation } from 'react-router';

/**
 * A 2px bar across the top while a route or its data loads (docs/product.md#pages). It sits outside
 * the page's landmarks, so it is a polite live region: content of its own, as axe's region rule
 * asks, with nothing to announce (a label, no text).
 */
export function LoadingBar() {
  const navigation = useNavigation();
  const fetching = useIsFetching();
  if (navigation.state === 'idle' && fetching === 0) return null;
  return <div className="loading-bar" role="progressbar" aria-label="Loading" aria-live="polite" />;
}
