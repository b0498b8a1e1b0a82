import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { UK_TIME_ZONE } from '../../../domain/constants';
import { ukDateOf } from '../../../domain/uk-time';
import { WAITLIST_MAX_RANGE_DAYS } from '../../../domain/waitlist';
import { buttonClass } from '../../components/button-styles';
import { FieldError, inputClass } from '../../components/form-fields';
import { isApiError } from '../../lib/api';
import { useAddresses } from '../account';
import { useMe } from '../auth';
import { useJoinWaitlist, useWaitlistOfferMinutes } from './api';

// "Join the waitlist" where no day or time suits (docs/decisions/0089): prefilled from the
// booking's selection, with the days, the times of day and the address the time is for. Loaded
// only when the customer asks for it (index.ts).

export interface JoinWaitlistProps {
  city: string;
  treatmentIds: readonly string[];
  /** The therapist chosen, if the customer is waiting for them alone. */
  therapist: { id: string; name: string } | null;
  /** The day the customer was looking at (YYYY-MM-DD), if any: the range is around it. */
  date: string | null;
}

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

function initialRange(date: string | null, today: string) {
  const around = date && date >= today ? date : today;
  const from = addDays(around, -2) < today ? today : addDays(around, -2);
  return { from, to: addDays(around, 5) };
}

const labelClass = 'block text-sm font-semibold text-ink';
/** The fields that show their own error; any other problem is said under the form. */
const SHOWN = ['from', 'to', 'earliest', 'latest', 'addressId'];

export default function JoinWaitlistForm({
  city,
  treatmentIds,
  therapist,
  date,
}: JoinWaitlistProps) {
  const me = useMe();
  const { pathname, search } = useLocation();
  // Today as the form opened: the earliest first day it offers.
  const [today] = useState(() => ukDateOf(Date.now(), UK_TIME_ZONE));
  const [range, setRange] = useState(() => initialRange(date, today));
  const [earliest, setEarliest] = useState('');
  const [latest, setLatest] = useState('');
  const [onlyTherapist, setOnlyTherapist] = useState(therapist !== null);
  const [addressId, setAddressId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const join = useJoinWaitlist();
  const id = useId();
  const signedIn = me.data != null;
  const addresses = useAddresses();
  const offerMinutes = useWaitlistOfferMinutes();

  if (me.isPending) return null;
  if (!signedIn) {
    return (
      <p className="text-sm text-muted">
        <Link
          className="font-semibold text-brand-700 underline"
          to={`/login?next=${encodeURIComponent(pathname + search)}`}
        >
          Sign in
        </Link>{' '}
        to join the waitlist: we tell you when a time opens.
      </p>
    );
  }
  if (join.isSuccess) {
    return (
      <p role="status" className="font-medium text-ink">
        You are on the waitlist. When a time that suits opens we hold it for you and tell you by
        email. See your waitlists on{' '}
        <Link className="font-semibold text-brand-700 underline" to="/account">
          your account
        </Link>
        .
      </p>
    );
  }
  const saved = addresses.data ?? [];
  const chosen = addressId ?? saved.find((a) => a.isDefault)?.id ?? saved[0]?.id ?? null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setErrors({});
    setProblem(null);
    join.mutate(
      {
        city,
        treatmentIds: [...treatmentIds],
        from: range.from,
        to: range.to,
        ...(onlyTherapist && therapist ? { therapistId: therapist.id } : {}),
        ...(earliest ? { earliest } : {}),
        ...(latest ? { latest } : {}),
        addressId: chosen,
      },
      {
        onError: (error) => {
          if (isApiError(error)) {
            setErrors(error.fieldErrors());
            setProblem(error.detail);
          } else setProblem('Something went wrong. Please try again.');
        },
      },
    );
  };
  const field = (name: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-display text-xl font-semibold text-ink">
        Join the waitlist
      </h2>
      <p className="text-sm text-muted">
        When a time that suits opens, we hold it for you alone for{' '}
        {offerMinutes ? `${offerMinutes} minutes` : 'a few minutes'} and tell you by email, and on
        your phone if notifications are on. You can wait for up to {WAITLIST_MAX_RANGE_DAYS} days at
        a time.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-from`} className={labelClass}>
            First day
          </label>
          <input
            type="date"
            className={`${inputClass} mt-1.5`}
            min={today}
            value={range.from}
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
            {...field('from')}
          />
          <FieldError id={`${id}-from-error`} message={errors.from} />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className={labelClass}>
            Last day
          </label>
          <input
            type="date"
            className={`${inputClass} mt-1.5`}
            min={range.from}
            value={range.to}
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
            {...field('to')}
          />
          <FieldError id={`${id}-to-error`} message={errors.to} />
        </div>
        <div>
          <label htmlFor={`${id}-earliest`} className={labelClass}>
            Earliest start <span className="font-normal text-muted">(optional)</span>
          </label>
          <input
            type="time"
            step={900}
            className={`${inputClass} mt-1.5`}
            value={earliest}
            onChange={(e) => setEarliest(e.target.value)}
            {...field('earliest')}
          />
          <FieldError id={`${id}-earliest-error`} message={errors.earliest} />
        </div>
        <div>
          <label htmlFor={`${id}-latest`} className={labelClass}>
            Latest start <span className="font-normal text-muted">(optional)</span>
          </label>
          <input
            type="time"
            step={900}
            className={`${inputClass} mt-1.5`}
            value={latest}
            onChange={(e) => setLatest(e.target.value)}
            {...field('latest')}
          />
          <FieldError id={`${id}-latest-error`} message={errors.latest} />
        </div>
      </div>
      {therapist && (
        <label className="flex min-h-11 items-center gap-3 text-ink">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={onlyTherapist}
            onChange={(e) => setOnlyTherapist(e.target.checked)}
          />
          Only with {therapist.name}
        </label>
      )}
      {saved.length > 0 ? (
        <div>
          <label htmlFor={`${id}-addressId`} className={labelClass}>
            Where
          </label>
          <select
            className={`${inputClass} mt-1.5`}
            value={chosen ?? ''}
            onChange={(e) => setAddressId(e.target.value)}
            {...field('addressId')}
          >
            {saved.map((a) => (
              <option key={a.id} value={a.id}>
                {[a.label, a.line1, a.postcode].filter(Boolean).join(', ')}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-addressId-error`} message={errors.addressId} />
        </div>
      ) : (
        addresses.isSuccess && (
          <p className="text-sm text-ink">
            A time is held for an address:{' '}
            <Link className="font-semibold text-brand-700 underline" to="/account/addresses/new">
              add your address
            </Link>{' '}
            first.
          </p>
        )
      )}
      {problem && !SHOWN.some((name) => errors[name]) && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <button type="submit" className={buttonClass('primary')} disabled={join.isPending || !chosen}>
        {join.isPending ? 'Joining…' : 'Join the waitlist'}
      </button>
    </form>
  );
}
