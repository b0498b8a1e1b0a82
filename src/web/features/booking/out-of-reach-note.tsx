import { MapPinIcon } from '../../components/icons';
import { outOfReachSentence } from './travel-words';

/** Below the therapists of a day: how many more are free but cannot get to the postcode. */
export function OutOfReachNote({
  count,
  district,
  othersListed,
}: {
  count: number;
  district: string;
  othersListed: boolean;
}) {
  const sentence = outOfReachSentence(count, district, othersListed);
  if (!sentence) return null;
  return (
    <p className="mt-4 flex items-start gap-2 text-sm text-muted">
      <MapPinIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
      <span>{sentence}</span>
    </p>
  );
}
