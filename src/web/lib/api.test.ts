import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldBookingSchema } from '../../contract/booking';
import { api, apiRequest, isApiError, UNEXPECTED_ANSWER } from './api';

// The client checks each answer against the server's own schema: a wrong shape becomes an
// ApiError the page already knows how to show, never data a component trusts.

const held = {
  id: 'b1',
  status: 'held',
  holdExpiresAt: '2026-11-24T10:10:00.000Z',
  totalPricePence: 3000,
  totalDurationMinutes: 75,
  creditAppliedPence: 0,
  referralDiscountPence: 0,
  referralNote: null,
  walletCreditAvailablePence: 0,
  walletBalancePence: 0,
  amountDuePence: 3000,
};

function answer(status: number, body: unknown, contentType = 'application/json') {
  const fetchMock = vi.fn(
    async () =>
      new Response(body === null ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': contentType },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('api client', () => {
  it('returns an answer that has its schema’s shape, without members the schema lacks', async () => {
    answer(201, { ...held, internalNote: 'not for the page' });
    const result = await api.post('/api/bookings', { city: 'x' }, { schema: heldBookingSchema });
    expect(result).toEqual(held);
  });

  it('checks the answer against a schema that is still loading when the request starts', async () => {
    answer(200, { ...held, internalNote: 'not for the page' });
    const result = await api.get('/api/bookings/b1', {
      schema: Promise.resolve(heldBookingSchema),
    });
    expect(result).toEqual(held);
    answer(200, { ...held, amountDuePence: '30.00' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error: unknown = await api
      .get('/api/bookings/b1', { schema: Promise.resolve(heldBookingSchema) })
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.type).toBe(UNEXPECTED_ANSWER);
  });

  it('turns an answer of the wrong shape into an ApiError and says where it was wrong', async () => {
    answer(201, { ...held, amountDuePence: '30.00' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error: unknown = await api
      .post('/api/bookings', {}, { schema: heldBookingSchema })
      .catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    if (!isApiError(error)) return;
    expect(error.type).toBe(UNEXPECTED_ANSWER);
    expect(error.detail).toMatch(/could not read/);
    expect(logged).toHaveBeenCalledWith(
      'Unexpected answer from POST /api/bookings',
      expect.arrayContaining([expect.objectContaining({ path: ['amountDuePence'] })]),
    );
  });

  it('reads problem+json errors before any schema is applied', async () => {
    answer(
      409,
      { type: 'about:blank', title: 'Conflict', status: 409, detail: 'Taken.' },
      'application/problem+json',
    );
    const error: unknown = await api
      .get('/api/bookings/b1', { schema: heldBookingSchema })
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.status === 409 && error.detail === 'Taken.').toBe(true);
  });

  it("reads a problem's code and keeps its other members, such as whether a slot was released", async () => {
    answer(
      402,
      {
        type: 'about:blank',
        title: 'Payment Required',
        status: 402,
        code: 'card_declined',
        slotReleased: false,
      },
      'application/problem+json',
    );
    const error: unknown = await api
      .get('/api/bookings/b1', { schema: heldBookingSchema })
      .catch((e: unknown) => e);
    if (!isApiError(error)) throw new Error('expected an ApiError');
    expect(error.code).toBe('card_declined');
    expect(error.extensions).toEqual({ slotReleased: false });
  });

  it('has no code when the problem has none, or one that is not text', async () => {
    for (const code of [undefined, 409, null]) {
      answer(
        409,
        { type: 'about:blank', title: 'Conflict', status: 409, detail: 'Taken.', code },
        'application/problem+json',
      );
      const error: unknown = await api
        .get('/api/bookings/b1', { schema: heldBookingSchema })
        .catch((e: unknown) => e);
      if (!isApiError(error)) throw new Error('expected an ApiError');
      expect(error.code).toBeUndefined();
    }
  });

  it('answers 204 No Content with nothing, and reads no body when no schema is asked for', async () => {
    answer(204, null);
    await expect(apiRequest('/api/me/cards/c1', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});
