import { Link } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { firstName } from './booking-format';
import { useBookingStore } from './booking-store';

interface BookWithLinkProps {
  therapist: { id: string; username: string; name: string; area: string };
}

/**
 * "Book with {first name}" from outside a profile (the account's favourites): as the profile's own
 * button, a booking in their city with them first, starting at the treatments.
 */
export function BookWithLink({ therapist }: BookWithLinkProps) {
  const preferTherapist = useBookingStore((s) => s.preferTherapist);
  return (
    <Link
      to={`/${therapist.area}/select-treatments`}
      onClick={() =>
        preferTherapist(therapist.area, {
          id: therapist.id,
          username: therapist.username,
          name: therapist.name,
        })
      }
      className={buttonClass('secondary')}
    >
      Book with {firstName(therapist.name)}
    </Link>
  );
}
