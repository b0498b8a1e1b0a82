import type { FastifyInstance } from 'fastify';
import { reportJobError } from '../errors/error-reporter';

// Background work every instance runs (hold sweep, payment reconciliation, provider calls): once
// as soon as the app is ready, which is what recovers from a crash, then every interval. One
// pass at a time per instance; the passes themselves claim their rows with SKIP LOCKED, so any
// number of instances can run the same job. Stopped, and the running pass awaited, on close.

export interface BackgroundJob {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
}

export function startBackgroundJob(app: FastifyInstance, job: BackgroundJob): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let closed = false;
  const tick = () => {
    if (running || closed) return;
    running = job
      .run()
      .catch((error: unknown) => {
        app.log.error({ err: error, job: job.name }, `${job.name} failed`);
        reportJobError(app, job.name, error);
      })
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, job.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearInterval(timer);
    await running;
  });
}
