import { useMemo } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button-styles';
import { firstNameOf } from '../../../domain/format';
import { useCityTreatments } from '../catalogue';
import type { NoDatesAnswer } from './api';
import { useCitySelection } from './booking-store';
import { noDatesWords } from './no-dates-words';
import { useCityName } from './use-city-name';
import { JoinWaitlist } from '../waitlist';

/**
 * Why no day can be chosen, at the step where it applies, with the way forward: add to the basket
 * or change it; "Book with anyone" is the chosen therapist's note's, above (docs/decisions/0080).
 */
export function NoDatesPanel({
  city,
  why,
  ofPreferred,
}: {
  city: string;
  why: NoDatesAnswer;
  /** The search was for the chosen therapist's days alone: the words name them. */
  ofPreferred: boolean;
}) {
  const { selectedTreatments, preferredTherapist, place } = useCitySelection(city);
  const cityName = useCityName(city);
  const menu = useCityTreatments(city).data;
  const words = useMemo(() => {
    const byId = new Map((menu ?? []).map((t) => [t.id, t]));
    return noDatesWords({
      why,
      mainIds: selectedTreatments.filter((id) => byId.get(id)?.isAddOn !== true),
      names: new Map((menu ?? []).map((t) => [t.id, t.name])),
      categories: new Map((menu ?? []).map((t) => [t.id, t.category])),
      menuOrder: (menu ?? []).map((t) => t.id),
      cityName,
      therapist: ofPreferred && preferredTherapist ? firstNameOf(preferredTherapist.name) : null,
      postcode: place?.postcode ?? null,
    });
  }, [why, menu, selectedTreatments, cityName, ofPreferred, preferredTherapist, place]);
  const treatmentsPath = `/${city}/select-treatments`;

  return (
    <div className="mb-6 rounded-2xl bg-white p-6 shadow-sm" role="status">
      <p className="font-semibold text-ink">{words.title}</p>
      {words.detail && <p className="mt-1 text-muted">{words.detail}</p>}
      <div className="mt-4 flex flex-wrap gap-3">
        {words.action === 'add-treatments' ? (
          <Link to={treatmentsPath} className={buttonClass('primary')}>
            Add treatments
          </Link>
        ) : (
          <Link to={treatmentsPath} className={buttonClass('secondary')}>
            Change treatments
          </Link>
        )}
      </div>
      <div className="mt-4">
        <JoinWaitlist
          city={city}
          treatmentIds={selectedTreatments}
          therapist={ofPreferred ? preferredTherapist : null}
          date={null}
          prompt="Or wait for a time to open:"
        />
      </div>
    </div>
  );
}
