import { Link, Outlet, useLocation, useParams } from 'react-router';
import { PageFrame } from '../page-frame';
import { ArrowLeftIcon } from '../../components/icons';
import { type BookingStep, BookingSummaryToggle, previousStep } from '../../features/booking';

const STEPS: { step: BookingStep; label: string }[] = [
  { step: 'select-treatments', label: 'Treatments' },
  { step: 'select-date', label: 'Date' },
  { step: 'select-therapist', label: 'Therapist' },
  { step: 'confirm-booking', label: 'Confirm' },
];

function stepOf(pathname: string): BookingStep | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return STEPS.find((s) => s.step === last)?.step ?? null;
}

/**
 * The booking layout (docs/product.md#pages): back button, progress, and the booking summary
 * toggle.
 */
export function BookingLayout() {
  const { city = '' } = useParams();
  const { pathname, search } = useLocation();
  const step = stepOf(pathname);
  const index = STEPS.findIndex((s) => s.step === step);
  // docs/product.md#pages: back on select-date, select-therapist and confirm-booking (each has a
  // step before); not on the confirmation, where the booking is made and there is nothing to go
  // back to.
  const confirmed = new URLSearchParams(search).has('booking');
  const back = step && !confirmed ? previousStep(step) : null;

  return (
    <PageFrame>
      {/* Opaque, as the header above it: text scrolling under a translucent bar shows through. */}
      <div className="sticky top-16 z-30 border-b border-brand-100 bg-blush">
        <div className="mx-auto flex h-16 max-w-4xl items-center gap-3 px-4 sm:px-6">
          <div className="w-11 shrink-0 sm:w-24">
            {back && (
              <Link
                to={`/${city}/${back}`}
                className="flex min-h-11 items-center gap-2 rounded-full px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 hover:text-brand-950"
              >
                <ArrowLeftIcon className="h-5 w-5" />
                <span className="sr-only sm:not-sr-only">Back</span>
              </Link>
            )}
          </div>
          <nav aria-label="Booking steps" className="min-w-0 flex-1">
            <ol className="flex items-center justify-center gap-1 sm:gap-2">
              {STEPS.map((s, i) => {
                const current = i === index;
                const done = i < index;
                return (
                  <li
                    key={s.step}
                    aria-current={current ? 'step' : undefined}
                    className="flex items-center gap-1 sm:gap-2"
                  >
                    <span
                      aria-hidden="true"
                      className={`grid h-7 w-7 place-items-center rounded-full text-xs font-bold ${
                        current
                          ? 'bg-brand-700 text-white'
                          : done
                            ? 'bg-brand-200 text-brand-900'
                            : 'border border-brand-200 bg-white text-muted'
                      }`}
                    >
                      {i + 1}
                    </span>
                    <span
                      className={`text-sm ${current ? 'font-semibold text-ink' : 'sr-only text-muted md:not-sr-only'}`}
                    >
                      {s.label}
                      {done && <span className="sr-only"> (done)</span>}
                    </span>
                    {i < STEPS.length - 1 && (
                      <span
                        aria-hidden="true"
                        className="mx-0.5 hidden h-px w-6 bg-brand-200 sm:block"
                      />
                    )}
                  </li>
                );
              })}
            </ol>
          </nav>
          <div className="flex w-11 shrink-0 justify-end sm:w-24">
            {/* Not on confirm-booking, where the full summary is on the page. */}
            {step !== 'confirm-booking' && city && <BookingSummaryToggle city={city} />}
          </div>
        </div>
      </div>
      {/* A field brought into view stops below both sticky bars (styles.css, [data-field]). */}
      <div className="mx-auto max-w-4xl px-4 pt-6 pb-16 [--sticky-top:9rem] sm:px-6 sm:pt-10">
        <Outlet />
      </div>
    </PageFrame>
  );
}
