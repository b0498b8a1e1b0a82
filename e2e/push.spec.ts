import { expect, test } from './fixtures';
import { pushPayloadSchema } from '../src/contract/push-message';
import {
  decryptPush,
  newDeviceKeys,
  startTestPushService,
  type TestPushService,
} from '../src/test-support/test-push-service';
import { signedInCustomer } from './auth-support';
import { cancelBooking, createBookingWorld, holdAndPay, ukInstant } from './booking-support';
import { appUrl } from './app-url';
import { acceptCookiesUpFront } from './support';

// Booking news pushed to this device (docs/decisions/0033). Chromium subscribes through Google's
// push service, which is out of reach here, so the page's PushManager is replaced by one that
// hands out a subscription on a local push service whose keys the test holds. Everything else is
// real: the button, the permission, the API, the outbox, the server's worker and its encryption.
// The local service is http on 127.0.0.1, which the server accepts only because
// playwright.config.ts starts it with PUSH_ALLOW_LOCAL_ENDPOINTS=true (decision 0066).

let service: TestPushService;
test.beforeAll(async () => {
  service = await startTestPushService();
});
test.afterAll(async () => {
  await service.close();
});

test('permission is asked only when pressed; the device then hears of its bookings, until sign-out', async ({
  page,
  context,
}) => {
  await acceptCookiesUpFront(context);
  await context.grantPermissions(['notifications'], { origin: appUrl() });
  const device = newDeviceKeys();
  const endpoint = service.endpoint(`e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  await context.addInitScript(
    ({ endpoint, keys }) => {
      const asked = { count: 0 };
      Object.assign(window, { permissionAsks: asked });
      const request = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = () => {
        asked.count++;
        return request();
      };
      const STORED = 'e2e-push-subscription';
      const subscription = (serverKey: string) => ({
        endpoint,
        expirationTime: null,
        options: {
          userVisibleOnly: true,
          applicationServerKey: Uint8Array.from(atob(serverKey), (c) => c.charCodeAt(0)).buffer,
        },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          localStorage.removeItem(STORED);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
        localStorage.setItem(STORED, btoa(String.fromCharCode(...key)));
        return subscription(localStorage.getItem(STORED) ?? '') as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        const key = localStorage.getItem(STORED);
        return key ? (subscription(key) as unknown as PushSubscription) : null;
      };
    },
    { endpoint, keys: device.json },
  );
  const asks = () =>
    page.evaluate(
      () => (window as unknown as { permissionAsks: { count: number } }).permissionAsks.count,
    );

  // Booked and paid through the API; the confirmation page, where the opt-in is offered, is the
  // one the checkout ends on.
  const world = await createBookingWorld(page.request);
  await signedInCustomer(page);
  const bookingId = await holdAndPay(page.request, {
    city: world.city.slug,
    therapistId: world.therapist.id,
    startsAt: ukInstant(world.day, '10:00'),
  });
  await page.goto(`/${world.city.slug}/confirm-booking?booking=${bookingId}`);
  await expect(page.getByRole('heading', { name: 'Your booking is confirmed' })).toBeVisible();

  const optIn = page.getByRole('region', { name: 'Booking notifications' });
  const turnOn = optIn.getByRole('button', { name: 'Tell me when my booking changes' });
  await expect(turnOn).toBeVisible();
  expect(await asks()).toBe(0);
  await turnOn.click();
  await expect(optIn.getByText(/This device is told when a booking is confirmed/)).toBeVisible();
  expect(await asks()).toBe(1);

  // The customer cancels: the server pushes the news to this device, encrypted for its keys.
  await cancelBooking(page.request, bookingId);
  const mine = () => service.received.filter((r) => r.path === new URL(endpoint).pathname);
  await expect.poll(() => mine().length, { timeout: 20_000 }).toBe(1);
  const [push] = mine();
  if (!push) throw new Error('no push');
  const message = pushPayloadSchema.parse(JSON.parse(decryptPush(push.body, device)));
  expect(message).toMatchObject({
    title: 'Booking cancelled',
    url: '/account/appointments',
    tag: `booking-${bookingId}`,
  });

  // The account page shows it on, and signing out forgets this device on the server first.
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Notifications' });
  await expect(section.getByRole('button', { name: 'Turn off on this device' })).toBeVisible();
  const removed = page.waitForResponse(
    (r) => r.url().endsWith('/api/me/push-subscriptions') && r.request().method() === 'DELETE',
  );
  await page.locator('#main-content').getByRole('button', { name: 'Sign out' }).click();
  expect((await removed).status()).toBe(204);
  await expect(page.getByText('Logged Out')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBeNull();
});
