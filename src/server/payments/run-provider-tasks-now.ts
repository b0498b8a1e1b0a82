import type { AppContext } from '../app-context';
import { runProviderTasks } from './provider-tasks';

/**
 * Runs the provider calls a just-committed change decided on, so a refund starts while the
 * customer waits rather than at the worker's next pass. Failure is not the customer's problem:
 * the task stays queued and the worker retries it.
 */
export async function runProviderTasksNow(
  ctx: Pick<AppContext, 'db' | 'payments' | 'now'>,
  log: { warn(details: object, message: string): void },
): Promise<void> {
  await runProviderTasks(ctx, { warn: log.warn.bind(log), error: log.warn.bind(log) }).catch(
    (error: unknown) => log.warn({ err: error }, 'provider calls left for the worker'),
  );
}
