import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/test-app';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';

describe('serving the built web app', () => {
  let dist: string;
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"Glow at Home"}');
    database = await createTestDatabase('pglite');
    app = await buildTestApp(database, { webDistDir: dist });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers client-side routes with index.html', async () => {
    for (const url of ['/', '/edinburgh', '/account/wallet', '/professionals/anna.b']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const res = await app.inject('/assets/main-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  // The browser checks for a new worker and manifest by their fixed names: a cached copy would
  // hide a deploy (decision 0032).
  it('serves the service worker as JavaScript and it and the manifest uncached', async () => {
    const worker = await app.inject('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toContain('addEventListener');
    const manifest = await app.inject('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, never index.html', async () => {
    for (const url of [
      '/assets/gone-123.js',
      '/assets/gone.css',
      '/favicon-missing.png',
      '/firebase-messaging-sw.js',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });
});
