import { Link } from 'react-router';
import { CalendarIcon } from '../../components/icons';
import { formatLongDateOfInstant, formatTime } from './booking-format';
import { useCitySelection } from './booking-store';
import { BasketLines } from './booking-summary';
import { TherapistPhoto } from '../../components/therapist-photo';

const changeLink = 'text-sm font-semibold text-brand-800 underline underline-offset-2';

/** The choices so far, before the server has priced them, each with a way to change it. */
export function SelectionSummary({ city }: { city: string }) {
  const { selectedTherapist, selectedTime } = useCitySelection(city);
  return (
    <div className="space-y-4">
      {selectedTherapist && selectedTime && (
        <div className="space-y-3">
          <div className="flex items-center gap-3">
            <TherapistPhoto
              photoUrl={selectedTherapist.photoUrl}
              alt=""
              pixels={48}
              className="h-12 w-12"
            />
            <p className="font-semibold text-ink">{selectedTherapist.name}</p>
          </div>
          <p className="flex items-start gap-2 text-ink">
            <CalendarIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            <span>
              {formatLongDateOfInstant(selectedTime)} at {formatTime(selectedTime)}
            </span>
          </p>
          <Link to={`/${city}/select-therapist`} className={changeLink}>
            Change time<span className="sr-only"> or therapist</span>
          </Link>
        </div>
      )}
      <div>
        <BasketLines city={city} removable={false} />
        <Link to={`/${city}/select-treatments`} className={`${changeLink} mt-2 inline-block`}>
          Change treatments
        </Link>
      </div>
    </div>
  );
}
