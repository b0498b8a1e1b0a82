import { useId, useLayoutEffect, useRef, useState } from 'react';
import { ErrorPanel } from '../../components/error-panel';
import { FieldError } from '../../components/form-fields';
import { InfoIcon } from '../../components/icons';
import { AddressForm, useAddresses } from '../account';
import { addressLine } from './booking-format';
import { PlusIcon } from './booking-icons';
import type { BookingPlace } from './booking-place';
import { preferredAddressId } from './place-rules';
import { addressCheckNote } from './travel-words';

interface AddressChooserProps {
  /** Where the times were checked for: its address comes first, its postcode starts a new one. */
  place: BookingPlace | null;
  value: string | null;
  onChange: (addressId: string) => void;
  /** A new address was saved and chosen: the form is gone, so the caller moves focus on. */
  onAddressSaved?: () => void;
  disabled?: boolean;
  /** Why the chosen address cannot be used (the server's words), shown on the field. */
  error?: string | null;
}

/**
 * Where the therapist should come: a saved address, or a new one added here (and saved to the
 * account, so it is there next time). Uses the account pages' own form and rules.
 */
export function AddressChooser({
  place,
  value,
  onChange,
  onAddressSaved,
  disabled = false,
  error = null,
}: AddressChooserProps) {
  const addresses = useAddresses();
  const [adding, setAdding] = useState(false);
  const legendId = useId();
  const errorId = useId();
  const list = addresses.data ?? [];
  const selected = value ?? preferredAddressId(list, place);
  const selectedAddress = list.find((a) => a.id === selected);
  const checkNote = selectedAddress ? addressCheckNote(selectedAddress.postcode, place) : null;

  // "Saved" is announced once the list that replaces the form is on the page: the caller scrolls
  // to the next step then, and the form's height leaving afterwards can no longer move that step
  // back under the sticky bars (the list's refetch renders after the save resolves).
  const savedId = useRef<string | null>(null);
  useLayoutEffect(() => {
    const id = savedId.current;
    if (id === null || adding || !addresses.data?.some((a) => a.id === id)) return;
    savedId.current = null;
    onAddressSaved?.();
  }, [addresses.data, adding, onAddressSaved]);

  if (addresses.isPending) {
    return (
      <p role="status" className="text-sm text-muted">
        Loading your addresses…
      </p>
    );
  }
  if (addresses.isError) {
    return (
      <ErrorPanel
        title="We couldn't load your addresses"
        error={addresses.error}
        onRetry={() => void addresses.refetch()}
        retrying={addresses.isFetching}
      />
    );
  }

  const form = (
    <AddressForm
      submitLabel="Use this address"
      showDefaultOption={list.length > 0}
      initialPostcode={place?.postcode}
      onCancel={list.length > 0 ? () => setAdding(false) : undefined}
      onSaved={(saved) => {
        savedId.current = saved.id;
        setAdding(false);
        onChange(saved.id);
      }}
    />
  );

  if (list.length === 0) {
    return (
      <div>
        <p className="mb-4 text-sm text-muted">
          Add the address where you&rsquo;d like your treatment.
        </p>
        {form}
      </div>
    );
  }

  return (
    <fieldset aria-labelledby={legendId} disabled={disabled}>
      <legend id={legendId} className="sr-only">
        Your address
      </legend>
      <div className="space-y-2">
        {list.map((address) => (
          <label
            key={address.id}
            className={`flex min-h-12 cursor-pointer items-start gap-3 rounded-xl border p-3 ${
              selected === address.id ? 'border-brand-500 bg-brand-50' : 'border-brand-100 bg-white'
            }`}
          >
            <input
              type="radio"
              name="booking-address"
              className="mt-0.5 h-5 w-5 accent-brand-700"
              checked={selected === address.id}
              aria-invalid={error !== null && selected === address.id ? true : undefined}
              aria-describedby={error !== null && selected === address.id ? errorId : undefined}
              onChange={() => onChange(address.id)}
            />
            <span className="min-w-0">
              {address.label && <span className="block font-medium text-ink">{address.label}</span>}
              <span className={`block ${address.label ? 'text-sm text-muted' : 'text-ink'}`}>
                {addressLine(address)}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error ?? undefined} />
      {/* Polite: said when the customer picks another address, not over what they are doing. */}
      <p role="status" className="mt-3 text-sm text-muted empty:hidden">
        {checkNote && (
          <span className="flex items-start gap-2">
            <InfoIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
            <span>{checkNote}</span>
          </span>
        )}
      </p>
      {adding ? (
        <div className="mt-4 rounded-2xl border border-brand-100 bg-white p-4">
          <h3 className="mb-3 font-semibold text-ink">New address</h3>
          {form}
        </div>
      ) : (
        <button
          type="button"
          className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-full px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          onClick={() => setAdding(true)}
        >
          <PlusIcon className="h-4 w-4" />
          Add a new address
        </button>
      )}
    </fieldset>
  );
}

/** The address the chooser shows as selected when the customer has not picked one. */
export function usePreferredAddressId(place: BookingPlace | null): string | null {
  const addresses = useAddresses();
  return preferredAddressId(addresses.data ?? [], place);
}
