import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorPanel } from '../../components/error-panel';
import { TherapistPhoto } from '../../components/therapist-photo';
import { useFavourites, type Favourite } from './api';
import { FavouriteButton } from './favourite-button';

interface FavouritesListProps {
  /**
   * "Book with …" for one favourite: the booking flow's, passed in by the page, since the booking
   * feature depends on this one and not the other way round.
   */
  bookWith: (favourite: Favourite) => ReactNode;
}

/** The account page's favourite therapists, each with their profile, "Book with …" and a heart. */
export function FavouritesList({ bookWith }: FavouritesListProps) {
  // Account pages render only for a signed-in customer.
  const favourites = useFavourites(true);
  const rows = useRowsKeptOnRemoval(favourites.data);
  if (favourites.isPending) return <p className="text-sm text-muted">Loading your favourites…</p>;
  if (favourites.isError) {
    return (
      <ErrorPanel
        title="We couldn't load your favourites"
        error={favourites.error}
        onRetry={() => void favourites.refetch()}
        retrying={favourites.isFetching}
      />
    );
  }
  if (rows.length === 0) {
    return (
      <p className="text-sm text-muted">
        No favourites yet. Tap the heart on a therapist&rsquo;s profile or card to find them here.
      </p>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Favourite therapists">
      {rows.map((f) => (
        <li
          key={f.id}
          className="flex flex-wrap items-center gap-3 rounded-2xl border border-brand-100 bg-white p-3"
        >
          <TherapistPhoto photoUrl={f.photoUrl} alt="" pixels={48} className="h-12 w-12" />
          <div className="min-w-0 flex-1">
            <Link
              to={`/professionals/${encodeURIComponent(f.username)}`}
              className="font-semibold text-ink underline underline-offset-2 hover:text-brand-800"
            >
              {f.name}
            </Link>
            <p className="text-sm text-muted">{f.areaName}</p>
          </div>
          <div className="flex items-center gap-2">
            {bookWith(f)}
            <FavouriteButton therapist={f} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The list as first read, with favourites saved since put first and ones removed on this visit
 * kept in place (their heart unpressed, to save again): a row vanishing under the heart just
 * pressed would drop the keyboard's focus and the status line saying what happened.
 */
function useRowsKeptOnRemoval(data: Favourite[] | undefined): Favourite[] {
  const [rows, setRows] = useState<Favourite[]>([]);
  const [read, setRead] = useState<Favourite[] | undefined>(undefined);
  if (data && data !== read) {
    const shown = new Set(rows.map((f) => f.id));
    setRows([
      ...data.filter((f) => !shown.has(f.id)),
      ...rows.map((f) => data.find((d) => d.id === f.id) ?? f),
    ]);
    setRead(data);
  }
  return rows;
}
