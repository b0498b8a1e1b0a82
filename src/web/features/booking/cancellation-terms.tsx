import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ShieldIcon } from '../../components/icons';
import type { BookingTerms } from './api';

/** setTimeout's longest wait; terms further off are read again on the next visit anyway. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * Reads the booking again when its terms change (a band ends): the server works them out by its
 * own clock (the one that decides refunds) and says when they next change, so the wait is the
 * server's two instants apart, counted from when they arrived. The device's clock, which may be
 * wrong, never decides what the terms are (docs/decisions/0081).
 */
export function useTermsRefresh(terms: BookingTerms | null | undefined, queryKey: QueryKey): void {
  const client = useQueryClient();
  const at = terms?.at;
  const changesAt = terms?.changesAt;
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!at || !changesAt) return;
    const wait = Date.parse(changesAt) - Date.parse(at);
    if (!(wait <= LONGEST_WAIT_MS)) return;
    const timer = window.setTimeout(
      () => void client.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey }),
      Math.max(0, wait) + 1000,
    );
    return () => window.clearTimeout(timer);
  }, [at, changesAt, key, client]);
}

/**
 * The booking's cancellation terms as they stand now, in the server's words: the same lines as
 * the confirmation email and the appointment page, so none of them can offer a deadline that has
 * passed. Read again when they change.
 */
export function CancellationTerms({
  terms,
  queryKey,
}: {
  terms: BookingTerms | null;
  /** The query the terms came from, read again when they change. */
  queryKey: QueryKey;
}) {
  useTermsRefresh(terms, queryKey);
  if (!terms) return null;
  return (
    <section
      aria-labelledby="cancellation-terms"
      className="flex gap-3 rounded-2xl bg-brand-50 p-4 text-sm text-brand-950"
      data-testid="cancellation-terms"
    >
      <ShieldIcon className="h-5 w-5 shrink-0 text-brand-700" />
      <div>
        <h3 id="cancellation-terms" className="font-semibold">
          Cancellation terms
        </h3>
        <ul className="mt-1 list-disc space-y-0.5 pl-4">
          {terms.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <Link
          to="/cancellation-policy"
          target="_blank"
          className="mt-2 inline-block font-semibold text-brand-800 underline underline-offset-2"
        >
          Read the cancellation policy<span className="sr-only"> (opens in a new tab)</span>
        </Link>
      </div>
    </section>
  );
}
