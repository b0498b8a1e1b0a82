import { useEffect } from 'react';
import { refreshPush } from './push-device';

/** While someone is signed in, this device's subscription is merge-written once per visit. */
export function usePushRefresh(customerId: string | null): void {
  useEffect(() => {
    if (customerId) void refreshPush();
  }, [customerId]);
}
