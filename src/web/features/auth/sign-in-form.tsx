import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailSchema } from '../../../domain/account-forms';
import { ANOTHER_SERVICE } from '../../../domain/auth-messages';
import { authClient } from './auth-client';
import { describeAuthError } from './auth-errors';
import { callAuth } from './call-auth';
import { EmailField, FormMessage, PasswordField, SubmitButton } from '../../components/form-fields';
import { asyncHandler } from '../../lib/async-handler';
import { completeSignIn, refuseAnotherService } from './session-actions';

const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password'),
});
type SignInValues = z.input<typeof signInSchema>;

interface SignInFormProps {
  defaultEmail: string;
  onSignedIn: () => void;
  onForgotPassword: (email: string) => void;
  onMagicLink: (email: string) => void;
}

export function SignInForm({
  defaultEmail,
  onSignedIn,
  onForgotPassword,
  onMagicLink,
}: SignInFormProps) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  // A refused password sign-in is no dead end: an emailed link still works (decision 0065).
  const [offersEmailLink, setOffersEmailLink] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues, unknown, z.output<typeof signInSchema>>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFormError(null);
    setOffersEmailLink(false);
    const result = await callAuth(() => authClient.signIn.email({ email, password }));
    if (result.error) {
      const described = describeAuthError('sign-in', result.error);
      if (described.anotherService) {
        // Said here as well as in the toast: inside the modal the toast sits behind the backdrop.
        setFormError(`${ANOTHER_SERVICE.title}: ${ANOTHER_SERVICE.message}`);
        await refuseAnotherService(queryClient);
        return;
      }
      setFormError(described.message);
      setOffersEmailLink(described.offersEmailLink === true);
      return;
    }
    if (await completeSignIn(queryClient)) onSignedIn();
  });

  return (
    <form onSubmit={asyncHandler(onSubmit)} noValidate className="space-y-4">
      {formError && (
        <FormMessage tone="error">
          <p>{formError}</p>
          {offersEmailLink && (
            <p className="mt-2 font-semibold">
              <button
                type="button"
                className="underline underline-offset-4"
                onClick={() => onMagicLink(getValues('email'))}
              >
                Send me a sign-in link instead
              </button>
            </p>
          )}
        </FormMessage>
      )}
      <EmailField registration={register('email')} error={errors.email?.message} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <div className="flex flex-wrap justify-between gap-x-4 gap-y-2 text-sm">
        <button
          type="button"
          className="rounded font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-950"
          onClick={() => onForgotPassword(getValues('email'))}
        >
          Forgot your password?
        </button>
        <button
          type="button"
          className="rounded font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-950"
          onClick={() => onMagicLink(getValues('email'))}
        >
          Email me a sign-in link
        </button>
      </div>
      <SubmitButton wide busy={isSubmitting} busyLabel="Signing in…">
        Sign in
      </SubmitButton>
    </form>
  );
}
