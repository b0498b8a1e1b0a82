import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '../catalogue/import-catalogue';
import { bookingCatalogue } from '../../test-support/booking-fixtures';
import { buildTestApp } from '../../test-support/test-app';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';
import { statusTitle } from './problem';

// Every kind of answer the server gives, from an API success to an error Node writes before
// Fastify sees the request, carries the same security headers; every API error is problem+json.
// The CSP admits the stylesheet the build inlined into index.html by its hash, nothing else inline.

const CSS = 'body{color:#be185d}';
const INDEX_HTML = `<!doctype html><html><head><style>${CSS}</style></head><body></body></html>`;
const STYLE_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

function expectSecurityHeaders(res: { headers: Record<string, unknown> }, what: string) {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  const csp = String(res.headers['content-security-policy']);
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("script-src 'self';");
  expect(csp, what).toContain(`style-src-elem 'self' ${STYLE_HASH};`);
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, what).not.toMatch(/style-src(-elem)? [^;]*'unsafe-inline'/);
}

function expectProblem(res: LightMyRequestResponse, status: number, what: string) {
  expect(res.statusCode, what).toBe(status);
  expect(res.headers['content-type'], what).toMatch(/^application\/problem\+json/);
  expect(res.json(), what).toMatchObject({
    type: 'about:blank',
    title: statusTitle(status),
    status,
  });
  expect(typeof res.json<{ detail: unknown }>().detail, what).toBe('string');
}

/** Sends raw bytes to a listening server and returns the head of its answer. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function headersOf(raw: string): Record<string, string> {
  const [head = ''] = raw.split('\r\n\r\n');
  return Object.fromEntries(
    head
      .split('\r\n')
      .slice(1)
      .map((line) => {
        const at = line.indexOf(':');
        return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
      }),
  );
}

for (const kind of testDatabaseKinds('one')) {
  describe(`headers on every kind of response on ${kind}`, () => {
    let database: TestDatabase;
    let dist: string;
    let app: FastifyInstance;

    beforeAll(async () => {
      dist = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
      await mkdir(path.join(dist, 'assets'));
      await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
      await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1);');
      database = await createTestDatabase(kind);
      const imported = await importCatalogue(database.db, bookingCatalogue());
      if (!imported.ok) throw new Error('catalogue import failed');
      app = await buildTestApp(database, { webDistDir: dist, env: { HEADER_LIMIT_KB: '8' } });
    });
    afterAll(async () => {
      await app.close();
      await database.destroy();
      await rm(dist, { recursive: true, force: true });
    });

    it('sends them on successes, pages, files and media', async () => {
      const cases: [string, number][] = [
        ['/api/cities', 200],
        ['/', 200],
        ['/account', 200],
        ['/no-such-page', 404],
        ['/assets/app-abc123.js', 200],
        ['/media/therapists/t-anna/portrait.svg', 200],
      ];
      for (const [url, status] of cases) {
        const res = await app.inject(url);
        expect(res.statusCode, url).toBe(status);
        expectSecurityHeaders(res, url);
      }
      expect((await app.inject('/')).body).toBe(INDEX_HTML);
    });

    it('answers every API error, routed or not, as problem+json with them', async () => {
      const json = { 'content-type': 'application/json' };
      const cases: [string | InjectOptions, number][] = [
        ['/api/me', 401],
        ['/api/no-such-thing', 404],
        ['/assets/missing-chunk.js', 404],
        ['/media/therapists/t-anna/nothing.jpg', 404],
        // better-auth's unknown paths answered 404 with the body `null`.
        ['/api/auth/no-such-thing', 404],
        // Fastify's router answered these two with plain JSON and no headers at all.
        ['/api/cities/%C0%AE/treatments', 400],
        [`/api/cities/${'a'.repeat(400)}/treatments`, 414],
        [{ method: 'POST', url: '/api/referrals/validate', headers: json, payload: '{' }, 400],
        [
          {
            method: 'POST',
            url: '/api/referrals/validate',
            headers: json,
            payload: 'x'.repeat(2_000_000),
          },
          413,
        ],
        [
          {
            method: 'POST',
            url: '/api/referrals/validate',
            headers: { 'content-type': 'text/csv' },
            payload: 'a',
          },
          415,
        ],
        [{ method: 'POST', url: '/api/auth/sign-in/email', headers: json, payload: '{}' }, 400],
      ];
      for (const [request, status] of cases) {
        const res = await app.inject(request);
        const what = typeof request === 'string' ? request : `${request.method} ${request.url}`;
        expectProblem(res, status, what.slice(0, 80));
        expectSecurityHeaders(res, what.slice(0, 80));
      }
    });

    it('sends them on the errors Node answers before Fastify: 431 and a malformed request', async () => {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const port = Number(new URL(address).port);
      const tooBig = await rawExchange(
        port,
        `GET /api/cities HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(10_000)}\r\n\r\n`,
      );
      const malformed = await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n');
      for (const [raw, status] of [
        [tooBig, 431],
        [malformed, 400],
      ] as const) {
        expect(raw.startsWith(`HTTP/1.1 ${status} `), raw.slice(0, 40)).toBe(true);
        const headers = headersOf(raw);
        expect(headers['content-type']).toBe('application/problem+json');
        expectSecurityHeaders({ headers }, `raw ${status}`);
        const body = JSON.parse(raw.split('\r\n\r\n')[1] ?? '') as Record<string, unknown>;
        expect(body).toMatchObject({ title: statusTitle(status), status });
      }
    });

    it('answers a request that arrives while the server drains with a 503 carrying them', async () => {
      const draining = await buildTestApp(database, { webDistDir: dist });
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let started = () => {};
      const slowStarted = new Promise<void>((resolve) => (started = resolve));
      draining.get('/test/slow', async () => {
        started();
        await released;
        return { ok: true };
      });
      const address = await draining.listen({ port: 0, host: '127.0.0.1' });
      // Node emits 'request' as soon as it has parsed a request, even one queued behind another
      // on the same connection: waiting for the second one replaces any guess at a delay.
      let seen = 0;
      let secondParsed = () => {};
      const secondSeen = new Promise<void>((resolve) => (secondParsed = resolve));
      draining.server.on('request', () => {
        seen += 1;
        if (seen === 2) secondParsed();
      });
      // A second request on a connection still busy with the first, sent once the server has
      // begun to close: what a load balancer's keep-alive connection does during a deploy.
      const socket = connect(Number(new URL(address).port), '127.0.0.1');
      let raw = '';
      socket.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
      const socketClosed = new Promise((resolve) => socket.on('close', resolve));
      socket.write('GET /test/slow HTTP/1.1\r\nHost: x\r\n\r\n');
      await slowStarted;
      const closed = draining.close();
      await new Promise<void>((resolve) =>
        socket.write('GET /api/cities HTTP/1.1\r\nHost: x\r\n\r\n', () => resolve()),
      );
      await secondSeen;
      release();
      await socketClosed;
      await closed;
      expect(raw.startsWith('HTTP/1.1 200 '), raw.slice(0, 40)).toBe(true);
      const second = raw.slice(raw.indexOf('HTTP/1.1 503 '));
      expect(second.startsWith('HTTP/1.1 503 '), raw).toBe(true);
      const headers = headersOf(second);
      expect(headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(headers.connection).toBe('close');
      expect(headers['retry-after']).toBe('5');
      expectSecurityHeaders({ headers }, 'raw 503 while draining');
      const body = JSON.parse(second.split('\r\n\r\n')[1] ?? '') as Record<string, unknown>;
      expect(body).toMatchObject({ title: statusTitle(503), status: 503 });
    });
  });
}
