import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { professionalSchema } from '../../../contract/professionals';
import { publicApiPaths } from '../../../contract/public-api-paths';
import { firstNameOf } from '../../../domain/format';
import { planRebook, type RebookChoice, type RebookPlan } from '../../../domain/rebook';
import { buttonClass } from '../../components/button-styles';
import { api, isApiError } from '../../lib/api';
import { useCityTreatments, type Treatment } from '../catalogue';
import { rebookChoiceLabel, rebookReasons } from './book-again-words';
import { readStoredPlace } from './booking-place';
import { toCatalogue, useBookingStore } from './booking-store';
import { selectionForCity } from './selection-state';
import { useCityName } from './use-city-name';

interface BookAgainProps {
  booking: {
    id: string;
    city: string;
    therapist: { id: string; name: string; username: string };
    items: readonly { treatmentId: string; name: string }[];
    address: { postcode: string } | null;
  };
}

type Checked = { plan: RebookPlan; movedAway: boolean; treatments: Treatment[] };

/**
 * "Book again" on a past appointment (decision 0088): the same treatments with the same therapist,
 * straight to the date step with them chosen (their free days only, their times first). What
 * stands is checked when pressed, against the catalogue and the therapist's profile as they are
 * now; when it is all the same one tap goes on, else the reasons are said with the closest ways on.
 */
export function BookAgain({ booking }: BookAgainProps) {
  const { city, therapist } = booking;
  const first = firstNameOf(therapist.name);
  const cityName = useCityName(city);
  const catalogue = useCityTreatments(city);
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [failed, setFailed] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  const goOn = (choice: RebookChoice, treatments: readonly Treatment[]) => {
    const store = useBookingStore.getState();
    const byId = new Map(treatments.map((t) => [t.id, t]));
    // The basket becomes exactly this booking's treatments; a referrer and a place chosen stay.
    store.remove(city, selectionForCity(store, city).selectedTreatments, treatments);
    for (const id of choice.treatmentIds) {
      const treatment = byId.get(id);
      if (treatment) store.add(city, treatment);
    }
    if (choice.withTherapist) {
      store.preferTherapist(city, {
        id: therapist.id,
        username: therapist.username,
        name: therapist.name,
      });
    } else {
      store.clearPreferredTherapist();
    }
    // Where it was last time, unless a place is already chosen: the times then are the ones the
    // therapist can reach.
    const place = booking.address && readStoredPlace({ postcode: booking.address.postcode });
    if (place && !selectionForCity(useBookingStore.getState(), city).place)
      store.setPlace(city, place);
    void navigate(`/${city}/select-date`);
  };

  const check = async () => {
    setChecking(true);
    setFailed(false);
    try {
      const treatments =
        catalogue.data ?? (await catalogue.refetch({ throwOnError: true })).data ?? [];
      const profile = await api
        .get(publicApiPaths.professional(therapist.username), { schema: professionalSchema })
        .catch((error: unknown) => {
          // Gone, paused or hidden: the profile's one 404.
          if (isApiError(error) && error.isNotFound) return null;
          throw error;
        });
      const movedAway = profile !== null && profile.area !== city;
      const plan = planRebook(
        booking.items,
        toCatalogue(treatments),
        profile && !movedAway ? { offeredTreatmentIds: profile.treatments.map((t) => t.id) } : null,
      );
      const [only] = plan.choices;
      if (plan.same && only) {
        goOn(only, treatments);
        return;
      }
      setChecked({ plan, movedAway, treatments });
      // The reasons appear below the button: take the reader there.
      requestAnimationFrame(() => panel.current?.focus());
    } catch {
      setFailed(true);
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={buttonClass('secondary')}
        onClick={() => void check()}
        disabled={checking}
        aria-describedby={checked ? `book-again-${booking.id}` : undefined}
      >
        {checking ? 'Checking…' : 'Book again'}
      </button>
      {failed && (
        <p role="alert" className="basis-full text-sm text-red-800">
          We couldn&rsquo;t check this booking just now. Please try again.
        </p>
      )}
      {checked && (
        <div
          ref={panel}
          tabIndex={-1}
          id={`book-again-${booking.id}`}
          className="basis-full rounded-xl bg-brand-50 p-3 text-sm text-brand-950"
        >
          <div role="status">
            {rebookReasons(checked.plan, { first, cityName, movedAway: checked.movedAway }).map(
              (line) => (
                <p key={line} className="font-semibold">
                  {line}
                </p>
              ),
            )}
          </div>
          <div className="mt-2 flex flex-wrap gap-2">
            {checked.plan.choices.map((choice) => (
              <button
                key={String(choice.withTherapist)}
                type="button"
                className={buttonClass(
                  choice === checked.plan.choices[0] ? 'primary' : 'secondary',
                )}
                onClick={() => goOn(choice, checked.treatments)}
              >
                {rebookChoiceLabel(choice, checked.plan, first)}
              </button>
            ))}
            {checked.plan.choices.length === 0 && (
              <button
                type="button"
                className={buttonClass('primary')}
                onClick={() => void navigate(`/${city}/select-treatments`)}
              >
                Choose treatments
              </button>
            )}
          </div>
        </div>
      )}
    </>
  );
}
