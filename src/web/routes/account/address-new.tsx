import { Link, useNavigate } from 'react-router';
import { ArrowLeftIcon } from '../../components/icons';
import { AddressForm } from '../../features/account';
import { PageTitle } from '../../components/section-card';
import { notify } from '../../lib/ui-store';

export function BackToAddresses() {
  return (
    <Link
      to="/account/addresses"
      className="mb-4 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-800 hover:text-brand-950"
    >
      <ArrowLeftIcon className="h-4 w-4" />
      All addresses
    </Link>
  );
}

export default function NewAddressPage() {
  const navigate = useNavigate();
  return (
    <>
      <title>Add an address · Glow at Home</title>
      <BackToAddresses />
      <PageTitle title="Add an address" intro="A UK address where you'd like your treatments." />
      <div className="rounded-3xl bg-white p-5 shadow-sm sm:p-7">
        <AddressForm
          onSaved={(saved) => {
            notify({
              type: 'success',
              title: 'Address saved',
              message: `${saved.label ?? saved.line1} is ready to choose when you book.`,
            });
            void navigate('/account/addresses');
          }}
          onCancel={() => void navigate('/account/addresses')}
        />
      </div>
    </>
  );
}
