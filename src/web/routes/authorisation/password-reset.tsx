import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { passwordSchema } from '../../../domain/account-forms';
import { buttonClass } from '../../components/button-styles';
import {
  authClient,
  callAuth,
  describeAuthError,
  EmailLinkForm,
  LINK_EXPIRED,
} from '../../features/auth';
import {
  FormMessage,
  NewPasswordField,
  PasswordField,
  SubmitButton,
} from '../../components/form-fields';
import { asyncHandler } from '../../lib/async-handler';
import { placeFieldErrors } from '../../lib/place-field-errors';

const schema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: "The two passwords don't match",
  });
type Values = z.input<typeof schema>;

type Stage = 'form' | 'done' | 'expired';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:px-6 md:py-16">
      <title>{`${title} · Glow at Home`}</title>
      <div className="rounded-3xl bg-white p-5 shadow-sm sm:p-8">
        <h1 className="font-display text-3xl font-semibold text-ink">{title}</h1>
        <div className="mt-4">{children}</div>
      </div>
    </div>
  );
}

function NewPasswordForm({
  token,
  onDone,
  onExpired,
}: {
  token: string;
  onDone: () => void;
  onExpired: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFormError(null);
    const result = await callAuth(() => authClient.resetPassword({ newPassword, token }));
    if (!result.error) {
      onDone();
      return;
    }
    const code = result.error.code;
    if (code === 'INVALID_TOKEN' || code === 'TOKEN_EXPIRED' || code === 'USER_NOT_FOUND') {
      onExpired();
      return;
    }
    const described = describeAuthError('reset-password', result.error);
    if (!placeFieldErrors(setError, ['newPassword'], described.fields)) {
      setFormError(described.message);
    }
  });

  return (
    <form onSubmit={asyncHandler(onSubmit)} noValidate className="space-y-4">
      <p className="text-muted">Choose a new password for your Glow at Home account.</p>
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <NewPasswordField
        registration={register('newPassword')}
        error={errors.newPassword?.message}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        registration={register('confirmPassword')}
        error={errors.confirmPassword?.message}
      />
      <SubmitButton wide busy={isSubmitting} busyLabel="Saving…">
        Set new password
      </SubmitButton>
    </form>
  );
}

/**
 * Where the reset email's link lands (default layout, docs/product.md#pages). better-auth checks
 * the token on the way here and adds ?token= or ?error=INVALID_TOKEN.
 */
export default function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [stage, setStage] = useState<Stage>(() =>
    token && !params.get('error') ? 'form' : 'expired',
  );

  if (stage === 'done') {
    return (
      <Frame title="Password changed">
        <FormMessage tone="success">
          Your password has been changed, and any device that was signed in has been signed out.
        </FormMessage>
        <Link to="/login" className={`${buttonClass('primary', 'lg')} mt-6 w-full`}>
          Sign in with your new password
        </Link>
      </Frame>
    );
  }

  if (stage === 'expired' || !token) {
    return (
      <Frame title="Link expired">
        <FormMessage tone="error">{LINK_EXPIRED}</FormMessage>
        <h2 className="mt-6 font-semibold text-ink">Request another link</h2>
        <div className="mt-3">
          <EmailLinkForm kind="forgot-password" defaultEmail="" returnTo="/account" />
        </div>
        <p className="mt-6 text-sm">
          Remembered it?{' '}
          <Link to="/login" className="font-semibold text-brand-800 underline underline-offset-4">
            Sign in
          </Link>
        </p>
      </Frame>
    );
  }

  return (
    <Frame title="Choose a new password">
      <NewPasswordForm
        token={token}
        onDone={() => setStage('done')}
        onExpired={() => setStage('expired')}
      />
    </Frame>
  );
}
