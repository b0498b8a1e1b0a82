import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAssets } from '../../../scripts/compress-assets';
import { matchWebRoute } from '../../contract/web-routes';
import { loadPageHints } from './page-hints';
import { importCatalogue } from '../catalogue/import-catalogue';
import { buildTestApp } from '../../test-support/test-app';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';

// Big enough (over 1 KB) for the build step to write .br and .gz copies.
const INDEX_HTML = `<!doctype html><title>app</title>${'<!-- shell -->'.repeat(100)}`;
const MAIN_JS = `console.log(1);${' /* chunk */'.repeat(200)}`;
const WORKER_JS = `self.addEventListener("fetch", () => {});${' '.repeat(2000)}`;

function therapist(username: string, extra: Record<string, unknown> = {}) {
  return {
    id: `t-${username}`,
    username,
    name: `${username} Smith`,
    bio: 'Gives treatments at home across the whole city.',
    active: true,
    business: false,
    paymentsConnected: true,
    area: 'testcity',
    genders: ['female'],
    minimumSpendPence: null,
    serviceIds: ['massage-60'],
    ...extra,
  };
}

const catalogue = {
  cities: [
    { slug: 'testcity', name: 'Test City' },
    { slug: 'closedcity', name: 'Closed City', active: false },
  ],
  treatments: [
    {
      id: 'massage-60',
      name: 'Massage',
      category: 'Massage',
      pricePence: 3000,
      durationMinutes: 60,
      order: 1,
      addOn: false,
    },
  ],
  therapists: [
    therapist('anna.b'),
    therapist('unpaid', { paymentsConnected: false }),
    therapist('closed', { area: 'closedcity' }),
  ],
};

