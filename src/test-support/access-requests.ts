import { CARD, type BookingCustomer } from './booking-fixtures';
import { giftCardOrder } from './gift-card-fixtures';
import { newDeviceKeys } from './test-push-service';
import { TEST_PASSWORD } from './test-customer';

// The request each row of the access matrix sends (src/server/security/access-matrix.int.test.ts).
// Bodies are valid, so a refusal is about who asks, not about the form; ids are customer A's, so
// every other caller is trying A's things. Writes by internal callers aim at things that do not
// exist, so the token is shown to get past the gate without changing shared data.

export type Principal = 'anonymous' | 'a' | 'b' | 'business' | 'therapist' | 'internal';
export type Customer = Exclude<Principal, 'anonymous' | 'internal'>;

export interface AccessFixture extends Record<Customer, BookingCustomer> {
  internalToken: string;
  /** A's booking, paid with a saved card. */
  confirmedBookingId: string;
  /** A's booking whose payment waits for 3-D Secure (authPaymentId). */
  waitingBookingId: string;
  /** A's booking on hold, not paid yet. */
  heldBookingId: string;
  authPaymentId: string;
  addressId: string;
  /** A's password account (better-auth's account row id). */
  credentialAccountId: string;
  cardId: string;
  giftCardOrderId: string;
  pushEndpoint: string;
  referralCode: string;
}

export interface AccessRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: string | Record<string, unknown>;
  headers?: Record<string, string>;
}

type Build = (who: Principal) => AccessRequest;

const get =
  (url: string): Build =>
  () => ({ method: 'GET', url });
const send =
  (method: AccessRequest['method'], url: string, payload?: AccessRequest['payload']): Build =>
  () => ({ method, url, ...(payload === undefined ? {} : { payload }) });

const NOWHERE = '00000000-0000-4000-8000-000000000000';
const PROFILE = { name: 'Renamed By Caller', phoneNumber: '07700 900999', gender: null };
const ADDRESS = { line1: '9 Elsewhere Road', town: 'Test City', postcode: 'EH2 2BB' };

