import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type * as AnalyticsModule from './analytics';
import type * as AsyncHandlerModule from './async-handler';
import type * as UiStoreModule from './ui-store';

// Fresh modules in a window of their own: analytics and the toast keep their state in the module.
let win: { dataLayer?: unknown[] };
let analytics: typeof AnalyticsModule;
let ui: typeof UiStoreModule;
let asyncHandler: typeof AsyncHandlerModule.asyncHandler;
let UNEXPECTED_FAILURE: string;

const exceptions = () =>
  (win.dataLayer ?? [])
    .map((args) => Array.from(args as ArrayLike<unknown>))
    .filter((c) => c[0] === 'event' && c[1] === 'exception')
    .map((c) => c[2]);

beforeEach(async () => {
  win = {};
  vi.stubGlobal('window', win);
  vi.resetModules();
  analytics = await import('./analytics');
  ui = await import('./ui-store');
  ({ asyncHandler, UNEXPECTED_FAILURE } = await import('./async-handler'));
  analytics.initAnalytics(analytics.ALL_GRANTED);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('calls the handler at once with its arguments, so it can still prevent the default', () => {
  const calls: unknown[][] = [];
  const handler = asyncHandler(async (...args: unknown[]) => {
    calls.push(args);
  });
  expect(handler('event', 2)).toBeUndefined();
  expect(calls).toEqual([['event', 2]]);
});

it('reports nothing when the handler succeeds', async () => {
  asyncHandler(async () => 'done')();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(exceptions()).toEqual([]);
  expect(ui.useUiStore.getState().notification).toBeNull();
});

it('catches a rejection: logged, reported as non-fatal, and the customer told to try again', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const failure = new Error('profile.name is undefined');
  asyncHandler(async () => {
    throw failure;
  })();
  await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(failure));
  expect(exceptions()).toEqual([{ description: 'profile.name is undefined', fatal: false }]);
  expect(ui.useUiStore.getState().notification).toMatchObject({
    type: 'error',
    message: UNEXPECTED_FAILURE,
  });
});
