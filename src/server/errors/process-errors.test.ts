import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { NO_ERROR_REPORTER, type ErrorContext, type ErrorReporter } from './error-reporter';
import { reportCrashes } from './process-errors';

function fakeProcess() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  return {
    emitter,
    exits,
    proc: {
      on: (event: 'uncaughtException', listener: (error: Error, origin: string) => void) =>
        emitter.on(event, listener),
      exit: (code: number) => exits.push(code),
    },
  };
}

function recordingReporter() {
  const reports: [unknown, ErrorContext | undefined][] = [];
  let flushes = 0;
  const reporter: ErrorReporter = {
    enabled: true,
    report: (error, context) => void reports.push([error, context]),
    flush: async () => {
      flushes += 1;
      return true;
    },
  };
  return { reporter, reports, flushes: () => flushes };
}

describe('reportCrashes', () => {
  it('reports a crash as fatal, waits for it to be sent, then exits 1 as Node would', async () => {
    const { emitter, exits, proc } = fakeProcess();
    const { reporter, reports, flushes } = recordingReporter();
    const written: string[] = [];
    reportCrashes(reporter, proc, (text) => written.push(text));
    const error = new Error('boom');
    emitter.emit('uncaughtException', error, 'uncaughtException');
    expect(reports).toEqual([[error, { level: 'fatal', tags: { origin: 'uncaughtException' } }]]);
    expect(written[0]).toMatch(/^Uncaught exception: Error: boom\n {4}at /);
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushes()).toBe(1);
    expect(exits).toEqual([1]);
  });

  it('takes a rejection nobody handled, whatever its reason', async () => {
    const { emitter, exits, proc } = fakeProcess();
    const { reporter, reports } = recordingReporter();
    const written: string[] = [];
    reportCrashes(reporter, proc, (text) => written.push(text));
    emitter.emit('uncaughtException', 'no reason', 'unhandledRejection');
    emitter.emit('uncaughtException', new Error('second'), 'uncaughtException');
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual(['Unhandled rejection: no reason\n', expect.stringMatching(/second/)]);
    expect(reports).toHaveLength(1);
    expect(exits).toEqual([1]);
  });

  it("leaves the process's own behaviour alone without error reporting", () => {
    const { emitter, proc } = fakeProcess();
    reportCrashes(NO_ERROR_REPORTER, proc);
    expect(emitter.listenerCount('uncaughtException')).toBe(0);
  });
});
