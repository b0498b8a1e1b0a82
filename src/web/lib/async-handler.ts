import { trackException } from './analytics';
import { notify } from './ui-store';

/** What the customer is told when a handler fails in a way it did not expect. */
export const UNEXPECTED_FAILURE = 'Something went wrong. Please try again.';

/**
 * An async function as a React event handler (a form's onSubmit, a button's onClick). React
 * ignores what a handler returns, so a rejection would escape as an unhandled rejection while the
 * customer saw nothing happen. Here it is caught: logged, reported as a non-fatal exception (the
 * page still works), and the customer is told to try again.
 *
 * The handler still deals with the failures it expects (a refusal from the API, a network error)
 * itself; only what it did not expect reaches this. It is called at once, so it can still call
 * preventDefault() on the event.
 */
export function asyncHandler<Args extends unknown[]>(
  handler: (...args: Args) => Promise<unknown>,
): (...args: Args) => void {
  return (...args) => {
    handler(...args).catch((error: unknown) => {
      console.error(error);
      trackException(error instanceof Error ? error.message : String(error), false, error);
      notify({ type: 'error', message: UNEXPECTED_FAILURE });
    });
  };
}
