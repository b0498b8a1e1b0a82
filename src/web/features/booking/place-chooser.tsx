import { lazy, Suspense } from 'react';
import { useSessionHint } from '../auth';
import { PlaceForm, type PlaceFormProps } from './place-form';

// A visitor types a postcode; a customer who may be signed in gets the form that also offers
// their saved addresses, loaded only then (decision 0054). Until the session is known the plain
// form shows, as the server draws it.
const SignedInPlaceForm = lazy(() => import('./place-form-signed-in'));

export function PlaceChooser(props: Omit<PlaceFormProps, 'addresses'>) {
  const hint = useSessionHint();
  if (hint !== 'full') return <PlaceForm {...props} addresses={[]} />;
  return (
    <Suspense
      fallback={
        <p role="status" className="text-sm text-muted">
          Loading your addresses…
        </p>
      }
    >
      <SignedInPlaceForm {...props} />
    </Suspense>
  );
}
