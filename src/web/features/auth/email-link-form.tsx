import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailSchema } from '../../../domain/account-forms';
import { authClient } from './auth-client';
import { describeAuthError, MAGIC_LINK_SENT, RESET_LINK_SENT } from './auth-errors';
import { callAuth } from './call-auth';
import { EmailField, FormMessage, SubmitButton } from '../../components/form-fields';
import { asyncHandler } from '../../lib/async-handler';

export const PASSWORD_RESET_PATH = '/authorisation/password-reset';

const schema = z.object({ email: emailSchema });
type Values = z.input<typeof schema>;

interface EmailLinkFormProps {
  kind: 'magic-link' | 'forgot-password';
  defaultEmail: string;
  /** Where the sign-in link lands once used. */
  returnTo: string;
}

/**
 * Asks for a sign-in link or a password-reset link. The answer is the same whether or not the
 * email has an account here, so the form cannot be used to find out who our customers are.
 */
export function EmailLinkForm({ kind, defaultEmail, returnTo }: EmailLinkFormProps) {
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setOutcome(null);
    const result = await callAuth(() =>
      kind === 'magic-link'
        ? authClient.signIn.magicLink({ email, callbackURL: returnTo, errorCallbackURL: '/login' })
        : authClient.requestPasswordReset({ email, redirectTo: PASSWORD_RESET_PATH }),
    );
    const sent = kind === 'magic-link' ? MAGIC_LINK_SENT : RESET_LINK_SENT;
    if (!result.error) {
      setOutcome({ tone: 'success', text: sent });
      return;
    }
    const text = describeAuthError(kind, result.error).message ?? sent;
    setOutcome({ tone: text === sent ? 'success' : 'error', text });
  });

  return (
    <form onSubmit={asyncHandler(onSubmit)} noValidate className="space-y-4">
      {outcome && <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage>}
      <EmailField registration={register('email')} error={errors.email?.message} />
      <SubmitButton wide busy={isSubmitting} busyLabel="Sending…">
        {kind === 'magic-link' ? 'Email me a sign-in link' : 'Email me a reset link'}
      </SubmitButton>
    </form>
  );
}
