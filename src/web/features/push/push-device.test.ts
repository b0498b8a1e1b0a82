import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { setApiTransport } from '../../lib/api';
import { enablePush } from './push-device';

// Turning on push when the browser's push service never answers (decision 0082): the customer is
// told after a while instead of watching "Turning on…" for minutes. A browser of stubs, with a
// wait of a few milliseconds in place of the real one.

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON: () => unknown;
  unsubscribe: () => Promise<boolean>;
}

let subscribe: () => Promise<FakeSubscription>;
let saved: string[];

const subscription = (): FakeSubscription => ({
  endpoint: 'https://push.example/device',
  options: { applicationServerKey: null },
  toJSON: () => ({ endpoint: 'https://push.example/device', keys: {} }),
  unsubscribe: vi.fn(async () => true),
});

beforeEach(() => {
  saved = [];
  const registration = {
    pushManager: { getSubscription: async () => null, subscribe: () => subscribe() },
  };
  const Notification = { permission: 'default', requestPermission: async () => 'granted' };
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('window', { setTimeout, clearTimeout, PushManager: class {}, Notification });
  vi.stubGlobal('navigator', { serviceWorker: { ready: Promise.resolve(registration) } });
  setApiTransport(async (path, init) => {
    if (init.method === 'POST') saved.push(path);
    const body = path.endsWith('/public-key')
      ? { publicKey: 'BAAA' }
      : { id: '00000000-0000-4000-8000-000000000000', devices: 1 };
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

it('gives up when the push service does not answer, and says so', async () => {
  subscribe = () => new Promise(() => {});
  expect(await enablePush(20)).toBe('timed-out');
  expect(saved).toEqual([]);
});

it('drops a subscription that arrives after giving up, so nothing is half turned on', async () => {
  const late = subscription();
  subscribe = () => new Promise((resolve) => setTimeout(() => resolve(late), 40));
  expect(await enablePush(10)).toBe('timed-out');
  await vi.waitFor(() => expect(late.unsubscribe).toHaveBeenCalled());
  expect(saved).toEqual([]);
});

it('turns on when the push service answers in time', async () => {
  subscribe = async () => subscription();
  expect(await enablePush(1_000)).toBe('on');
  expect(saved).toEqual(['/api/me/push-subscriptions']);
});
