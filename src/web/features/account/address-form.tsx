import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { addressSchema, type AddressInput } from '../../../domain/account-forms';
import { buttonClass } from '../../components/button-styles';
import { isApiError } from '../../lib/api';
import { asyncHandler } from '../../lib/async-handler';
import { FormMessage, SubmitButton, TextField } from '../../components/form-fields';
import { placeFieldErrors } from '../../lib/place-field-errors';
import { useSaveAddress } from './api';
import type { SavedAddress } from './types';

interface FormValues {
  label: string;
  line1: string;
  line2: string;
  town: string;
  postcode: string;
  instructions: string;
  isDefault: boolean;
}

const FIELDS: readonly (keyof FormValues)[] = [
  'label',
  'line1',
  'line2',
  'town',
  'postcode',
  'instructions',
  'isDefault',
];
const isField = (name: string): name is keyof FormValues =>
  (FIELDS as readonly string[]).includes(name);

const blankToNull = (value: string) => (value.trim() === '' ? null : value);

function toInput(values: FormValues): AddressInput {
  return {
    label: blankToNull(values.label),
    line1: values.line1,
    line2: blankToNull(values.line2),
    town: values.town,
    postcode: values.postcode,
    instructions: blankToNull(values.instructions),
    isDefault: values.isDefault,
  };
}

// The schema judges the values as they will be sent (blank optional fields as null), so the
// browser and the server agree on every message.
const formResolver: Resolver<FormValues> = async (values) => {
  const parsed = addressSchema.safeParse(toInput(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<FormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    if (isField(field) && !errors[field]) {
      errors[field] = { type: issue.code, message: issue.message };
    }
  }
  return { values: {}, errors };
};

interface AddressFormProps {
  /** The address to edit; a new one is added when absent. */
  address?: SavedAddress;
  onSaved: (address: SavedAddress) => void;
  onCancel?: () => void;
  submitLabel?: string;
  /** Offer "make this my default address" (hidden where the choice makes no sense). */
  showDefaultOption?: boolean;
  /** A new address's postcode to start with: the one a booking's times were checked for. */
  initialPostcode?: string | undefined;
}

/**
 * Adds or edits a saved address. Exported for the booking screens too, where a customer adds an
 * address while confirming a booking.
 */
export function AddressForm({
  address,
  onSaved,
  onCancel,
  submitLabel,
  showDefaultOption = true,
  initialPostcode,
}: AddressFormProps) {
  const save = useSaveAddress();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: formResolver,
    defaultValues: {
      label: address?.label ?? '',
      line1: address?.line1 ?? '',
      line2: address?.line2 ?? '',
      town: address?.town ?? '',
      postcode: address?.postcode ?? initialPostcode ?? '',
      instructions: address?.instructions ?? '',
      isDefault: address?.isDefault ?? false,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ id: address?.id, input: toInput(values) });
      onSaved(saved);
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (!placeFieldErrors(setError, FIELDS, error.fieldErrors())) setFormError(error.detail);
    }
  });

  return (
    <form onSubmit={asyncHandler(onSubmit)} noValidate className="space-y-4">
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <TextField
        label="Label"
        labelNote="optional"
        hint="Home, Work, Mum's… whatever helps you choose it later."
        autoComplete="off"
        registration={register('label')}
        error={errors.label?.message}
      />
      <TextField
        label="Address line 1"
        autoComplete="address-line1"
        registration={register('line1')}
        error={errors.line1?.message}
      />
      <TextField
        label="Address line 2"
        labelNote="optional"
        autoComplete="address-line2"
        registration={register('line2')}
        error={errors.line2?.message}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Town or city"
          autoComplete="address-level2"
          registration={register('town')}
          error={errors.town?.message}
        />
        <TextField
          label="Postcode"
          autoComplete="postal-code"
          autoCapitalize="characters"
          registration={register('postcode')}
          error={errors.postcode?.message}
        />
      </div>
      <TextField
        label="Instructions for your therapist"
        labelNote="optional"
        hint="Parking, door codes, the dog's name."
        registration={register('instructions')}
        error={errors.instructions?.message}
      />
      {showDefaultOption && !address?.isDefault && (
        <label className="flex items-center gap-3 text-sm font-medium text-ink">
          <input type="checkbox" className="h-5 w-5 accent-brand-700" {...register('isDefault')} />
          Make this my default address
        </label>
      )}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <button type="button" className={buttonClass('ghost')} onClick={onCancel}>
            Cancel
          </button>
        )}
        <SubmitButton busy={isSubmitting} busyLabel="Saving…">
          {submitLabel ?? (address ? 'Save changes' : 'Save address')}
        </SubmitButton>
      </div>
    </form>
  );
}