/** One request per row, keyed by the operation as the OpenAPI document names it. */
export function accessRequests(f: AccessFixture): Record<string, Build> {
  const a = f.a;
  return {
    // Public.
    'GET /api/health/live': get('/api/health/live'),
    'GET /api/health': get('/api/health'),
    'GET /api/cities': get('/api/cities'),
    'GET /api/cities/{city}/treatments': get('/api/cities/testcity/treatments'),
    'GET /api/company': get('/api/company'),
    'GET /api/cities/{city}/dates': get('/api/cities/testcity/dates?treatments=massage-60'),
    'GET /api/cities/{city}/therapists': get(
      '/api/cities/testcity/therapists?date=2026-11-25&treatments=massage-60',
    ),
    'GET /api/professionals': get('/api/professionals'),
    'GET /api/professionals/{username}': get('/api/professionals/anna'),
    'GET /api/cities/{city}/therapist-ratings': get('/api/cities/testcity/therapist-ratings'),
    'GET /media/therapists/{id}/{file}': get('/media/therapists/t-anna/not-a-photo.webp'),
    'GET /api/calendars/{file}': get('/api/calendars/not-a-real-token.ics'),
    'GET /api/payments/config': get('/api/payments/config'),
    'GET /api/push/public-key': get('/api/push/public-key'),
    'POST /api/referrals/validate': send('POST', '/api/referrals/validate', {
      code: f.referralCode,
    }),
    'POST /api/payments/stripe/webhook': send('POST', '/api/payments/stripe/webhook', {
      id: 'evt_1',
      type: 'payment_intent.succeeded',
    }),
    'GET /api/auth-providers': get('/api/auth-providers'),

    // The caller's own records.
    'GET /api/me': get('/api/me'),
    'GET /api/me/addresses': get('/api/me/addresses'),
    'GET /api/me/referral': get('/api/me/referral'),
    'GET /api/me/wallet': get('/api/me/wallet'),
    'GET /api/me/appointments': get('/api/me/appointments'),
    'GET /api/me/cards': get('/api/me/cards'),
    'GET /api/me/gift-cards': get('/api/me/gift-cards'),
    'GET /api/me/events': get('/api/me/events'),
    'PATCH /api/me': send('PATCH', '/api/me', PROFILE),
    'POST /api/me/addresses': send('POST', '/api/me/addresses', ADDRESS),
    'POST /api/me/push-subscriptions': (who) => ({
      method: 'POST',
      url: '/api/me/push-subscriptions',
      payload: {
        endpoint: `https://push.example.com/send/matrix-${who}`,
        expirationTime: null,
        keys: newDeviceKeys().json,
      },
    }),
    'POST /api/me/wallet/redeem': send('POST', '/api/me/wallet/redeem', {
      code: 'GLOW-AAAA-BBBB-CCCC-DDDD',
    }),
    // A's order id: another customer must not reach A's gift card through it.
    'POST /api/gift-cards': send(
      'POST',
      '/api/gift-cards',
      giftCardOrder({ orderId: f.giftCardOrderId }),
    ),
    // A's address: another customer must not book to it.
    'POST /api/bookings': send('POST', '/api/bookings', {
      city: 'testcity',
      therapistId: 't-anna',
      treatmentIds: ['massage-60'],
      startsAt: '2026-11-25T10:00:00.000Z',
      addressId: f.addressId,
    }),

    // A's records by id.
    'GET /api/me/addresses/{id}': get(`/api/me/addresses/${f.addressId}`),
    'GET /api/bookings/{id}': get(`/api/bookings/${f.confirmedBookingId}`),
    'GET /api/bookings/{id}/calendar.ics': get(
      `/api/bookings/${f.confirmedBookingId}/calendar.ics`,
    ),
    'GET /api/bookings/{id}/payment-status': get(
      `/api/bookings/${f.confirmedBookingId}/payment-status`,
    ),
    'GET /api/payments/{paymentId}/authentication': get(
      `/api/payments/${f.authPaymentId}/authentication`,
    ),
    'GET /api/gift-cards/{id}/payment-status': get(
      `/api/gift-cards/${f.giftCardOrderId}/payment-status`,
    ),
    'PATCH /api/me/addresses/{id}': send('PATCH', `/api/me/addresses/${f.addressId}`, ADDRESS),
    'POST /api/me/addresses/{id}/default': send('POST', `/api/me/addresses/${f.addressId}/default`),
    'POST /api/bookings/{id}/credit': send('POST', `/api/bookings/${f.heldBookingId}/credit`, {
      useCredit: true,
    }),
    'POST /api/bookings/{id}/payment': send('POST', `/api/bookings/${f.heldBookingId}/payment`, {
      method: 'card',
      card: CARD,
      saveCard: false,
    }),
    'POST /api/payments/{paymentId}/authentication': send(
      'POST',
      `/api/payments/${f.authPaymentId}/authentication`,
      { outcome: 'approve' },
    ),
    'POST /api/bookings/{id}/reschedule': send(
      'POST',
      `/api/bookings/${f.confirmedBookingId}/reschedule`,
      { startsAt: '2026-11-26T10:00:00.000Z' },
    ),
    'POST /api/bookings/{id}/cancel': send('POST', `/api/bookings/${f.confirmedBookingId}/cancel`),
    'DELETE /api/me/cards/{id}': send('DELETE', `/api/me/cards/${f.cardId}`),
    'DELETE /api/me/push-subscriptions': send('DELETE', '/api/me/push-subscriptions', {
      endpoint: f.pushEndpoint,
    }),
    'DELETE /api/me/addresses/{id}': send('DELETE', `/api/me/addresses/${f.addressId}`),

    // The internal API: reads of A's records, writes aimed at nothing.
    'GET /api/internal/catalogue': get('/api/internal/catalogue'),
    'GET /api/internal/bookings': get('/api/internal/bookings'),
    'GET /api/internal/bookings/{id}': get(`/api/internal/bookings/${f.confirmedBookingId}`),
    'GET /api/internal/bookings/{id}/case': get(
      `/api/internal/bookings/${f.confirmedBookingId}/case`,
    ),
    'GET /api/internal/therapists/{id}/calendar-url': get(
      '/api/internal/therapists/t-anna/calendar-url',
    ),
    'GET /api/internal/webhooks': get('/api/internal/webhooks'),
    'POST /api/internal/catalogue': send('POST', '/api/internal/catalogue', { cities: 'none' }),
    // No flags: reports A's roles and changes nothing.
    'PUT /api/internal/users/{email}/roles': send(
      'PUT',
      `/api/internal/users/${encodeURIComponent(a.email)}/roles`,
      {},
    ),
    'PUT /api/internal/users/{email}/business-payment': send(
      'PUT',
      '/api/internal/users/nobody-here%40example.com/business-payment',
      { arrangement: 'invoice' },
    ),
    'POST /api/internal/bookings/{id}/cancel': send(
      'POST',
      `/api/internal/bookings/${NOWHERE}/cancel`,
      { refund: 'full', reason: 'Checking who may cancel' },
    ),
    'POST /api/internal/therapists/{id}/calendar-url/rotate': send(
      'POST',
      '/api/internal/therapists/t-nobody/calendar-url/rotate',
    ),
    'PUT /api/internal/therapists/{id}/photo': () => ({
      method: 'PUT',
      url: '/api/internal/therapists/t-nobody/photo',
      payload: 'not really a photo',
      headers: { 'content-type': 'image/jpeg' },
    }),
    'DELETE /api/internal/therapists/{id}/photo': send(
      'DELETE',
      '/api/internal/therapists/t-nobody/photo',
    ),
    // A field no therapist has: refused before anything is written.
    'PUT /api/internal/therapists/{id}': send('PUT', '/api/internal/therapists/t-nobody', {
      favouriteColour: 'none',
    }),
    'PUT /api/internal/therapists/{id}/availability': send(
      'PUT',
      '/api/internal/therapists/t-nobody/availability',
      { from: '2026-12-01', to: '2026-12-01', availability: [] },
    ),
    'POST /api/internal/webhooks/{id}/retry': send('POST', '/api/internal/webhooks/999999/retry'),
    'POST /api/internal/bookings/{id}/progress': send(
      'POST',
      `/api/internal/bookings/${NOWHERE}/progress`,
      { status: 'on_the_way', etaMinutes: 10 },
    ),
    'POST /api/internal/reviews/{bookingId}/hide': send(
      'POST',
      `/api/internal/reviews/${NOWHERE}/hide`,
      { reason: 'Checking who may hide' },
    ),
    // A pass of the waitlist's matcher: nobody is waiting yet when it runs.
    'POST /api/internal/waitlist/run': send('POST', '/api/internal/waitlist/run'),
    'GET /api/internal/reviews': get('/api/internal/reviews'),
    'GET /api/tips/{id}/payment-status': get(`/api/tips/${NOWHERE}/payment-status`),
    'GET /api/me/favourites': get('/api/me/favourites'),
    'GET /api/me/waitlist': get('/api/me/waitlist'),
    'GET /api/me/waitlist/offers/{token}': get('/api/me/waitlist/offers/not-a-real-offer-token'),
    // A's booking is confirmed, not completed: A may neither review nor tip it yet.
    'POST /api/bookings/{id}/review': send('POST', `/api/bookings/${f.confirmedBookingId}/review`, {
      rating: 5,
    }),
    'POST /api/bookings/{id}/tip': send('POST', `/api/bookings/${f.confirmedBookingId}/tip`, {
      method: 'credit',
      amountPence: 500,
    }),
    // Notes and photos for the therapist (decision 0093): a signed link nobody signed; A's
    // booking, with a file that is no photo (A reaches the check of its bytes, 415) and a photo
    // id that does not exist.
    'GET /api/booking-photos/{photoId}': get(
      `/api/booking-photos/${NOWHERE}?expires=4102444800&signature=${'A'.repeat(43)}`,
    ),
    'GET /api/bookings/{id}/photos/{photoId}': get(
      `/api/bookings/${f.confirmedBookingId}/photos/${NOWHERE}`,
    ),
    'PUT /api/bookings/{id}/notes': send('PUT', `/api/bookings/${f.confirmedBookingId}/notes`, {
      accessNotes: 'Gate code 1234',
    }),
    'POST /api/bookings/{id}/photos': () => ({
      method: 'POST',
      url: `/api/bookings/${f.confirmedBookingId}/photos`,
      headers: { 'content-type': 'multipart/form-data; boundary=access-matrix' },
      payload:
        '--access-matrix\r\nContent-Disposition: form-data; name="photo"; filename="a.txt"\r\n' +
        'Content-Type: text/plain\r\n\r\nnot a photo\r\n--access-matrix--\r\n',
    }),
    'DELETE /api/bookings/{id}/photos/{photoId}': send(
      'DELETE',
      `/api/bookings/${f.confirmedBookingId}/photos/${NOWHERE}`,
    ),
    'POST /api/reviews/{id}/report': send('POST', `/api/reviews/${NOWHERE}/report`, {
      reason: 'Checking who may report',
    }),
    // Each caller's own favourites: a public therapist, saved then removed.
    'PUT /api/me/favourites/{therapistId}': send('PUT', '/api/me/favourites/t-anna'),
    'DELETE /api/me/favourites/{therapistId}': send('DELETE', '/api/me/favourites/t-anna'),
    // A's saved address: only A can wait with it.
    // Days with no availability in the fixture: the app's waitlist job runs on the real clock
    // every 15 s, and an entry it could match would be offered a held booking of A's in the
    // middle of a later row, which would read as that row's caller changing A.
    'POST /api/me/waitlist': send('POST', '/api/me/waitlist', {
      city: 'testcity',
      treatmentIds: ['massage-60'],
      from: '2026-12-20',
      to: '2026-12-22',
      addressId: f.addressId,
    }),
    'DELETE /api/me/waitlist/{id}': send('DELETE', `/api/me/waitlist/${NOWHERE}`),
    'POST /api/internal/users/{email}/credit': send(
      'POST',
      '/api/internal/users/nobody-here%40example.com/credit',
      { amountPence: 100, reason: 'Checking who may credit', idempotencyKey: 'access-matrix-1' },
    ),

    // better-auth's endpoints the web app calls, aimed at A's email.
    'GET /api/auth/get-session': get('/api/auth/get-session'),
    'GET /api/auth/list-accounts': get('/api/auth/list-accounts'),
    'POST /api/auth/sign-in/email': send('POST', '/api/auth/sign-in/email', {
      email: a.email,
      password: 'Not-The-Password-0',
    }),
    'POST /api/auth/sign-up/email': send('POST', '/api/auth/sign-up/email', {
      email: a.email,
      password: 'Another-Strong-Phrase-42',
      name: 'Someone Else',
      phoneNumber: '07700 900456',
      accountType: 'personal',
    }),
    'POST /api/auth/sign-in/magic-link': send('POST', '/api/auth/sign-in/magic-link', {
      email: a.email,
      callbackURL: '/account',
    }),
    'GET /api/auth/magic-link/verify': get(
      '/api/auth/magic-link/verify?token=not-a-real-token&callbackURL=/account',
    ),
    'GET /api/auth/verify-email': get('/api/auth/verify-email?token=not-a-real-token'),
    'POST /api/auth/request-password-reset': send('POST', '/api/auth/request-password-reset', {
      email: a.email,
      redirectTo: '/authorisation/password-reset',
    }),
    'POST /api/auth/reset-password': send('POST', '/api/auth/reset-password', {
      token: 'not-a-real-token',
      newPassword: 'Another-Strong-Phrase-42',
    }),
    'POST /api/auth/change-password': send('POST', '/api/auth/change-password', {
      currentPassword: 'Not-The-Password-0',
      newPassword: 'Another-Strong-Phrase-42',
    }),
    'POST /api/auth/unlink-account': send('POST', '/api/auth/unlink-account', {
      accountId: f.credentialAccountId,
    }),
    'POST /api/auth/link-social': send('POST', '/api/auth/link-social', {
      provider: 'github',
      callbackURL: '/account',
    }),
    'POST /api/auth/sign-in/social': send('POST', '/api/auth/sign-in/social', {
      provider: 'github',
      callbackURL: '/account',
    }),

    // Last: each caller ends its own session, then deletes its own account.
    'POST /api/auth/sign-out': send('POST', '/api/auth/sign-out', {}),
    'DELETE /api/me': send('DELETE', '/api/me', { password: TEST_PASSWORD }),
  };
}
