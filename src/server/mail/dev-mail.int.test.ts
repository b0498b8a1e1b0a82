import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  holdOk,
  newCustomer,
  payRequest,
  setUpBookingTest,
  type BookingTestEnv,
} from '../../test-support/booking-fixtures';
import { PRODUCTION_ENV } from '../../test-support/production-env';
import { buildTestApp } from '../../test-support/test-app';
import { TEST_ORIGIN } from '../../test-support/test-customer';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { enqueueMail } from './outbox';

// The development mail viewer end to end: real flows queue the mail, /dev/mail shows it, and the
// links and calendar file in it work. In production the path does not exist.

const decode = (html: string) =>
  html
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');

/** The message page of the newest mail to `to` whose subject matches, from the list page. */
function messageLinkIn(list: string, subject: RegExp): string {
  for (const [, href, text] of list.matchAll(/<a href="(\/dev\/mail\/\d+)">([^<]*)<\/a>/g)) {
    if (href && text && subject.test(decode(text))) return href;
  }
  throw new Error(`no message matching ${subject} in:\n${list}`);
}

const hrefsIn = (html: string) =>
  [...html.matchAll(/<a href="([^"]+)" target="_blank" rel="noopener noreferrer">/g)].map(
    ([, href]) => decode(href ?? ''),
  );

const sessionCookie = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((k) => k.name.endsWith('session_token') && k.value !== '');
  return c ? `${c.name}=${c.value}` : null;
};

