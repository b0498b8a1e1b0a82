import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingCatalogue,
  getJson,
  newCustomer,
  setUpBookingTest,
  type BookingCustomer,
  type BookingTestEnv,
} from '../test-support/booking-fixtures';
import { buyRequest, giftCardOrder } from '../test-support/gift-card-fixtures';
import { TEST_ORIGIN, TEST_PASSWORD } from '../test-support/test-customer';
import { ONE_LINE_MESSAGE } from '../domain/text-lines';
import { therapist as therapistTable } from '../server/db/schema';

// Names and address lines arrive from the web, from other systems and from scripts: a carriage
// return or line feed in one is refused with a field error by every route that takes it, and
// nothing is stored (decision 0068). Validation only: PGlite is enough.

describe('names and address lines are one line, through the API', () => {
  let env: BookingTestEnv;
  let ada: BookingCustomer;

  beforeAll(async () => {
    env = await setUpBookingTest('pglite');
    ada = await newCustomer(env.app, env.database.db, { name: 'Ada Lovelace' });
  });
  afterAll(async () => {
    await env.app.close();
    await env.database.destroy();
  });

  const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    env.app.inject({ method, url, headers: ada.headers, payload });

  it('refuses a sign-up whose name has a line break, and creates no account', async () => {
    const email = 'two-lines@example.com';
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: {
        email,
        password: TEST_PASSWORD,
        name: 'Eve\r\nBcc: everyone@example.com',
        phoneNumber: '07700 900123',
        accountType: 'personal',
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'name', message: ONE_LINE_MESSAGE });
    const signIn = await env.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).not.toBe(200);
  });

  it('refuses a profile name on two lines, keeping the name it had', async () => {
    const res = await send('PATCH', '/api/me', {
      name: 'Ada\nLovelace',
      phoneNumber: '07700 900123',
      gender: null,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toEqual([{ field: 'body.name', message: ONE_LINE_MESSAGE }]);
    expect((await getJson(env.app, ada, '/api/me')).json().name).toBe('Ada Lovelace');
  });

  it('refuses an address with a line break in a line, saving nothing', async () => {
    const before = (await getJson(env.app, ada, '/api/me/addresses')).json().addresses;
    const res = await send('POST', '/api/me/addresses', {
      line1: '1 Test Street\r\nX-Injected: yes',
      town: 'Edinburgh',
      postcode: 'EH1 1AA',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'body.line1', message: ONE_LINE_MESSAGE }]);
    const saved = before[0];
    if (!saved) throw new Error('the test customer has an address');
    const edit = await send('PATCH', `/api/me/addresses/${saved.id}`, {
      line1: saved.line1,
      town: 'Edin\rburgh',
      postcode: saved.postcode,
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors).toEqual([{ field: 'body.town', message: ONE_LINE_MESSAGE }]);
    expect((await getJson(env.app, ada, '/api/me/addresses')).json().addresses).toEqual(before);
  });

  it("refuses a gift card recipient's name on two lines, but keeps a message's line breaks", async () => {
    const refused = await buyRequest(env.app, ada, giftCardOrder({ recipientName: 'Rosa\nRed' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'body.recipientName', message: ONE_LINE_MESSAGE },
    ]);
    const kept = await buyRequest(
      env.app,
      ada,
      giftCardOrder({ message: 'Happy birthday!\nLove, Mum' }),
    );
    expect(kept.json(), kept.body).toMatchObject({ status: 'confirmed' });
    const purchases = (await getJson(env.app, ada, '/api/me/gift-cards')).json().giftCards;
    expect(purchases.map((p: { message: string }) => p.message)).toEqual([
      'Happy birthday!\nLove, Mum',
    ]);
  });

  it("refuses a catalogue whose therapist's name has a line break", async () => {
    const catalogue = bookingCatalogue();
    const [therapist] = catalogue.therapists;
    if (!therapist) throw new Error('the catalogue has a therapist');
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/internal/catalogue',
      headers: { authorization: 'Bearer test-internal-token-0123456789abcdef' },
      payload: { ...catalogue, therapists: [{ ...therapist, name: 'Anna\r\nSmith' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('must be one line');
    const [stored] = await env.database.db
      .select({ name: therapistTable.name })
      .from(therapistTable)
      .where(eq(therapistTable.id, therapist.id));
    expect(stored?.name).toBe('Anna');
  });
});
