import type { AppContext } from '../app-context';
import type { WarnLog } from '../db/warn-log';
import { runProviderTasks } from './provider-tasks';

/**
 * Runs the provider calls a just-committed change decided on, so a refund starts while the
 * customer waits rather than at the worker's next pass. Failure is not the customer's problem:
 * the task stays queued and the worker retries it.
 */
export async function runProviderTasksNow(
  ctx: Pick<AppContext, 'db' | 'payments' | 'now'>,
  log: WarnLog,
): Promise<void> {
  await runProviderTasks(ctx, { warn: log.warn.bind(log), error: log.warn.bind(log) }).catch(
    (error: unknown) => log.warn({ err: error }, 'provider calls left for the worker'),
  );
}
