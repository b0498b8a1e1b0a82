import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/test-app';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { importCatalogue } from '../catalogue/import-catalogue';
import { localDiskStorage } from './media-storage';

// Whatever is asked for under /media and is not there gets one answer: the problem+json 404 of an
// unknown photo. Never the web app's HTML page (served for paths without a file extension when a
// build is present), never a 400 for a name merely too long, never a 500 (decision 0068).

const INDEX_HTML = '<!doctype html><title>app</title>';
const UNKNOWN = {
  type: 'about:blank',
  title: 'Not Found',
  status: 404,
  detail: 'No such photo: it may have been replaced by a newer one.',
};
const PHOTO = '000000000000-000000-96.jpg';

const catalogue = {
  cities: [{ slug: 'testcity', name: 'Test City' }],
  treatments: [
    {
      id: 'massage',
      name: 'Massage',
      category: 'Massage',
      pricePence: 4000,
      durationMinutes: 60,
      order: 1,
      addOn: false,
    },
  ],
  therapists: [
    {
      id: 't-anna',
      username: 'anna',
      name: 'Anna Brown',
      active: true,
      paymentsConnected: true,
      area: 'testcity',
      serviceIds: ['massage'],
    },
  ],
};

interface Answer {
  status: number;
  type: string;
  body: string;
}

/** A request exactly as written: inject() and fetch() would resolve dot segments first. */
function rawGet(port: number, target: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type']),
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('misses under /media', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dist: string;
  let mediaDir: string;
  let port: number;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'media-misses-dist-'));
    await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
    mediaDir = await mkdtemp(path.join(tmpdir(), 'media-misses-'));
    database = await createTestDatabase('pglite');
    expect((await importCatalogue(database.db, catalogue)).ok).toBe(true);
    app = await buildTestApp(database, { webDistDir: dist, media: localDiskStorage(mediaDir) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await rm(dist, { recursive: true, force: true });
    await rm(mediaDir, { recursive: true, force: true });
  });

  const expectUnknown = (answer: Answer, what: string) => {
    expect(answer.status, what).toBe(404);
    expect(answer.type, what).toContain('application/problem+json');
    expect(JSON.parse(answer.body), what).toEqual(UNKNOWN);
  };

  it('answers paths of any other shape like an unknown photo, for GET and HEAD', async () => {
    const odd = [
      '/media',
      '/media/',
      '/media/x',
      '/media/therapists',
      '/media/therapists/',
      '/media/therapists/t-anna',
      '/media/therapists/t-anna/',
      '/media/a/b/c',
      '/media/therapists/t-anna/portrait.svg/more',
      '/media//therapists//t-anna',
      '/media/therapists/t-anna/portrait.svg.',
      '/media/therapists/t-anna/x.',
      '/media/therapists/t-anna/a%2Fb',
      `/media/${'a'.repeat(3000)}`,
      `/media/therapists/t-anna/${'a'.repeat(300)}`,
      `/media/therapists/${'a'.repeat(300)}/${PHOTO}`,
    ];
    for (const url of odd) {
      const res = await app.inject({ method: 'GET', url });
      expectUnknown(
        { status: res.statusCode, type: String(res.headers['content-type']), body: res.body },
        url,
      );
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, `HEAD ${url}`).toBe(404);
      expect(String(head.headers['content-type']), `HEAD ${url}`).toContain(
        'application/problem+json',
      );
    }
    const posted = await app.inject({ method: 'POST', url: `/media/therapists/t-anna/${PHOTO}` });
    expectUnknown(
      {
        status: posted.statusCode,
        type: String(posted.headers['content-type']),
        body: posted.body,
      },
      'POST',
    );
  });

  it('answers dot segments and encoded ones, as sent on the wire, like an unknown photo', async () => {
    for (const target of [
      `/media/therapists/./${PHOTO}`,
      `/media/therapists/../${PHOTO}`,
      `/media/therapists/%2e/${PHOTO}`,
      `/media/therapists/%2E%2E/${PHOTO}`,
      `/media/therapists/..%2F..%2Fsecret/${PHOTO}`,
      '/media/therapists/t-anna/..',
      '/media/therapists/t-anna/%2e%2e',
      '/media/..',
      '/media/%2e%2e/x',
    ]) {
      expectUnknown(await rawGet(port, target), target);
    }
  });

  it('still serves what is there, and names an unknown therapist', async () => {
    const portrait = await app.inject({
      method: 'GET',
      url: '/media/therapists/t-anna/portrait.svg',
    });
    expect(portrait.statusCode).toBe(200);
    expect(portrait.headers['content-type']).toContain('image/svg+xml');
    const nobody = await app.inject({ method: 'GET', url: '/media/therapists/t-x/portrait.svg' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toMatchObject({ detail: 'No therapist with id t-x.' });
    // Outside /media the web app's pages are as they were.
    const page = await app.inject({ method: 'GET', url: '/no-such/page' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toBe(INDEX_HTML);
  });
});
