import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  newCustomer,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../test-support/booking-fixtures';
import {
  cancelBooking,
  fetchPaymentStatus,
  holdBooking,
  payBooking,
  rescheduleBooking,
} from '../web/features/booking/api';
import {
  buyGiftCard,
  fetchGiftCardPaymentStatus,
  fetchGiftCardPurchases,
  redeemGiftCard,
} from '../web/features/gift-cards/api';
import { answerAuthentication, fetchAuthentication } from '../web/features/payment/api';
import { api, setApiTransport } from '../web/lib/api';
import { codeOf } from '../test-support/gift-card-fixtures';
import { authProvidersSchema } from './auth';
import {
  availableDatesAnswer,
  availableTherapistsAnswer,
  therapistsWithSlotInstants,
} from './availability';
import { bookingViewSchema } from './booking';
import { citiesAnswer, cityTreatmentsAnswer } from './catalogue';
import {
  addressesAnswer,
  appointmentsSchema,
  cardsAnswer,
  profileViewSchema,
  walletSchema,
} from './me';
import { paymentConfigSchema } from './payments';
import { professionalSchema, professionalsAnswer } from './professionals';

// The contract proven from both ends: the web client's own calls, parsing with the schemas in
// src/contract, against the real server's answers (fetch is handed to app.inject).

