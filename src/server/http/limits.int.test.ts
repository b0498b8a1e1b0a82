import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/test-app';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';

// The limits are enforced by Node's HTTP server under Fastify, so they are tested over a real
// socket: inject() never goes through it.

const TOKEN = 'test-internal-token-0123456789abcdef';

describe('HTTP limits', () => {
  let database: TestDatabase;
  let app: FastifyInstance | null = null;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterEach(async () => {
    await app?.close();
    app = null;
  });
  afterAll(async () => {
    await database?.destroy();
  });

  async function listening(env: Record<string, string>): Promise<number> {
    app = await buildTestApp(database, { env });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('not listening');
    return address.port;
  }

  /** Sends raw bytes and resolves with all the server wrote, once it closes the connection. */
  function rawExchange(port: number, bytes: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
      socket.write(bytes);
    });
  }

  it('disconnects a client that announces a body and never sends it', async () => {
    const port = await listening({ REQUEST_TIMEOUT_SECONDS: '1' });
    const reply = await rawExchange(
      port,
      'POST /api/internal/catalogue HTTP/1.1\r\nHost: localhost\r\n' +
        `Authorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\n` +
        'Content-Length: 1000\r\n\r\n{"cities":',
    );
    // Resolving at all is the point: without a request timeout the socket stays open for ever.
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(reply).toContain('Content-Type: application/problem+json');
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toMatchObject({
      status: 408,
      title: 'Request Timeout',
    });
    // Generous: this bounds a one-second timeout on a machine that may be busy.
  }, 60_000);

  it('answers over-large headers with 431 problem+json', async () => {
    const port = await listening({ HEADER_LIMIT_KB: '1' });
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`, {
      headers: { 'x-padding': 'a'.repeat(500) },
    });
    expect(ok.status).toBe(200);
    const reply = await rawExchange(
      port,
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(2000)}\r\n\r\n`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    expect(reply).toContain('Content-Type: application/problem+json');
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 431 });
  });

  it('answers an over-large body with 413 problem+json', async () => {
    const port = await listening({ BODY_LIMIT_KB: '1' });
    const url = `http://127.0.0.1:${port}/api/internal/users/someone%40example.com/roles`;
    const response = await fetch(url, {
      method: 'PUT',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ therapist: true, padding: 'x'.repeat(2000) }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ status: 413 });
  });

  it('accepts an email address as long as an email address may be in a path', async () => {
    const port = await listening({});
    const email = `${'a'.repeat(64)}@${'b'.repeat(200)}.example`;
    const response = await fetch(
      `http://127.0.0.1:${port}/api/internal/users/${encodeURIComponent(email)}/roles`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ therapist: true }),
      },
    );
    // The route was reached: the answer is about the (missing) user, not an unknown address.
    expect(await response.json()).toMatchObject({ detail: `No user with email ${email}.` });
  });
});
