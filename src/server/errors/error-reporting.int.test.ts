import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../test-support/test-app';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { startBackgroundJob } from '../jobs/background-job';

// Errors reach a server speaking Sentry's protocol (docs/decisions/0091): a local HTTP server
// stands in for Sentry's, the DSN points at it, and what arrives is read as Sentry would read it.

interface Envelope {
  header: Record<string, unknown>;
  items: { header: Record<string, unknown>; payload: Record<string, unknown> }[];
  raw: string;
}

/** An envelope: a header line, then for each item its header line and its payload line. */
function parseEnvelope(raw: string): Envelope {
  const [header = '{}', ...rest] = raw.split('\n').filter((line) => line.trim() !== '');
  const items: Envelope['items'] = [];
  for (let i = 0; i + 1 < rest.length; i += 2) {
    items.push({ header: JSON.parse(rest[i] ?? '{}'), payload: JSON.parse(rest[i + 1] ?? '{}') });
  }
  return { header: JSON.parse(header), items, raw };
}

const CUSTOMER = {
  email: 'isla.macleod@example.com',
  name: 'Isla MacLeod',
  postcode: 'EH2 2PR',
  cardNumber: '4242 4242 4242 4242',
};
const BEARER = 'c2Vzc2lvbi10b2tlbi0wMTIzNDU2Nzg5YWJjZGVm';
const COOKIE = 'glow.session=s3ss10n-v4lue-0f-th3-cust0mer';
const QUERY_TOKEN = 'offer-t0ken-K7Q2M9XD';

for (const kind of testDatabaseKinds('one')) {
  describe(`error reports on ${kind}`, () => {
    let database: TestDatabase;
    let sentry: Server;
    let dsn: string;
    let envelopes: Envelope[] = [];
    let jobEnvelopes: Envelope[] = [];
    let app: FastifyInstance;
    let dist: string;

    beforeAll(async () => {
      sentry = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = (
            request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body
          ).toString('utf8');
          if (request.url?.startsWith('/api/1/envelope/')) envelopes.push(parseEnvelope(text));
          response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
      });
      await new Promise<void>((resolve) => sentry.listen(0, '127.0.0.1', resolve));
      const address = sentry.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      dsn = `http://publickey@127.0.0.1:${port}/1`;
      dist = await mkdtemp(path.join(os.tmpdir(), 'reporting-dist-'));
      await writeFile(
        path.join(dist, 'index.html'),
        '<!doctype html><html><head><title>Glow</title></head><body><div id="root"></div></body></html>',
      );
      database = await createTestDatabase(kind);
      app = await buildTestApp(database, {
        webDistDir: dist,
        env: { SENTRY_DSN: dsn, GA_MEASUREMENT_ID: 'G-TEST12345' },
      });
      // A route that fails the way a real one might: with the customer's details in its message.
      app.post('/test/pay', async (request) => {
        const body = request.body as typeof CUSTOMER;
        throw new Error(
          `Payment refused for ${body.email} at ${body.postcode}, card ${body.cardNumber}`,
        );
      });
      startBackgroundJob(app, {
        name: 'test sweep',
        intervalMs: 3_600_000,
        run: async () => {
          throw new Error(`could not remind ${CUSTOMER.email}`);
        },
      });
      await app.ready();
      // The job's first pass fails as the app starts: its one report, set aside for its own test.
      await vi.waitFor(async () => {
        await app.errorReporter?.flush(2000);
        expect(envelopes).toHaveLength(1);
      });
      jobEnvelopes = envelopes;
      envelopes = [];
    });
    afterEach(() => {
      envelopes = [];
    });
    afterAll(async () => {
      await app.close();
      await database.destroy();
      await rm(dist, { recursive: true, force: true });
      await new Promise((resolve) => sentry.close(resolve));
    });

    it("reports a background job's failure once, named by the job", () => {
      expect(jobEnvelopes).toHaveLength(1);
      const event = jobEnvelopes[0]?.items.find((item) => item.header.type === 'event')?.payload;
      expect(event).toMatchObject({
        tags: { job: 'test sweep' },
        exception: { values: [expect.objectContaining({ value: 'could not remind [email]' })] },
      });
      expect(jobEnvelopes[0]?.raw).not.toContain(CUSTOMER.email);
    });

    it('sends one envelope for a failed request, with release and environment, no personal data', async () => {
      const response = await app.inject({
        method: 'POST',
        url: `/test/pay?token=${QUERY_TOKEN}&email=${encodeURIComponent(CUSTOMER.email)}`,
        headers: { authorization: `Bearer ${BEARER}`, cookie: COOKIE },
        payload: CUSTOMER,
      });
      expect(response.statusCode).toBe(500);
      expect(await app.errorReporter?.flush(2000)).toBe(true);

      expect(envelopes).toHaveLength(1);
      const [envelope] = envelopes;
      const event = envelope?.items.find((item) => item.header.type === 'event')?.payload;
      expect(event).toMatchObject({
        level: 'error',
        release: expect.stringMatching(/^athome-booking@\d+\.\d+\.\d+/),
        environment: 'test',
        tags: { route: '/test/pay', method: 'POST' },
        request: { method: 'POST', url: '/test/pay?[query]' },
        exception: {
          values: [
            expect.objectContaining({
              type: 'Error',
              value: 'Payment refused for [email] at [postcode], card [card]',
            }),
          ],
        },
      });
      const raw = envelope?.raw ?? '';
      for (const personal of [
        ...Object.values(CUSTOMER),
        CUSTOMER.cardNumber.replaceAll(' ', ''),
        BEARER,
        COOKIE,
        's3ss10n-v4lue-0f-th3-cust0mer',
        QUERY_TOKEN,
      ]) {
        expect(raw).not.toContain(personal);
      }
    });

    it('sends nothing for an answer that is not our failure', async () => {
      const response = await app.inject('/api/no-such-route');
      expect(response.statusCode).toBe(404);
      await app.errorReporter?.flush(2000);
      expect(envelopes).toEqual([]);
    });

    it('gives the page its settings and lets it reach the tag and the DSN, and only then', async () => {
      for (const url of ['/', '/index.html']) {
        const page = await app.inject(url);
        expect(page.body).toContain('<meta name="ga-measurement-id" content="G-TEST12345" />');
        expect(page.body).toContain(`<meta name="sentry-dsn" content="${dsn}" />`);
        expect(page.body).toContain('<meta name="sentry-environment" content="test" />');
        const csp = String(page.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self' https://www.googletagmanager.com;");
        expect(csp).toContain(`https://*.googletagmanager.com ${new URL(dsn).origin};`);
      }
      const plain = await buildTestApp(database, { webDistDir: dist });
      try {
        const page = await plain.inject('/');
        expect(page.body).not.toContain('<meta name="ga-measurement-id"');
        expect(page.body).not.toContain('<meta name="sentry-');
        expect(String(page.headers['content-security-policy'])).not.toMatch(/google|127\.0\.0\.1/);
        expect(plain.errorReporter?.enabled).toBe(false);
      } finally {
        await plain.close();
      }
    });
  });
}
