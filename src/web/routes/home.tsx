import { lazy, Suspense, useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../components/button-styles';
import {
  ArrowRightIcon,
  CalendarIcon,
  HomeIcon,
  ShieldIcon,
  SparkleIcon,
} from '../components/icons';
import { CityPicker, clearChosenCity, useChosenCity, useCities } from '../features/catalogue';
import { FREE_CANCELLATION_HOURS } from '../lib/policy';
import { useUiStore } from '../lib/ui-store';

// Few visits come from a referral link: the card's code loads only for those (decision 0040).
const ReferralCard = lazy(() =>
  import('../features/referrals').then((m) => ({ default: m.ReferralCard })),
);

function ReferralCardWhenReferred({ browseTo }: { browseTo: string }) {
  const referred = useUiStore((s) => s.referralNotification) !== null;
  if (!referred) return null;
  return (
    <Suspense fallback={null}>
      <ReferralCard browseTo={browseTo} />
    </Suspense>
  );
}

const STEPS = [
  {
    icon: SparkleIcon,
    title: 'Choose your treatments',
    text: 'Massage, facials, nails, lashes and more, with add-ons to make it yours.',
  },
  {
    icon: CalendarIcon,
    title: 'Pick a time and therapist',
    text: 'See who is free when it suits you, from early mornings to evenings.',
  },
  {
    icon: HomeIcon,
    title: 'Relax at home',
    text: 'Your therapist brings everything, from the couch to fresh towels.',
  },
] as const;

/** Offers the remembered city, but only while we still serve it. */
function ContinueInCity({ slug, name }: { slug: string; name: string }) {
  const cities = useCities();
  if (cities.data && !cities.data.some((c) => c.slug === slug)) return null;
  return (
    <Link to={`/${slug}`} className={`${buttonClass('primary', 'lg')} w-full sm:w-auto`}>
      Continue in {name}
      <ArrowRightIcon className="h-5 w-5" />
    </Link>
  );
}

export default function HomePage() {
  const [params] = useSearchParams();
  const reset = params.get('city') === 'reset';
  const stored = useChosenCity();
  const remembered = reset ? null : stored;
  const pickerHeadingId = useId();

  useEffect(() => {
    if (reset) clearChosenCity();
  }, [reset]);

  return (
    <>
      <title>Glow at Home · Beauty and wellness treatments at home</title>
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-100 via-brand-50 to-blush">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 h-72 w-72 rounded-full bg-brand-200/60 blur-3xl sm:h-96 sm:w-96"
        />
        <div className="relative mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 pt-10 pb-12 sm:px-6 sm:pt-16 lg:grid-cols-[1.15fr_1fr] lg:items-center lg:gap-16 lg:pt-20 lg:pb-20">
          <div>
            <div className="mb-6 empty:hidden">
              <ReferralCardWhenReferred
                browseTo={remembered ? `/${remembered.slug}/select-treatments` : '#choose-city'}
              />
            </div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-xs font-semibold tracking-widest text-brand-800 uppercase shadow-sm">
              <SparkleIcon className="h-4 w-4" />
              At-home beauty &amp; wellness
            </p>
            <h1 className="mt-5 font-display text-4xl leading-tight font-semibold text-ink sm:text-5xl lg:text-6xl">
              Salon-quality treatments, <span className="text-brand-700 italic">at your door</span>
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted">
              Book vetted, insured therapists who bring everything they need, so you can unwind
              without leaving home.
            </p>
            {remembered && (
              <div className="mt-8">
                <ContinueInCity slug={remembered.slug} name={remembered.name} />
              </div>
            )}
          </div>

          <section
            id="choose-city"
            aria-labelledby={pickerHeadingId}
            className="rounded-3xl border border-white bg-white/75 p-5 shadow-xl shadow-brand-900/5 backdrop-blur sm:p-7"
          >
            <h2 id={pickerHeadingId} className="font-display text-2xl font-semibold text-ink">
              {remembered ? 'Or choose another city' : 'Choose your city'}
            </h2>
            <p className="mt-1 text-sm text-muted">See the treatments and prices where you are.</p>
            <div className="mt-5">
              <CityPicker />
            </div>
          </section>
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 pt-4 pb-16 sm:px-6">
        <div className="rounded-3xl bg-white p-6 shadow-sm sm:p-10">
          <h2 id="how-it-works" className="font-display text-3xl font-semibold text-ink">
            How it works
          </h2>
          <ol className="mt-8 grid gap-8 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span className="grid h-12 w-12 shrink-0 place-items-center rounded-2xl bg-brand-50 text-brand-700">
                  <step.icon className="h-6 w-6" />
                </span>
                <div>
                  <h3 className="font-semibold text-ink">
                    <span className="sr-only">Step {index + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="mt-10 flex items-start gap-3 rounded-2xl bg-brand-50 p-4 text-sm text-brand-950">
            <ShieldIcon className="h-5 w-5 shrink-0 text-brand-700" />
            <span>
              Free cancellation up to {FREE_CANCELLATION_HOURS} hours before your appointment.{' '}
              <Link
                to="/cancellation-policy"
                className="font-semibold text-brand-800 underline underline-offset-2"
              >
                Read our cancellation policy
              </Link>
            </span>
          </p>
        </div>
      </section>

      <section aria-labelledby="gift-cards" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <div className="flex flex-col gap-5 rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white shadow-lg sm:flex-row sm:items-center sm:justify-between sm:p-10">
          <div className="max-w-xl">
            <h2 id="gift-cards" className="font-display text-3xl font-semibold">
              Give a treatment at home
            </h2>
            <p className="mt-2 text-brand-100">
              Gift cards from £10 to £500, emailed with your message on the day you choose.
            </p>
          </div>
          <Link to="/gift-cards" className={`${buttonClass('inverse', 'lg')} shrink-0`}>
            Buy a gift card
            <ArrowRightIcon className="h-5 w-5" />
          </Link>
        </div>
      </section>
    </>
  );
}
