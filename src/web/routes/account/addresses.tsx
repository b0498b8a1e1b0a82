import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { ErrorPanel } from '../../components/error-panel';
import { HomeIcon, MapPinIcon } from '../../components/icons';
import {
  type SavedAddress,
  useAddresses,
  useDeleteAddress,
  useMakeDefaultAddress,
} from '../../features/account';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageTitle } from '../../components/section-card';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/ui-store';

const addressName = (a: SavedAddress) => a.label ?? a.line1;

function AddressCard({
  address,
  onDelete,
}: {
  address: SavedAddress;
  onDelete: (address: SavedAddress) => void;
}) {
  const makeDefault = useMakeDefaultAddress();
  const name = addressName(address);

  const setDefault = async () => {
    try {
      await makeDefault.mutateAsync(address.id);
      notify({
        type: 'success',
        title: 'Default address',
        message: `${name} is now your default.`,
      });
    } catch (error) {
      notify({
        type: 'error',
        title: 'Not changed',
        message: isApiError(error) ? error.detail : 'Please try again.',
      });
    }
  };

  return (
    <li className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start gap-3">
        <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
          {address.isDefault ? (
            <HomeIcon className="h-5 w-5" />
          ) : (
            <MapPinIcon className="h-5 w-5" />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold text-ink">{name}</h2>
            {address.isDefault && (
              <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">
                Default
              </span>
            )}
          </div>
          <address className="mt-1 text-sm text-ink not-italic">
            {address.label && <span className="block">{address.line1}</span>}
            {address.line2 && <span className="block">{address.line2}</span>}
            <span className="block">
              {address.town} {address.postcode}
            </span>
          </address>
          {address.instructions && (
            <p className="mt-1 text-sm text-muted">Instructions: {address.instructions}</p>
          )}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          to={`/account/addresses/${encodeURIComponent(address.id)}/edit`}
          className={buttonClass('secondary')}
        >
          Edit<span className="sr-only"> {name}</span>
        </Link>
        {!address.isDefault && (
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void setDefault()}
            disabled={makeDefault.isPending}
          >
            Make default<span className="sr-only"> ({name})</span>
          </button>
        )}
        <button type="button" className={buttonClass('ghost')} onClick={() => onDelete(address)}>
          Delete<span className="sr-only"> {name}</span>
        </button>
      </div>
    </li>
  );
}

export default function AddressesPage() {
  const addresses = useAddresses();
  const remove = useDeleteAddress();
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    const name = addressName(deleting);
    try {
      await remove.mutateAsync(deleting.id);
      notify({ type: 'success', title: 'Address deleted', message: `${name} has been removed.` });
    } catch (error) {
      notify({
        type: 'error',
        title: 'Not deleted',
        message: isApiError(error) ? error.detail : 'Please try again.',
      });
    }
    setDeleting(null);
  };

  return (
    <>
      <title>Addresses · Glow at Home</title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageTitle title="Addresses" intro="Where your therapist comes to you." />
        <Link to="/account/addresses/new" className={buttonClass('primary')}>
          Add an address
        </Link>
      </div>
      {addresses.isPending && <p className="text-muted">Loading your addresses…</p>}
      {addresses.isError && (
        <ErrorPanel
          title="We couldn't load your addresses"
          error={addresses.error}
          onRetry={() => void addresses.refetch()}
          retrying={addresses.isFetching}
        />
      )}
      {addresses.data && addresses.data.length === 0 && (
        <div className="rounded-3xl bg-white p-6 text-center shadow-sm sm:p-10">
          <MapPinIcon className="mx-auto h-10 w-10 text-brand-400" />
          <p className="mt-3 font-semibold text-ink">No saved addresses yet</p>
          <p className="mt-1 text-sm text-muted">
            Save your home or office once and choose it in a tap when you book.
          </p>
        </div>
      )}
      {addresses.data && addresses.data.length > 0 && (
        <ul className="grid gap-4 lg:grid-cols-2">
          {addresses.data.map((address) => (
            <AddressCard key={address.id} address={address} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this address?"
        confirmLabel="Delete address"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting && (
          <p>
            {addressName(deleting)} will be removed from your saved addresses. Appointments already
            booked there are not affected.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
