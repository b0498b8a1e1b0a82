import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { signUpSchema, type SignUpInput } from '../../../domain/account-forms';
import { authClient } from './auth-client';
import { ACCOUNT_MAY_EXIST, describeAuthError } from './auth-errors';
import { callAuth } from './call-auth';
import {
  EmailField,
  FormMessage,
  GenderField,
  NewPasswordField,
  RadioGroup,
  SubmitButton,
  TextField,
} from '../../components/form-fields';
import { asyncHandler } from '../../lib/async-handler';
import { placeFieldErrors } from '../../lib/place-field-errors';
import { completeSignIn, refuseAnotherService } from './session-actions';

type SignUpValues = z.input<typeof signUpSchema>;

const ACCOUNT_TYPE_OPTIONS = [
  { value: 'personal', label: 'Personal', description: 'Treatments for you and your home' },
  { value: 'business', label: 'Business', description: 'Booking for a company or its guests' },
] as const;

const FIELDS: readonly (keyof SignUpInput)[] = [
  'name',
  'email',
  'phoneNumber',
  'password',
  'accountType',
  'gender',
];

interface SignUpFormProps {
  defaultEmail: string;
  /** Where the email-confirmation link should land. */
  verifiedURL: string;
  onSignedIn: () => void;
  onSignIn: (email: string) => void;
  onForgotPassword: (email: string) => void;
}

export function SignUpForm({
  defaultEmail,
  verifiedURL,
  onSignedIn,
  onSignIn,
  onForgotPassword,
}: SignUpFormProps) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues, unknown, SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: {
      name: '',
      email: defaultEmail,
      phoneNumber: '',
      password: '',
      accountType: 'personal',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await callAuth(() =>
      authClient.signUp.email({
        name: values.name,
        email: values.email,
        password: values.password,
        phoneNumber: values.phoneNumber,
        accountType: values.accountType,
        ...(values.gender ? { gender: values.gender } : {}),
        callbackURL: verifiedURL,
        // No session begins here, so "who is signed in" need not be asked again; the sign-in
        // below sends its own signal.
        fetchOptions: { disableSignal: true },
      }),
    );
    if (result.error) {
      const described = describeAuthError('sign-up', result.error);
      if (described.anotherService) {
        await refuseAnotherService(queryClient);
        return;
      }
      const placed = placeFieldErrors(setError, FIELDS, described.fields);
      if (!placed || described.message) setFormError(described.message ?? 'Check the form.');
      return;
    }
    // Sign-up answers the same for a registered email and starts no session (decisions 0050 and
    // 0065): a newcomer signs in with the password just chosen and books at once. If that fails,
    // the email had an account; its owner has been emailed, and the form says what to do next.
    const signedIn = await callAuth(() =>
      authClient.signIn.email({ email: values.email, password: values.password }),
    );
    if (signedIn.error) {
      const described = describeAuthError('sign-in', signedIn.error);
      if (described.anotherService) {
        await refuseAnotherService(queryClient);
        return;
      }
      setFormError(signedIn.error.status === 401 ? ACCOUNT_MAY_EXIST : described.message);
      return;
    }
    if (await completeSignIn(queryClient)) onSignedIn();
  });

  return (
    <form onSubmit={asyncHandler(onSubmit)} noValidate className="space-y-4">
      {formError && (
        // Information, but the answer to pressing "Create account": brought into view as well.
        <FormMessage tone={formError === ACCOUNT_MAY_EXIST ? 'info' : 'error'} reveal>
          <p>{formError}</p>
          {formError === ACCOUNT_MAY_EXIST && (
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 font-semibold">
              <button
                type="button"
                className="underline underline-offset-4"
                onClick={() => onSignIn(getValues('email'))}
              >
                Sign in instead
              </button>
              <button
                type="button"
                className="underline underline-offset-4"
                onClick={() => onForgotPassword(getValues('email'))}
              >
                Reset my password
              </button>
            </p>
          )}
        </FormMessage>
      )}
      <TextField
        label="Full name"
        autoComplete="name"
        registration={register('name')}
        error={errors.name?.message}
      />
      <EmailField registration={register('email')} error={errors.email?.message} />
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        hint="Your therapist calls this number if they need to reach you on the day."
        registration={register('phoneNumber')}
        error={errors.phoneNumber?.message}
      />
      <NewPasswordField
        label="Password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <RadioGroup
        legend="Account type"
        options={ACCOUNT_TYPE_OPTIONS}
        registration={register('accountType')}
        error={errors.accountType?.message}
      />
      <GenderField
        registration={register('gender', {
          setValueAs: (v: string) => (v === '' ? undefined : v),
        })}
        error={errors.gender?.message}
      />
      <p className="text-sm text-muted">
        By creating an account you agree to our{' '}
        <Link to="/terms-of-service" className="font-semibold text-brand-800 underline">
          terms of service
        </Link>{' '}
        and confirm you have read our{' '}
        <Link to="/privacy-policy" className="font-semibold text-brand-800 underline">
          privacy policy
        </Link>
        .
      </p>
      <SubmitButton wide busy={isSubmitting} busyLabel="Creating your account…">
        Create account
      </SubmitButton>
    </form>
  );
}
