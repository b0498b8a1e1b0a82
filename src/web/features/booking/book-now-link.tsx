import { Link, useParams } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { useChosenCity } from '../catalogue';
import { bookNowPath } from './book-now';
import { useBookingStore } from './booking-store';

/** The header's booking button: one destination, the same as the page's own "Book now". */
export function BookNowLink() {
  const { city = null } = useParams();
  const basketCity = useBookingStore((s) =>
    s.selectedTreatments.length > 0 ? s.selectedLocation : null,
  );
  const chosenCity = useChosenCity()?.slug ?? null;
  const to = bookNowPath({ routeCity: city, basketCity, chosenCity });
  return (
    <Link to={to} className={`${buttonClass('secondary')} whitespace-nowrap`}>
      <span className="sm:hidden">Book now</span>
      <span className="hidden sm:inline">Book a treatment</span>
    </Link>
  );
}
