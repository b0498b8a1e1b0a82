import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { profileSchema, type ProfileInput } from '../../../domain/account-forms';
import { isApiError } from '../../lib/api';
import { asyncHandler } from '../../lib/async-handler';
import { notify } from '../../lib/ui-store';
import { FormMessage, GenderField, SubmitButton, TextField } from '../../components/form-fields';
import { placeFieldErrors } from '../../lib/place-field-errors';
import { useUpdateProfile } from './api';
import type { Me } from './types';

type Values = z.input<typeof profileSchema>;
const FIELDS = ['name', 'phoneNumber', 'gender'] as const;

const ACCOUNT_TYPE_LABEL = { personal: 'Personal', business: 'Business' } as const;
const ARRANGEMENT_LABEL = { card: 'Card', invoice: 'Invoice' } as const;

function ReadOnly({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-ink">{label}</dt>
      <dd className="mt-1 text-ink">
        <span className="block">{value}</span>
        {note && <span className="mt-0.5 block text-sm text-muted">{note}</span>}
      </dd>
    </div>
  );
}

export function ProfileForm({ me }: { me: Me }) {
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Values, unknown, ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: me.name, phoneNumber: me.phoneNumber ?? '', gender: me.gender },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(values);
      reset({ name: saved.name, phoneNumber: saved.phoneNumber ?? '', gender: saved.gender });
      notify({ type: 'success', title: 'Profile saved', message: 'Your details are up to date.' });
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (!placeFieldErrors(setError, FIELDS, error.fieldErrors())) setFormError(error.detail);
    }
  });

  return (
    <div className="space-y-6">
      <dl className="grid gap-4 rounded-2xl bg-blush p-4 sm:grid-cols-2">
        <ReadOnly label="Email" value={me.email} />
        <ReadOnly
          label="Account type"
          value={ACCOUNT_TYPE_LABEL[me.accountType]}
          note="Chosen when the account was created. Contact us to change it."
        />
        {me.accountType === 'business' && (
          <ReadOnly
            label="Payment arrangement"
            value={me.businessPayment ? ARRANGEMENT_LABEL[me.businessPayment.arrangement] : 'Card'}
            note={
              me.businessPayment?.arrangement === 'invoice'
                ? 'Bookings are confirmed straight away and invoiced to your company.'
                : 'Bookings are paid by card when you confirm them.'
            }
          />
        )}
      </dl>

      <form onSubmit={asyncHandler(onSubmit)} noValidate className="space-y-4">
        {formError && <FormMessage tone="error">{formError}</FormMessage>}
        <TextField
          label="Full name"
          autoComplete="name"
          registration={register('name')}
          error={errors.name?.message}
        />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          registration={register('phoneNumber')}
          error={errors.phoneNumber?.message}
        />
        <GenderField
          registration={register('gender', {
            setValueAs: (v: string | null) => (v === '' || v === null ? null : v),
          })}
          error={errors.gender?.message}
        />
        <div className="flex justify-end">
          <SubmitButton busy={isSubmitting} busyLabel="Saving…" disabled={!isDirty}>
            Save details
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
