import { Link, useLocation, useParams } from 'react-router';
import { formatPence } from '../../../domain/format';
import { buttonClass } from '../../components/button-styles';
import { ErrorPanel } from '../../components/error-panel';
import { MapPinIcon, ShieldIcon } from '../../components/icons';
import { NotFoundView } from '../../components/not-found-view';
import { TherapistPhoto } from '../../components/therapist-photo';
import { firstName, useBookingStore } from '../../features/booking';
import { LoadingBlock } from '../../components/page-heading';
import {
  type Professional,
  ProfessionalTreatmentList,
  useProfessional,
  USERNAME_PATTERN,
} from '../../features/professionals';
import { FavouriteButton } from '../../features/favourites';
import { ProfileReviews } from '../../features/reviews';
import { isApiError } from '../../lib/api';
import { BRAND_NAME } from '../../lib/brand';

function BookCard({ professional }: { professional: Professional }) {
  const first = firstName(professional.name);
  const bookable = professional.treatments.length > 0;
  const preferTherapist = useBookingStore((s) => s.preferTherapist);
  return (
    <div className="rounded-3xl border border-white bg-white/80 p-5 shadow-xl shadow-brand-900/5 backdrop-blur sm:p-6">
      {bookable ? (
        <>
          <p className="text-sm text-muted">
            Bookings with {first} start from{' '}
            <span className="font-semibold text-ink">
              {formatPence(professional.minimumSpendPence)}
            </span>{' '}
            (minimum spend). Add-ons can be added when you book.
          </p>
          <Link
            to={`/${professional.area}/select-treatments`}
            onClick={() =>
              preferTherapist(professional.area, {
                id: professional.id,
                username: professional.username,
                name: professional.name,
              })
            }
            // No arrow here: the aside is narrow, and a long name should wrap as text, centred.
            className={`${buttonClass('primary', 'lg')} mt-4 w-full py-2 text-center leading-snug`}
          >
            Book with {professional.name}
          </Link>
          <p className="mt-3 text-xs text-muted">
            You will see only {first}&rsquo;s treatments and free days.
          </p>
        </>
      ) : (
        <p className="text-sm text-muted">
          {first} has no treatments to book just now. Please check back soon.
        </p>
      )}
      {professional.businessEnabled && (
        <p className="mt-4 flex items-start gap-2 rounded-2xl bg-brand-50 p-3 text-sm text-brand-950">
          <ShieldIcon className="h-5 w-5 shrink-0 text-brand-700" />
          Also takes bookings from business accounts.
        </p>
      )}
    </div>
  );
}

function ProfileView({ professional }: { professional: Professional }) {
  const first = firstName(professional.name);
  const paragraphs = professional.bio
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      <title>{`${professional.name} · ${BRAND_NAME}`}</title>
      <div className="grid gap-6 md:grid-cols-[1fr_21rem] md:gap-10">
        <header className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-center sm:gap-6 sm:text-left md:col-start-1">
          <TherapistPhoto
            photoUrl={professional.photoUrl}
            alt={`Photo of ${professional.name}`}
            pixels={144}
            className="h-28 w-28 ring-4 ring-white sm:h-36 sm:w-36"
            eager
          />
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-widest text-brand-800 uppercase">
              At-home professional
            </p>
            <h1 className="mt-1 font-display text-4xl font-semibold text-ink sm:text-5xl">
              {professional.name}
            </h1>
            <p className="mt-2 flex items-center justify-center gap-1.5 font-medium text-brand-800 sm:justify-start">
              <MapPinIcon className="h-5 w-5 shrink-0" />
              <span className="sr-only">City: </span>
              {professional.areaName}
            </p>
            <div className="mt-3 flex justify-center sm:justify-start">
              <FavouriteButton therapist={professional} />
            </div>
          </div>
        </header>

        <aside
          aria-label={`Book with ${first}`}
          className="md:sticky md:top-24 md:col-start-2 md:row-span-2 md:row-start-1 md:self-start"
        >
          <BookCard professional={professional} />
        </aside>

        <div className="min-w-0 space-y-10 md:col-start-1">
          {paragraphs.length > 0 && (
            <section aria-labelledby="about-heading">
              <h2 id="about-heading" className="font-display text-2xl font-semibold text-ink">
                About {first}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-ink/85">
                {paragraphs.map((p, i) => (
                  <p key={i}>{p}</p>
                ))}
              </div>
            </section>
          )}
          <section aria-labelledby="treatments-heading">
            <h2 id="treatments-heading" className="font-display text-2xl font-semibold text-ink">
              Treatments
            </h2>
            {professional.treatments.length > 0 ? (
              <div className="mt-4">
                <ProfessionalTreatmentList treatments={professional.treatments} />
              </div>
            ) : (
              <p className="mt-3 text-muted">{first} has no treatments listed just now.</p>
            )}
          </section>
          <ProfileReviews
            name={professional.name}
            url={`/professionals/${professional.username}`}
            photoUrl={professional.photoUrl}
            rating={professional.rating}
            latestReviews={professional.latestReviews}
          />
        </div>
      </div>
    </>
  );
}

function ProfessionalProfile({ username }: { username: string }) {
  const professional = useProfessional(username);
  const { pathname } = useLocation();

  // Hidden and unknown professionals are the same 404 from the server: the same page here.
  const error = professional.error;
  if (isApiError(error) && (error.isNotFound || error.status === 400)) {
    return <NotFoundView path={pathname} />;
  }
  if (professional.isPending) return <LoadingBlock label="Loading the profile…" rows={3} />;
  if (professional.isError) {
    return (
      <ErrorPanel
        title="We couldn't load this profile"
        error={professional.error}
        onRetry={() => void professional.refetch()}
        retrying={professional.isFetching}
      />
    );
  }
  return <ProfileView professional={professional.data} />;
}

export default function ProfessionalProfilePage() {
  const { username = '' } = useParams();
  const { pathname } = useLocation();
  if (!USERNAME_PATTERN.test(username)) return <NotFoundView path={pathname} />;
  return <ProfessionalProfile key={username} username={username} />;
}
