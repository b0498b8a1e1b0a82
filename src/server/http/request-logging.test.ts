import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { loggableUrl, RequestLogController, requestLogLevel } from './request-logging';

describe('which requests are logged at info', () => {
  it('logs API calls at info, and static files, pages and health checks at debug', () => {
    expect(requestLogLevel('/api/cities', 200)).toBe('info');
    expect(requestLogLevel('/api/bookings/abc/payment', 409)).toBe('info');
    expect(requestLogLevel('/api', 404)).toBe('info');
    for (const path of ['/api/health', '/api/health/live', '/assets/index-abc.js', '/', '/login'])
      expect(requestLogLevel(path, 200), path).toBe('debug');
    expect(requestLogLevel('/dev/mail', 200)).toBe('debug');
    expect(requestLogLevel('/favicon.ico', 404)).toBe('debug');
    expect(requestLogLevel('/api/healthy', 200)).toBe('info');
  });

  it('always logs a server error', () => {
    expect(requestLogLevel('/api/health', 503)).toBe('error');
    expect(requestLogLevel('/assets/x.js', 500)).toBe('error');
  });
});

describe('URLs in the log', () => {
  it('hides sign-in and reset tokens and OAuth codes, keeping the rest', () => {
    expect(loggableUrl('/api/auth/magic-link/verify?token=abc123&callbackURL=/account')).toBe(
      '/api/auth/magic-link/verify?token=…&callbackURL=/account',
    );
    expect(loggableUrl('/api/auth/reset-password/tok3n?callbackURL=/reset')).toBe(
      '/api/auth/reset-password/…?callbackURL=/reset',
    );
    expect(loggableUrl('/api/auth/callback/oidc?code=c0de&state=s7ate')).toBe(
      '/api/auth/callback/oidc?code=…&state=…',
    );
    expect(loggableUrl('/api/auth/verify-email?token=x&id_token=y')).toBe(
      '/api/auth/verify-email?token=…&id_token=…',
    );
    expect(loggableUrl('/api/cities/edinburgh/dates?treatments=a,b&postcode=EH1')).toBe(
      '/api/cities/edinburgh/dates?treatments=a,b&postcode=EH1',
    );
    expect(loggableUrl('/api/cities')).toBe('/api/cities');
  });
});

describe('the request log controller', () => {
  it('writes one line per request at the rule’s level, with method, URL, status and time', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({
      loggerInstance: pino({ level: 'debug' }, sink),
      logController: new RequestLogController(),
    });
    app.get('/api/cities', async () => ({ cities: [] }));
    app.get('/api/health', async () => ({ status: 'ok' }));
    app.get('/assets/app.js', async () => 'x');
    app.get('/api/broken', async () => {
      throw new Error('boom');
    });
    try {
      await app.inject('/api/cities?token=secret');
      await app.inject('/api/health');
      await app.inject('/assets/app.js');
      await app.inject('/api/broken');
    } finally {
      await app.close();
    }
    // Fastify's default error handler logs the error itself too; here only the request lines count.
    const requestLines = lines.filter((l) => l.responseTime !== undefined);
    expect(requestLines.map((l) => [l.level, l.msg])).toEqual([
      [30, expect.stringMatching(/^GET \/api\/cities\?token=… 200 \d+ ms$/)],
      [20, expect.stringMatching(/^GET \/api\/health 200 \d+ ms$/)],
      [20, expect.stringMatching(/^GET \/assets\/app\.js 200 \d+ ms$/)],
      [50, expect.stringMatching(/^GET \/api\/broken 500 \d+ ms$/)],
    ]);
    expect(requestLines[0]).toMatchObject({
      req: { method: 'GET', url: '/api/cities?token=…' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    // No "incoming request" lines: one line per request.
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
  });

  it('writes a download the client gave up as its request, at its level, not as an unnamed line', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({
      loggerInstance: pino({ level: 'debug' }, sink),
      logController: new RequestLogController(),
    });
    // Never ends: only the client leaving stops it.
    const endless = () =>
      new Readable({
        read() {
          setTimeout(() => this.push('x'.repeat(64 * 1024)), 5);
        },
      });
    app.get('/assets/app.js', (_request, reply) => reply.type('text/javascript').send(endless()));
    app.get('/api/export', (_request, reply) => reply.send(endless()));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      for (const path of ['/assets/app.js', '/api/export?token=secret']) {
        const request = get({ host: '127.0.0.1', port, path }, (response) => {
          response.once('data', () => request.destroy());
        });
        request.on('error', () => {});
      }
      await vi.waitFor(() =>
        expect(lines.filter((l) => /abandoned/.test(String(l.msg)))).toHaveLength(2),
      );
    } finally {
      await app.close();
    }
    const abandoned = lines.filter((l) => /abandoned/.test(String(l.msg)));
    expect(abandoned.map((l) => [l.level, l.msg]).sort()).toEqual([
      [
        20,
        expect.stringMatching(/^GET \/assets\/app\.js 200 abandoned by the client after \d+ ms$/),
      ],
      [
        30,
        expect.stringMatching(
          /^GET \/api\/export\?token=… 200 abandoned by the client after \d+ ms$/,
        ),
      ],
    ]);
    expect(lines.some((l) => l.msg === 'stream closed prematurely')).toBe(false);
  });
});