describe('the web client reading the real server', () => {
  let env: BookingTestEnv;
  let ada: BookingCustomer;

  beforeAll(async () => {
    env = await setUpBookingTest('pglite');
    ada = await newCustomer(env.app, env.database.db, { name: 'Ada Lovelace' });
    // The transport, not the global fetch: a page renderer built earlier in this worker (test
    // files share its modules) has set the transport to its own, which no stub of fetch reaches.
    setApiTransport(async (input: string | URL, init: RequestInit = {}) => {
      const res = await env.app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: String(input),
        headers: { ...ada.headers, ...(init.headers as Record<string, string>) },
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      });
      return new Response(res.statusCode === 204 ? null : res.body, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? '') },
      });
    });
  });
  afterAll(async () => {
    setApiTransport((path, init) => fetch(path, init));
    await env.app.close();
    await env.database.destroy();
  });

  it('reads the catalogue, availability and professionals', async () => {
    const { cities } = await api.get('/api/cities', { schema: citiesAnswer });
    expect(cities.map((c) => c.slug)).toContain('testcity');
    const { treatments } = await api.get('/api/cities/testcity/treatments', {
      schema: cityTreatmentsAnswer,
    });
    expect(treatments.find((t) => t.id === 'massage-60')?.addOnIds).toEqual(['hot-stones']);

    const query = 'treatments=massage-60';
    const { dates } = await api.get(`/api/cities/testcity/dates?${query}`, {
      schema: availableDatesAnswer,
    });
    expect(dates).toContain('2026-11-24');
    const therapists = therapistsWithSlotInstants(
      await api.get(`/api/cities/testcity/therapists?date=2026-11-24&${query}`, {
        schema: availableTherapistsAnswer,
      }),
    );
    expect(therapists.find((t) => t.id === 't-anna')?.slots).toContain(at('2026-11-24', '10:00'));

    const { professionals } = await api.get('/api/professionals', { schema: professionalsAnswer });
    expect(professionals.map((p) => p.username)).toContain('anna');
    const anna = await api.get('/api/professionals/anna', { schema: professionalSchema });
    expect(anna.treatments.length).toBeGreaterThan(0);
    expect((await api.get('/api/payments/config', { schema: paymentConfigSchema })).provider).toBe(
      'demo',
    );
    expect(await api.get('/api/auth-providers', { schema: authProvidersSchema })).toEqual({
      social: [],
      oidc: null,
    });
  });

  it('holds, pays through the bank check, reads, moves and cancels a booking', async () => {
    const held = await holdBooking({
      city: 'testcity',
      therapistId: 't-anna',
      treatmentIds: ['massage-60', 'hot-stones'],
      startsAt: at('2026-11-24', '10:00'),
      addressId: ada.addressId,
    });
    expect(held).toMatchObject({ status: 'held', totalPricePence: 4000, amountDuePence: 4000 });

    const paid = await payBooking(held.id, {
      method: 'card',
      card: { number: '4000002760003184', expMonth: 12, expYear: 2030, cvc: '123' },
      saveCard: true,
    });
    if (paid.status !== 'requires_action')
      throw new Error(`expected the bank check: ${paid.status}`);
    const paymentId = new URL(paid.actionUrl, 'http://x').searchParams.get('payment') ?? '';
    const bank = await fetchAuthentication(paymentId);
    expect(bank).toMatchObject({ bookingId: held.id, amountPence: 4000, currency: 'GBP' });
    expect(await answerAuthentication(paymentId, 'approve')).toEqual({ status: 'confirmed' });

    const booking = await api.get(`/api/bookings/${held.id}`, { schema: bookingViewSchema });
    expect(booking).toMatchObject({ status: 'confirmed', startsAt: at('2026-11-24', '10:00') });
    expect(booking.address?.line1).toBe('1 Test Street');
    expect((await fetchPaymentStatus(held.id)).status).toBe('confirmed');

    const moved = await rescheduleBooking(held.id, at('2026-11-24', '13:00'));
    expect(moved.startsAt).toBe(at('2026-11-24', '13:00'));
    const { upcoming } = await api.get('/api/me/appointments', { schema: appointmentsSchema });
    expect(upcoming.map((b) => b.id)).toEqual([held.id]);
    const { cards } = await api.get('/api/me/cards', { schema: cardsAnswer });
    expect(cards).toHaveLength(1);

    const cancelled = await cancelBooking(held.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', refundPence: 4000 });
  });

  it('buys a gift card through the bank check, lists it and redeems its code', async () => {
    const orderId = crypto.randomUUID();
    const bought = await buyGiftCard({
      orderId,
      amountPence: 3000,
      recipientName: 'Rosa',
      recipientEmail: 'rosa@example.com',
      sendOn: '2026-11-23',
      method: 'card',
      card: { number: '4000002760003184', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    if (bought.status !== 'requires_action')
      throw new Error(`expected the bank check: ${bought.status}`);
    const paymentId = new URL(bought.actionUrl, 'http://x').searchParams.get('payment') ?? '';
    const bank = await fetchAuthentication(paymentId);
    expect(bank).toMatchObject({ bookingId: null, giftCardId: orderId, amountPence: 3000 });
    expect(await answerAuthentication(paymentId, 'approve')).toEqual({ status: 'confirmed' });
    expect((await fetchGiftCardPaymentStatus(orderId)).status).toBe('paid');
    const [listed] = await fetchGiftCardPurchases();
    expect(listed).toMatchObject({ id: orderId, amountPence: 3000, status: 'sending' });

    const code = await codeOf(env.database.db, orderId);
    expect(await redeemGiftCard(code)).toEqual({ addedPence: 3000, balancePence: 3000 });
    const wallet = await api.get('/api/me/wallet', { schema: walletSchema });
    expect(wallet.balancePence).toBe(3000);
  });

  it("reads the customer's profile, wallet and addresses", async () => {
    const me = await api.get('/api/me', { schema: profileViewSchema });
    expect(me).toMatchObject({ id: ada.id, name: 'Ada Lovelace', accountType: 'personal' });
    const wallet = await api.get('/api/me/wallet', { schema: walletSchema });
    // The gift card she bought herself and redeemed above.
    expect(wallet.balancePence).toBe(3000);
    const { addresses } = await api.get('/api/me/addresses', { schema: addressesAnswer });
    expect(addresses.map((a) => a.id)).toEqual([ada.addressId]);
  });
});