for (const kind of testDatabaseKinds('one')) {
  describe(`the /dev/mail viewer on ${kind}`, () => {
    let env: BookingTestEnv;

    beforeAll(async () => {
      env = await setUpBookingTest(kind);
    });
    afterAll(async () => {
      await env.app.close();
      await env.database.destroy();
    });

    const get = (url: string) => env.app.inject({ method: 'GET', url });

    it('shows a sign-in link sent through the real flow, and the link signs the customer in', async () => {
      const customer = await newCustomer(env.app, env.database.db, { name: 'Mara Quill' });
      const asked = await env.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/magic-link',
        headers: { origin: TEST_ORIGIN },
        payload: { email: customer.email, callbackURL: '/account', errorCallbackURL: '/login' },
      });
      expect(asked.statusCode).toBe(200);

      const list = await get(`/dev/mail?to=${encodeURIComponent(customer.email)}`);
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(list.headers['cache-control']).toBe('no-store');
      expect(list.body).toContain(customer.email);
      expect(list.body).toContain('>not sent</span>');
      expect(list.body).toContain('href="/dev/mail?to=');

      const page = await get(messageLinkIn(list.body, /sign-in link/i));
      expect(page.statusCode).toBe(200);
      // The HTML part is shown in a sandbox that lets only new tabs out, never scripts.
      expect(page.body).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
      expect(page.body).toMatch(/srcdoc="[^"]*&#60;base target=&#34;_blank&#34;&#62;/);
      expect(page.body).not.toMatch(/<script/i);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");

      const [link] = hrefsIn(page.body);
      if (!link) throw new Error(`no link in the plain-text part:\n${page.body}`);
      const url = new URL(link);
      // Links point at the app's public address (PUBLIC_URL; here the default).
      expect(url.origin).toBe('http://localhost:3000');
      const used = await env.app.inject({ url: url.pathname + url.search });
      expect(used.statusCode).toBe(302);
      expect(used.headers.location).toMatch(/\/account$/);
      const me = await env.app.inject({
        url: '/api/me',
        headers: { cookie: sessionCookie(used) ?? '' },
      });
      expect(me.json()).toMatchObject({ id: customer.id, email: customer.email });
    });

    it('offers the calendar file of a booking confirmation as a download', async () => {
      const customer = await newCustomer(env.app, env.database.db);
      const held = await holdOk(env.app, customer, { startsAt: at('2026-11-25', '11:00') });
      const paid = await payRequest(env.app, customer, held.id);
      expect(paid.statusCode, paid.body).toBe(200);

      const list = await get(`/dev/mail?to=${encodeURIComponent(customer.email)}`);
      expect(list.body).toContain('(1 attachment)');
      const page = await get(messageLinkIn(list.body, /booking is confirmed/));
      expect(page.body).toContain('Your appointments: <a href="http://localhost:3000/account/');
      const href = /<a href="(\/dev\/mail\/\d+\/attachments\/0)" download="booking.ics">/.exec(
        page.body,
      )?.[1];
      if (!href) throw new Error(`no attachment link in:\n${page.body}`);

      const file = await get(href);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH');
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="booking.ics"; filename*=UTF-8''booking.ics`,
      );
      expect(file.body).toMatch(/^BEGIN:VCALENDAR/);
      expect(file.body).toContain(`UID:booking-${held.id}@localhost`);
    });

    it('escapes every field, and keeps a message’s own HTML and script inside the sandbox', async () => {
      const to = 'mallory"<b>@example.com';
      await enqueueMail(env.database.db, {
        to,
        subject: '<script>alert("subject")</script>',
        text: 'Go to javascript:alert(1) or https://example.com/a?b=1&c="x" now.',
        html: '<p onclick="alert(1)">Hi</p><script>alert("body")</script>',
        attachments: [
          { filename: 'évil "name".txt', content: 'x', contentType: 'text/html\r\nX-Bad: 1' },
        ],
      });
      const list = await get(`/dev/mail?to=${encodeURIComponent(to)}`);
      expect(list.body).not.toContain('<script>');
      expect(list.body).not.toContain('<b>@');
      expect(list.body).toContain('&#60;script&#62;alert(&#34;subject&#34;)&#60;/script&#62;');
      expect(list.body).toContain('value="mallory&#34;&#60;b&#62;@example.com"');

      const page = await get(messageLinkIn(list.body, /<script>/));
      expect(page.body.match(/<script/gi)).toBeNull();
      expect(page.body).not.toContain('<p onclick');
      // The srcdoc attribute holds the mail's HTML, escaped once: the browser unescapes it into
      // the sandboxed document, where scripts do not run.
      expect(page.body).toContain('&#60;script&#62;alert(&#34;body&#34;)&#60;/script&#62;');
      // Only http(s) links become links, without the sentence's full stop.
      expect(hrefsIn(page.body)).toEqual(['https://example.com/a?b=1&c=']);
      expect(page.body).toContain('javascript:alert(1)');

      const file = await get(
        /href="(\/dev\/mail\/\d+\/attachments\/0)"/.exec(page.body)?.[1] ?? '',
      );
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/octet-stream');
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="_vil _name_.txt"; filename*=UTF-8''%C3%A9vil%20%22name%22.txt`,
      );
    });

    it('filters by any part of the recipient’s address, as it says', async () => {
      const run = `f${Date.now()}`;
      for (const to of [`ada.${run}@one.example`, `bo.${run}@two.example`]) {
        await enqueueMail(env.database.db, { to, subject: `Hello ${to}`, text: 'Hi' });
      }
      const shown = async (to: string) =>
        [
          ...(await get(`/dev/mail?to=${encodeURIComponent(to)}`)).body.matchAll(
            /<td>([^<]*@[^<]*)<\/td>/g,
          ),
        ].map(([, address]) => address);
      expect(await shown(`ADA.${run}`)).toEqual([`ada.${run}@one.example`]);
      expect(await shown(`${run}@`)).toEqual([`bo.${run}@two.example`, `ada.${run}@one.example`]);
      // Typed text, not a pattern: % and _ match only themselves.
      expect(await shown(`%${run}`)).toEqual([]);
      const page = (await get(`/dev/mail?to=${run}`)).body;
      expect(page).toContain(`2 messages to an address containing “${run}”`);
      // A plain text box: the browser sends part of an address instead of refusing it.
      expect(page).toContain('<label for="to">Recipient contains</label>');
      expect(page).toMatch(/<input id="to" name="to" type="text"/);
    });

    it('answers unknown messages and attachments with problem+json 404s', async () => {
      for (const url of [
        '/dev/mail/999999',
        '/dev/mail/abc',
        '/dev/mail/0',
        '/dev/mail/1/attachments/7',
        '/dev/mail/1/attachments/x',
        '/dev/nothing',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toContain('application/problem+json');
      }
      const css = await get('/dev/mail/viewer.css');
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    });
  });
}

describe('the /dev/mail viewer where it is off', () => {
  let dist: string;
  let database: TestDatabase;
  beforeAll(async () => {
    // A built web app, so a path it would answer with index.html is told apart from a 404.
    dist = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.destroy();
    await rm(dist, { recursive: true, force: true });
  });

  const production = PRODUCTION_ENV;

  for (const [label, settings] of [
    ['production', production],
    ['DEV_MAIL_VIEWER=false', { DEV_MAIL_VIEWER: 'false' }],
  ] as const) {
    it(`is a problem+json 404 in ${label}, never the web app`, async () => {
      const app = await buildTestApp(database, { env: settings, webDistDir: dist });
      try {
        expect((await app.inject('/account')).statusCode).toBe(200);
        for (const url of ['/dev/mail', '/dev/mail/1', '/dev/mail/viewer.css', '/dev']) {
          const res = await app.inject(url);
          expect(res.statusCode, url).toBe(404);
          expect(res.headers['content-type'], url).toContain('application/problem+json');
        }
      } finally {
        await app.close();
      }
    });
  }
});
