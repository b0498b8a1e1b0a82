import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  holdOk,
  newCustomer,
  setUpBookingTest,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { testDatabaseKinds } from '../../test-support/test-database';
import {
  therapistsWithSlotInstants,
  type AvailableTherapistsAnswer,
} from '../../contract/availability';
import { booking } from '../db/schema';

// PUT /api/internal/therapists/:id and /availability (docs/decisions/0092): idempotent, checked
// like the import, availability answers fresh at once although they are cached for a minute, and
// a booking the change strands reported while it stays as it was.

const TOKEN = 'test-internal-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };
const DAY = '2026-11-24';
const MIN = 60_000;

describe.each(testDatabaseKinds('one'))('PUT /api/internal/therapists on %s', (kind) => {
  let env: BookingTestEnv;
  let bookingId: string;
  let reference: string;

  beforeAll(async () => {
    env = await setUpBookingTest(kind, { env: { AVAILABILITY_CACHE_SECONDS: '60' } });
    const customer = await newCustomer(env.app, env.database.db);
    bookingId = (await holdOk(env.app, customer, { startsAt: at(DAY, '10:00') })).id;
    const [row] = await env.database.db
      .select({ reference: booking.reference })
      .from(booking)
      .where(eq(booking.id, bookingId));
    reference = row?.reference ?? '';
  });
  afterAll(async () => {
    await env?.app.close();
    await env?.database.destroy();
  });

  const put = (url: string, payload: unknown) =>
    env.app.inject({ method: 'PUT', url, headers: auth, payload: payload as object });
  const annasTimes = async (day = DAY) => {
    const res = await env.app.inject({
      url: `/api/cities/testcity/therapists?date=${day}&treatments=massage-60`,
    });
    // The free start times as the web app reads them (slotRuns on the wire).
    const answer = therapistsWithSlotInstants(res.json<AvailableTherapistsAnswer>());
    return answer.find((t) => t.id === 't-anna')?.slots ?? null;
  };
  const bookingStatus = async () =>
    (
      await env.database.db
        .select({ status: booking.status })
        .from(booking)
        .where(eq(booking.id, bookingId))
    )[0]?.status;

  it("replaces a day's windows at once, idempotently, reporting the booking it strands", async () => {
    const before = await annasTimes();
    expect(before?.length).toBeGreaterThan(0);
    const body = {
      from: DAY,
      to: DAY,
      // The company's timestamps: 13:00 to 15:00 in quarter hours.
      availability: Array.from(
        { length: 8 },
        (_, i) => Date.parse(at(DAY, '13:00')) + i * 15 * MIN,
      ),
    };
    const first = await put('/api/internal/therapists/t-anna/availability', body);
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json();
    expect(answer).toEqual({
      therapistId: 't-anna',
      from: DAY,
      to: DAY,
      availability: [{ start: at(DAY, '13:00'), end: at(DAY, '15:00') }],
      strandedBookings: [
        {
          reference,
          status: 'held',
          start: at(DAY, '10:00'),
          end: at(DAY, '11:15'),
          reasons: ['outside_availability'],
        },
      ],
    });
    // Cached for a minute, yet the next answer already knows.
    const after = await annasTimes();
    expect(after).not.toEqual(before);
    expect(after?.length).toBeGreaterThan(0);
    // The other days are as they were, and the booking stays.
    expect((await annasTimes('2026-11-25'))?.[0]).toBe(at('2026-11-25', '09:00'));
    expect(await bookingStatus()).toBe('held');

    const again = await put('/api/internal/therapists/t-anna/availability', body);
    expect(again.json()).toEqual(answer);
    expect(await annasTimes()).toEqual(after);
  });

  it('keeps the part of a window outside the days', async () => {
    const night = { start: at('2026-11-29', '20:00'), end: at('2026-11-30', '04:00') };
    const twoDays = { from: '2026-11-29', to: '2026-11-30' };
    expect(
      (
        await put('/api/internal/therapists/t-anna/availability', {
          ...twoDays,
          availability: [night],
        })
      ).statusCode,
    ).toBe(200);
    const res = await put('/api/internal/therapists/t-anna/availability', {
      from: '2026-11-30',
      to: '2026-11-30',
      availability: [],
    });
    expect(res.json()).toMatchObject({ availability: [], strandedBookings: [] });
    const catalogue = await env.app.inject({ url: '/api/internal/catalogue', headers: auth });
    const anna = catalogue
      .json<{ therapists: { id: string; availability: { start: string; end: string }[] }[] }>()
      .therapists.find((t) => t.id === 't-anna');
    expect(anna?.availability.slice(-2)).toEqual([
      { start: at('2026-11-28', '09:00'), end: at('2026-11-28', '17:00') },
      { start: night.start, end: at('2026-11-30', '00:00') },
    ]);
  });

  it('creates or replaces a therapist in either shape, idempotently', async () => {
    const erin = {
      username: 'erin',
      name: 'Erin',
      active: true,
      business: true,
      stripeConnect: true,
      area: 'testcity',
      gender: { female: true, male: true, 'non-binary': true },
      minimumSpend: null,
      services: [{ id: 'massage-60', price: 3000, duration: 60 * MIN }],
      availability: [{ start: at(DAY, '09:00'), end: at(DAY, '12:00') }],
    };
    const first = await put('/api/internal/therapists/t-erin', erin);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      therapist: {
        id: 't-erin',
        paymentsConnected: true,
        genders: ['female', 'male', 'non-binary'],
        minimumSpendPence: null,
        serviceIds: ['massage-60'],
      },
      strandedBookings: [],
    });
    const second = await put('/api/internal/therapists/t-erin', { ...erin, id: 't-erin' });
    expect(second.json()).toEqual(first.json());
    const offered = await env.app.inject({
      url: `/api/cities/testcity/therapists?date=${DAY}&treatments=massage-60`,
    });
    expect(offered.body).toContain('t-erin');
  });

  it('reports a booking stranded by a therapist no longer offering it, and keeps it', async () => {
    const catalogue = await env.app.inject({ url: '/api/internal/catalogue', headers: auth });
    const anna = catalogue
      .json<{ therapists: Record<string, unknown>[] }>()
      .therapists.find((t) => t.id === 't-anna');
    const changed = { ...anna, active: false, serviceIds: ['manicure'] };
    const res = await put('/api/internal/therapists/t-anna', changed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ strandedBookings: unknown[] }>().strandedBookings).toEqual([
      expect.objectContaining({
        reference,
        reasons: ['outside_availability', 'treatment_not_offered', 'therapist_inactive'],
      }),
    ]);
    expect(await annasTimes()).toBeNull();
    expect(await bookingStatus()).toBe('held');
  });

  it('refuses bad bodies with the path, and an unknown therapist with 404', async () => {
    const unknown = await put('/api/internal/therapists/t-erin', { favouriteColour: 'pink' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    expect(unknown.json<{ errors: { field: string }[] }>().errors.map((e) => e.field)).toEqual(
      expect.arrayContaining(['$.favouriteColour', '$.username']),
    );
    const otherId = await put('/api/internal/therapists/t-erin', { id: 't-anna' });
    expect(otherId.json()).toMatchObject({ errors: [{ field: '$.id' }] });

    const outside = await put('/api/internal/therapists/t-anna/availability', {
      from: DAY,
      to: DAY,
      availability: [{ start: at(DAY, '22:00'), end: at('2026-11-25', '02:00') }],
      extra: 1,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json<{ errors: { field: string }[] }>().errors.map((e) => e.field)).toEqual([
      '$.extra',
      '$.availability[0]',
    ]);

    const nobody = await put('/api/internal/therapists/t-nobody/availability', {
      from: DAY,
      to: DAY,
      availability: [],
    });
    expect(nobody.statusCode).toBe(404);
  });
});
