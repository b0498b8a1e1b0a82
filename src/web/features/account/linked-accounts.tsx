import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonClass } from '../../components/button-styles';
import { CheckCircleIcon } from '../../components/icons';
import {
  authClient,
  callAuth,
  describeAuthError,
  SOCIAL_LABELS,
  type SocialProvider,
  useAuthProviders,
} from '../auth';
import { FormMessage } from '../../components/form-fields';
import { accountKeys } from '../../lib/query-keys';

export interface LinkedAccount {
  id: string;
  providerId: string;
}

/** The ways this customer can sign in: 'credential' is their password, the rest are services. */
export function useLinkedAccounts() {
  return useQuery({
    queryKey: accountKeys.linkedAccounts,
    queryFn: async (): Promise<LinkedAccount[]> => {
      const result = await callAuth(() => authClient.listAccounts());
      if (result.error)
        throw new Error(describeAuthError('account-link', result.error).message ?? '');
      return result.data.map((a) => ({ id: a.id, providerId: a.providerId }));
    },
  });
}

const RETURN_TO = '/account';

export function LinkedAccounts() {
  const providers = useAuthProviders();
  const linked = useLinkedAccounts();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const available: { id: string; name: string }[] = [
    ...(providers.data?.social ?? []).map((p: SocialProvider) => ({
      id: p,
      name: SOCIAL_LABELS[p],
    })),
    ...(providers.data?.oidc ? [providers.data.oidc] : []),
  ];

  if (providers.isPending || linked.isPending) {
    return <p className="text-sm text-muted">Loading…</p>;
  }
  if (available.length === 0) {
    return (
      <p className="text-sm text-muted">
        You sign in with your email and password. No other sign-in services are offered yet.
      </p>
    );
  }

  const link = async (provider: string) => {
    setBusy(provider);
    setMessage(null);
    // Success leaves the page for the provider, which sends the customer back to /account.
    const result = await callAuth(() =>
      authClient.linkSocial({ provider, callbackURL: RETURN_TO, errorCallbackURL: RETURN_TO }),
    );
    if (result.error) {
      setMessage({
        tone: 'error',
        text: describeAuthError('account-link', result.error).message ?? '',
      });
      setBusy(null);
    }
  };

  const unlink = async (account: LinkedAccount, name: string) => {
    setBusy(account.providerId);
    setMessage(null);
    const result = await callAuth(() => authClient.unlinkAccount({ accountId: account.id }));
    setBusy(null);
    if (result.error) {
      setMessage({
        tone: 'error',
        text: describeAuthError('account-link', result.error).message ?? '',
      });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: accountKeys.linkedAccounts });
    setMessage({ tone: 'success', text: `${name} is no longer linked to your account.` });
  };

  return (
    <div className="space-y-4">
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <ul className="divide-y divide-brand-100 rounded-2xl border border-brand-100">
        {available.map((provider) => {
          const account = linked.data?.find((a) => a.providerId === provider.id);
          return (
            <li key={provider.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div>
                <p className="font-semibold text-ink">{provider.name}</p>
                <p className="flex items-center gap-1.5 text-sm text-muted">
                  {account ? (
                    <>
                      <CheckCircleIcon className="h-4 w-4 text-emerald-700" /> Linked: you can sign
                      in with {provider.name}
                    </>
                  ) : (
                    'Not linked'
                  )}
                </p>
              </div>
              {account ? (
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  disabled={busy !== null}
                  onClick={() => void unlink(account, provider.name)}
                >
                  Unlink<span className="sr-only"> {provider.name}</span>
                </button>
              ) : (
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  disabled={busy !== null}
                  onClick={() => void link(provider.id)}
                >
                  Link {provider.name}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
