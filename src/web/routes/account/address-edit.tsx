import { useNavigate, useParams } from 'react-router';
import { ErrorPanel } from '../../components/error-panel';
import { AddressForm, useAddresses } from '../../features/account';
import { PageTitle } from '../../components/section-card';
import { notify } from '../../lib/ui-store';
import { BackToAddresses } from './address-new';

export default function EditAddressPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const addresses = useAddresses();

  if (addresses.isPending) return <p className="text-muted">Loading the address…</p>;
  if (addresses.isError) {
    return (
      <ErrorPanel
        title="We couldn't load the address"
        error={addresses.error}
        onRetry={() => void addresses.refetch()}
        retrying={addresses.isFetching}
      />
    );
  }
  const address = addresses.data.find((a) => a.id === id);
  if (!address) {
    return (
      <>
        <BackToAddresses />
        <PageTitle
          title="Address not found"
          intro="That address is not in your account. It may have been deleted."
        />
      </>
    );
  }

  return (
    <>
      <title>Edit address · Glow at Home</title>
      <BackToAddresses />
      <PageTitle title="Edit address" />
      <div className="rounded-3xl bg-white p-5 shadow-sm sm:p-7">
        <AddressForm
          key={address.id}
          address={address}
          onSaved={() => {
            notify({ type: 'success', title: 'Address saved', message: 'Your changes are saved.' });
            void navigate('/account/addresses');
          }}
          onCancel={() => void navigate('/account/addresses')}
        />
      </div>
    </>
  );
}
