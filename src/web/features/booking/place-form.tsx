import { useEffect, useRef } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { normalisePostcode } from '../../../domain/postcode';
import { buttonClass } from '../../components/button-styles';
import { RadioGroup, SubmitButton, TextField } from '../../components/form-fields';
import { asyncHandler } from '../../lib/async-handler';
import type { SavedAddress } from '../account';
import type { BookingPlace } from './booking-place';
import { postcodeMessage } from './place-rules';

// The question "where will the treatment be?": a postcode typed in, or, for a customer with saved
// addresses, one of them (its postcode is what the times are checked for). The browser checks the
// postcode's shape; `check` asks the server whether we know and cover its district, so a refusal
// is shown here at the field rather than as an empty step later.

/** The radio for a postcode typed in rather than a saved address. */
const OTHER = 'other';

interface Values {
  choice: string;
  postcode: string;
}

const resolver: Resolver<Values> = (values) => {
  const message = values.choice === OTHER ? postcodeMessage(values.postcode) : null;
  if (!message) return { values, errors: {} };
  const errors: FieldErrors<Values> = { postcode: { type: 'validate', message } };
  return { values: {}, errors };
};

/** Which radio starts checked: the current place's address, one with its postcode, the default. */
function initialChoice(addresses: readonly SavedAddress[], current: BookingPlace | null): string {
  const byId = current?.addressId && addresses.find((a) => a.id === current.addressId);
  if (byId) return byId.id;
  if (current) {
    const same = addresses.find((a) => normalisePostcode(a.postcode) === current.postcode);
    return same?.id ?? OTHER;
  }
  return (addresses.find((a) => a.isDefault) ?? addresses[0])?.id ?? OTHER;
}

export interface PlaceFormProps {
  current: BookingPlace | null;
  /** The customer's saved addresses; none for a visitor. */
  addresses: readonly SavedAddress[];
  /** The server's refusal of the current place (an unknown or uncovered district), if any. */
  problem: string | null;
  /** Asks the server about a postcode: its refusal in words, or null when it will do. */
  check: (postcode: string) => Promise<string | null>;
  onDone: (place: BookingPlace) => void;
  onCancel?: (() => void) | undefined;
  /** Opened by the customer ("Change"): focus goes to the first control. */
  autoFocus?: boolean | undefined;
}

export function PlaceForm({
  current,
  addresses,
  problem,
  check,
  onDone,
  onCancel,
  autoFocus = false,
}: PlaceFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const choice0 = initialChoice(addresses, current);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver,
    defaultValues: {
      choice: choice0,
      postcode: choice0 === OTHER ? (current?.postcode ?? '') : '',
    },
  });
  const choice = useWatch({ control, name: 'choice' });
  const typing = addresses.length === 0 || choice === OTHER;

  // A refusal of the place already chosen (the step's answer) belongs to the field showing it.
  useEffect(() => {
    if (problem) setError(choice0 === OTHER ? 'postcode' : 'choice', { message: problem });
  }, [problem, choice0, setError]);

  useEffect(() => {
    if (!autoFocus) return;
    formRef.current
      ?.querySelector<HTMLInputElement>('input[type="radio"]:checked, input[type="text"]')
      ?.focus();
  }, [autoFocus]);

  const onSubmit = handleSubmit(async (values) => {
    const address = addresses.find((a) => a.id === values.choice);
    const place: BookingPlace =
      address && !typing
        ? { postcode: normalisePostcode(address.postcode), addressId: address.id }
        : { postcode: normalisePostcode(values.postcode), addressId: null };
    const refusal = await check(place.postcode);
    if (refusal) {
      setError(
        place.addressId ? 'choice' : 'postcode',
        { message: refusal },
        { shouldFocus: true },
      );
      return;
    }
    onDone(place);
  });

  return (
    <form ref={formRef} noValidate onSubmit={asyncHandler(onSubmit)} className="space-y-4">
      {addresses.length > 0 && (
        <RadioGroup
          legend="Address"
          registration={register('choice')}
          error={errors.choice?.message}
          options={[
            ...addresses.map((a) => ({ value: a.id, label: `${a.line1}, ${a.postcode}` })),
            { value: OTHER, label: 'Another postcode' },
          ]}
        />
      )}
      {/* Beside the button on a wider screen: one line to answer, like a search box. */}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {typing && (
          <div className="sm:w-72">
            <TextField
              label="Postcode"
              autoComplete="postal-code"
              autoCapitalize="characters"
              spellCheck={false}
              registration={register('postcode')}
              error={errors.postcode?.message}
            />
          </div>
        )}
        {/* Level with the input's middle, below its label. */}
        <div className={`flex flex-col gap-3 sm:flex-row ${typing ? 'sm:mt-7' : ''}`}>
          <SubmitButton busy={isSubmitting} busyLabel="Checking…">
            {typing ? 'Use this postcode' : 'Choose this address'}
          </SubmitButton>
          {onCancel && (
            <button type="button" className={buttonClass('ghost')} onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
