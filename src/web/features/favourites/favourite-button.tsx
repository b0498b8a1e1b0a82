import { useState } from 'react';
import { firstNameOf } from '../../../domain/format';
import { isApiError } from '../../lib/api';
import { useUiStore } from '../../lib/ui-store';
import { useFavourites, useSignedIn, useToggleFavourite } from './api';
import { HeartIcon } from './heart-icon';

interface FavouriteButtonProps {
  therapist: { id: string; name: string };
  className?: string;
}

/**
 * The heart on a therapist's card and profile (decision 0088): a toggle, pressed when they are a
 * favourite. A visitor who is not signed in is asked to sign in (the login modal), as checkout
 * does, rather than shown nothing: the heart is how they learn favourites exist.
 */
export function FavouriteButton({ therapist, className = '' }: FavouriteButtonProps) {
  const first = firstNameOf(therapist.name);
  const signedIn = useSignedIn();
  const favourites = useFavourites(signedIn === true);
  const toggle = useToggleFavourite();
  const askToSignIn = useUiStore((s) => s.setShowLoginModal);
  const [said, setSaid] = useState('');
  // The server's last word on this heart, until a list read after it arrives.
  const [answered, setAnswered] = useState<{ save: boolean; listAt: number } | null>(null);
  const listed = favourites.data?.some((f) => f.id === therapist.id) ?? false;
  const saved = answered && favourites.dataUpdatedAt <= answered.listAt ? answered.save : listed;
  // While the change is on its way the heart already shows it; a failure puts it back.
  const pressed = toggle.isPending ? toggle.variables.save : saved;

  const onClick = () => {
    if (signedIn === false) {
      askToSignIn(true);
      return;
    }
    const save = !pressed;
    const listAt = favourites.dataUpdatedAt;
    setSaid('');
    toggle.mutate(
      { therapistId: therapist.id, save },
      {
        onSuccess: () => {
          setAnswered({ save, listAt });
          setSaid(
            save ? `${first} saved to your favourites.` : `${first} removed from your favourites.`,
          );
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 401) askToSignIn(true);
          else setSaid(`We couldn't change your favourites. Please try again.`);
        },
      },
    );
  };

  return (
    <>
      <button
        type="button"
        aria-pressed={pressed}
        aria-label={pressed ? `Remove ${first} from favourites` : `Save ${first} to favourites`}
        onClick={onClick}
        className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-brand-200 bg-white text-brand-700 transition-colors hover:bg-brand-50 ${className}`}
      >
        <HeartIcon filled={pressed} className="h-6 w-6" />
      </button>
      <span role="status" className="sr-only">
        {said}
      </span>
    </>
  );
}