// What vite writes to .vite/manifest.json, cut down: the entry, and a page sharing a chunk with it.
const BUILD_MANIFEST = {
  'index.html': { file: 'assets/main-abc123.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_format-2.js': { file: 'assets/format-2.js' },
  'routes/home.tsx': { file: 'assets/home-3.js', imports: ['index.html', '_format-2.js'] },
  'routes/city.tsx': { file: 'assets/city-4.js', imports: ['_react-1.js', '_format-2.js'] },
  'app/layouts/professional-layout.tsx': { file: 'assets/pro-layout-5.js' },
  'routes/professionals/profile.tsx': {
    file: 'assets/profile-6.js',
    imports: ['_format-2.js'],
    css: ['assets/profile-6.css'],
  },
};

for (const kind of testDatabaseKinds('one')) {
  describe(`serving the built web app on ${kind}`, () => {
    let dist: string;
    let database: TestDatabase;
    let app: FastifyInstance;

    beforeAll(async () => {
      dist = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
      await mkdir(path.join(dist, 'assets'));
      await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
      await writeFile(path.join(dist, 'assets', 'main-abc123.js'), MAIN_JS);
      await writeFile(path.join(dist, 'assets', 'tiny-def456.js'), 'console.log(2)');
      await writeFile(path.join(dist, 'sw.js'), WORKER_JS);
      await writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"Glow at Home"}');
      await mkdir(path.join(dist, '.vite'));
      await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(BUILD_MANIFEST));
      await compressAssets(dist);
      database = await createTestDatabase(kind);
      expect((await importCatalogue(database.db, catalogue)).ok).toBe(true);
      app = await buildTestApp(database, { webDistDir: dist });
    });
    afterAll(async () => {
      await app.close();
      await database.destroy();
      await rm(dist, { recursive: true, force: true });
    });

    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers });

    describe('compression', () => {
      it('sends the brotli copy to a client that takes brotli', async () => {
        const res = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(brotliDecompressSync(res.rawPayload).toString()).toBe(MAIN_JS);
      });

      it('sends the gzip copy to a client that takes only gzip', async () => {
        const res = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip' });
        expect(res.headers['content-encoding']).toBe('gzip');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(gunzipSync(res.rawPayload).toString()).toBe(MAIN_JS);
      });

      it('sends the plain file, still varying, to a client that takes no encoding', async () => {
        const noEncoding: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }];
        for (const headers of noEncoding) {
          const res = await get('/assets/main-abc123.js', headers);
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-encoding']).toBeUndefined();
          expect(res.headers.vary).toMatch(/accept-encoding/i);
          expect(res.body).toBe(MAIN_JS);
        }
      });

      it('sends a small file with no compressed copy as it is', async () => {
        const res = await get('/assets/tiny-def456.js', { 'accept-encoding': 'br, gzip' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.body).toBe('console.log(2)');
      });

      it('compresses pages too', async () => {
        const res = await get('/', { 'accept-encoding': 'br' });
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['content-type']).toContain('text/html');
        expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX_HTML);
      });
    });

    describe('caching', () => {
      it('serves hashed assets, compressed or not, as immutable for a year', async () => {
        for (const encoding of ['br', 'gzip', 'identity']) {
          const res = await get('/assets/main-abc123.js', { 'accept-encoding': encoding });
          expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        }
      });

      it('makes pages revalidate, and answers an unchanged page with 304', async () => {
        for (const encoding of ['br', 'identity']) {
          const first = await get('/account', { 'accept-encoding': encoding });
          expect(first.statusCode).toBe(200);
          expect(first.headers['cache-control']).toBe('no-cache');
          const etag = first.headers.etag;
          expect(etag).toBeTruthy();
          const again = await get('/account', {
            'accept-encoding': encoding,
            'if-none-match': String(etag),
          });
          expect(again.statusCode).toBe(304);
          expect(again.body).toBe('');
        }
      });

      // The browser checks for a new worker and manifest by their fixed names: a cached copy
      // would hide a deploy (decision 0032).
      it('serves the service worker as JavaScript and it and the manifest uncached', async () => {
        for (const encoding of ['br', 'identity']) {
          const worker = await get('/sw.js', { 'accept-encoding': encoding });
          expect(worker.statusCode).toBe(200);
          expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
          expect(worker.headers['cache-control']).toBe('no-cache');
        }
        expect((await get('/sw.js')).body).toContain('addEventListener');
        const manifest = await get('/manifest.webmanifest');
        expect(manifest.statusCode).toBe(200);
        expect(manifest.headers['content-type']).toContain('application/manifest+json');
        expect(manifest.headers['cache-control']).toBe('no-cache');
      });
    });

    describe('pages', () => {
      it('answers the web app routes with index.html and 200', async () => {
        for (const url of [
          '/',
          '/?city=reset',
          '/login',
          '/account',
          '/account/wallet',
          '/account/addresses/some-id/edit',
          '/testcity',
          '/testcity/select-treatments',
          '/professionals',
          '/professionals/anna.b',
          '/professionals/Anna.B',
          '/cookie-policy',
        ]) {
          const res = await get(url);
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['content-type']).toContain('text/html');
          expect(res.body).toBe(INDEX_HTML);
        }
      });

      it("names a page's code and public data in a Link header, for the browser to fetch at once", async () => {
        const link = async (url: string) => (await get(url)).headers.link;
        expect(await link('/')).toBe(
          '</api/cities>; rel=preload; as=fetch; crossorigin=anonymous, ' +
            '</assets/home-3.js>; rel=modulepreload, </assets/format-2.js>; rel=modulepreload',
        );
        expect(await link('/testcity')).toBe(
          '</api/cities>; rel=preload; as=fetch; crossorigin=anonymous, ' +
            '</api/cities/testcity/treatments>; rel=preload; as=fetch; crossorigin=anonymous, ' +
            '</assets/city-4.js>; rel=modulepreload, </assets/format-2.js>; rel=modulepreload',
        );
        expect(await link('/professionals/anna.b')).toBe(
          '</api/professionals/anna.b>; rel=preload; as=fetch; crossorigin=anonymous, ' +
            '</assets/pro-layout-5.js>; rel=modulepreload, </assets/profile-6.js>; rel=modulepreload, ' +
            '</assets/profile-6.css>; rel=preload; as=style, </assets/format-2.js>; rel=modulepreload',
        );
        // A page drawn on the server carries its answers and can be read before its code runs:
        // no data hints, and its code at low priority.
        const drawn = matchWebRoute('/professionals/anna.b');
        expect(drawn && loadPageHints(dist).linkFor(drawn, { data: false })).toBe(
          '</assets/pro-layout-5.js>; rel=modulepreload; fetchpriority=low, ' +
            '</assets/profile-6.js>; rel=modulepreload; fetchpriority=low, ' +
            '</assets/profile-6.css>; rel=preload; as=style, ' +
            '</assets/format-2.js>; rel=modulepreload; fetchpriority=low',
        );
        // A page the manifest does not know (an old build) has no hint; a 404 page none either.
        expect(await link('/login')).toBeUndefined();
        expect(await link('/atlantis')).toBeUndefined();
        // The manifest is for the server, not for the world.
        expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
      });

      it('answers unknown pages, cities and professionals with index.html and 404', async () => {
        for (const url of [
          '/no-such/page',
          '/account/nothing',
          '/atlantis',
          '/atlantis/select-date',
          '/closedcity',
          '/TestCity',
          '/professionals/nobody',
          '/professionals/unpaid',
          '/professionals/closed',
          '/professionals/no%20such',
        ]) {
          const res = await get(url);
          expect(res.statusCode, url).toBe(404);
          expect(res.headers['content-type'], url).toContain('text/html');
          expect(res.headers['cache-control']).toBe('no-cache');
          expect(res.body).toBe(INDEX_HTML);
        }
      });

      it('sends the not-found page in full even to a conditional request', async () => {
        const etag = (await get('/')).headers.etag;
        const res = await get('/atlantis', { 'if-none-match': String(etag) });
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe(INDEX_HTML);
        const head = await app.inject({ method: 'HEAD', url: '/atlantis' });
        expect(head.statusCode).toBe(404);
      });

      it('answers a missing asset with 404, never index.html', async () => {
        for (const url of [
          '/assets/gone-123.js',
          '/assets/gone.css',
          '/favicon-missing.png',
          '/firebase-messaging-sw.js',
        ]) {
          const res = await get(url);
          expect(res.statusCode, url).toBe(404);
          expect(res.headers['content-type']).toContain('application/problem+json');
        }
      });
    });
  });
}
