import { useAddresses } from '../account';
import { useCurrentCustomer } from '../auth';
import { PlaceForm, type PlaceFormProps } from './place-form';

// The place question for someone who may be signed in: their saved addresses to pick from. Loaded
// only when a session is hinted (place-chooser.tsx), so a visitor's steps never download the auth
// client or the account's schemas (decision 0054).

type Props = Omit<PlaceFormProps, 'addresses'>;

const loading = (
  <p role="status" className="text-sm text-muted">
    Loading your addresses…
  </p>
);

function WithAddresses(props: Props) {
  const addresses = useAddresses();
  if (addresses.isPending) return loading;
  // A list that failed to load still leaves the postcode to type: nothing here depends on it.
  return <PlaceForm {...props} addresses={addresses.data ?? []} />;
}

export default function SignedInPlaceForm(props: Props) {
  const { status } = useCurrentCustomer();
  if (status === 'loading') return loading;
  if (status === 'signed-in') return <WithAddresses {...props} />;
  return <PlaceForm {...props} addresses={[]} />;
}
