import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { passwordSchema } from '../../../domain/account-forms';
import { authClient, beginSessionChangeHere, callAuth, describeAuthError } from '../auth';
import {
  FormMessage,
  NewPasswordField,
  PasswordField,
  SubmitButton,
} from '../../components/form-fields';
import { asyncHandler } from '../../lib/async-handler';
import { placeFieldErrors } from '../../lib/place-field-errors';

const schema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: "The two new passwords don't match",
  });
type Values = z.input<typeof schema>;
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** Changing the password signs out every other device, in case the old one was known. */
export function ChangePasswordForm() {
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setOutcome(null);
    // Revoking the other sessions replaces this one too: the live channel must wait for the new
    // cookie before asking whether the tab is signed in.
    const changed = beginSessionChangeHere();
    const result = await callAuth(() =>
      authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }),
    ).finally(changed);
    if (!result.error) {
      reset();
      setOutcome({
        tone: 'success',
        text: 'Password changed. Any other device signed in to your account has been signed out.',
      });
      return;
    }
    const described = describeAuthError('change-password', result.error);
    placeFieldErrors(setError, FIELDS, described.fields);
    if (described.message) setOutcome({ tone: 'error', text: described.message });
  });

  return (
    <form onSubmit={asyncHandler(onSubmit)} noValidate className="space-y-4">
      {outcome && <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage>}
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        registration={register('currentPassword')}
        error={errors.currentPassword?.message}
      />
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
      <div className="flex justify-end">
        <SubmitButton busy={isSubmitting} busyLabel="Changing…">
          Change password
        </SubmitButton>
      </div>
    </form>
  );
}
