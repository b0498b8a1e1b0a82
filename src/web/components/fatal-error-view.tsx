import { buttonClass } from './button-styles';
import { RefreshIcon } from './icons';

/**
 * Shown when a page crashes. Plain anchors and a full reload on purpose: after a crash (or a
 * deploy that removed the old code chunks) the client-side router cannot be trusted.
 */
export function FatalErrorView() {
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28"
    >
      <title>Something went wrong · Glow at Home</title>
      <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">
        Sorry, something went wrong
      </h1>
      <p className="mt-4 text-lg text-muted">
        We could not show this page. Please try again; if it keeps happening, come back in a few
        minutes.
      </p>
      <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <button
          type="button"
          className={buttonClass('primary', 'lg')}
          onClick={() => window.location.reload()}
        >
          <RefreshIcon className="h-5 w-5" />
          Try again
        </button>
        <a href="/?city=reset" className={buttonClass('secondary', 'lg')}>
          Go to the booking system
        </a>
      </div>
    </section>
  );
}
