import { useState } from 'react';
import { buttonClass } from '../../components/button-styles';
import { authClient } from './auth-client';
import { SOCIAL_LABELS, useAuthProviders, type SocialProvider } from './auth-providers';
import { describeAuthError } from './auth-errors';
import { callAuth } from './call-auth';
import { FormMessage } from '../../components/form-fields';

interface SocialButtonsProps {
  /** Where the provider sends the customer back to once signed in. */
  returnTo: string;
}

/**
 * One button per service this deployment turned on. They only sign in: an account is created
 * here first and the service linked to it from the account page
 * (docs/product.md#accounts-and-sign-in).
 */
export function SocialButtons({ returnTo }: SocialButtonsProps) {
  const providers = useAuthProviders();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const social = providers.data?.social ?? [];
  const oidc = providers.data?.oidc ?? null;
  if (social.length === 0 && !oidc) return null;

  const start = async (provider: SocialProvider | string) => {
    setBusy(provider);
    setError(null);
    // On success the client navigates away to the provider, so busy stays set while it loads.
    const result = await callAuth(() =>
      authClient.signIn.social({ provider, callbackURL: returnTo, errorCallbackURL: '/login' }),
    );
    if (result.error) {
      setError(describeAuthError('sign-in', result.error).message);
      setBusy(null);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-sm text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-brand-100" />
        or
        <span className="h-px flex-1 bg-brand-100" />
      </div>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <ul className="grid gap-2">
        {social.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              className={`${buttonClass('secondary', 'lg')} w-full`}
              disabled={busy !== null}
              onClick={() => void start(provider)}
            >
              Continue with {SOCIAL_LABELS[provider]}
            </button>
          </li>
        ))}
        {oidc && (
          <li>
            <button
              type="button"
              className={`${buttonClass('secondary', 'lg')} w-full`}
              disabled={busy !== null}
              onClick={() => void start(oidc.id)}
            >
              Continue with {oidc.name}
            </button>
          </li>
        )}
      </ul>
      <p className="text-xs text-muted">
        These sign you in to an account you already have here, once linked on your account page.
      </p>
    </div>
  );
}
