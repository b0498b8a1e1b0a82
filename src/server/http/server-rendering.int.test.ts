import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEntry } from '../../contract/page-render';
import * as webServerEntry from '../../web/entry-server';
import { importCatalogue } from '../catalogue/import-catalogue';
import { buildTestApp } from '../../test-support/test-app';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test-support/test-database';

// Public pages leave the server drawn by the web app's own components (decision 0045). These
// tests render the web source on a real app and database, as the build's server entry would.

const INDEX_HTML = `<!doctype html><html lang="en-GB"><head><title>Glow at Home</title></head>
<body><div id="root">
  <!--app--><header>drawn before the script</header><!--/app-->
</div>
<!--page-state-->
<script type="module" src="/assets/main.js"></script></body></html>`;

const catalogue = {
  cities: [{ slug: 'testcity', name: 'Test City' }],
  treatments: [
    {
      id: 'massage-60',
      name: 'Deep tissue massage',
      category: 'Massage',
      pricePence: 3000,
      durationMinutes: 60,
      order: 1,
      addOn: false,
    },
  ],
  therapists: [
    {
      id: 't-anna',
      username: 'anna.b',
      name: 'Anna Baxter',
      bio: 'Gives treatments at home across the whole city.',
      active: true,
      business: false,
      paymentsConnected: true,
      area: 'testcity',
      genders: ['female'],
      minimumSpendPence: null,
      serviceIds: ['massage-60'],
    },
  ],
};

/** The markup between <div id="root"> and the state, and the state itself. */
function partsOf(html: string) {
  const root = /<div id="root" inert>([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(
    html,
  );
  const state = /<script type="application\/json" id="page-state">([^<]*)<\/script>/.exec(html);
  return { root: root?.[1] ?? '', state: state?.[1] ?? '' };
}

async function writeDist(): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
  await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  return dist;
}

for (const kind of testDatabaseKinds('one')) {
  describe(`pages drawn on the server on ${kind}`, () => {
    let dist: string;
    let database: TestDatabase;
    let app: FastifyInstance;

    beforeAll(async () => {
      dist = await writeDist();
      database = await createTestDatabase(kind);
      expect((await importCatalogue(database.db, catalogue)).ok).toBe(true);
      app = await buildTestApp(database, { webDistDir: dist, serverEntry: webServerEntry });
    });
    afterAll(async () => {
      await app.close();
      await database.destroy();
      await rm(dist, { recursive: true, force: true });
    });

    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers });

    it('draws a city page with its treatments, its title and the answers it was drawn from', async () => {
      const res = await get('/testcity');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      const { root, state } = partsOf(res.body);
      expect(root).not.toContain('drawn before the script');
      expect(root).toMatch(/^<a href="#main-content"/);
      expect(root).toContain('Deep tissue massage');
      expect(res.body).toMatch(/<title>[^<]*Test City[^<]*<\/title>/);
      expect(res.body.match(/<title>/g)).toHaveLength(1);
      // Readable already: the script that makes it interactive waits behind the page's own needs.
      expect(res.body).toContain(
        '<script type="module" fetchpriority="low" src="/assets/main.js">',
      );

      const parsed: unknown = JSON.parse(state);
      expect(parsed).toHaveProperty('queries.queries');
      const text = JSON.stringify(parsed);
      expect(text).toContain('Deep tissue massage');
      expect(text).toContain('Test City');
    });

    it("draws a professional's page", async () => {
      const res = await get('/professionals/anna.b');
      expect(res.statusCode).toBe(200);
      expect(partsOf(res.body).root).toContain('Anna Baxter');
    });

    it('answers a repeat visit with 304 and compresses for clients that take it', async () => {
      const first = await get('/');
      const etag = first.headers.etag;
      expect(typeof etag).toBe('string');
      expect((await get('/', { 'if-none-match': String(etag) })).statusCode).toBe(304);

      const br = await get('/', { 'accept-encoding': 'gzip, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      // Each render carries the time its answers were fetched; the page itself is the same.
      const root = partsOf(first.body).root;
      expect(partsOf(brotliDecompressSync(br.rawPayload).toString()).root).toBe(root);
      const gzip = await get('/', { 'accept-encoding': 'gzip' });
      expect(partsOf(gunzipSync(gzip.rawPayload).toString()).root).toBe(root);
    });

    it('leaves pages that depend on the visitor to the browser', async () => {
      for (const url of ['/account', '/testcity/select-date', '/login']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(INDEX_HTML);
      }
    });

    it('serves an unknown city as not found, not drawn', async () => {
      const res = await get('/atlantis');
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(INDEX_HTML);
    });

    it('keeps a page drawn for every visitor free of what one visitor asked', async () => {
      // A signed-in visitor's cookie is not passed on: the page is the same for everyone.
      const signedIn = await get('/', { cookie: 'glow.session_token=someone' });
      const anyone = await get('/');
      expect(partsOf(signedIn.body).root).toBe(partsOf(anyone.body).root);
      expect(signedIn.headers.etag).toBe(anyone.headers.etag);
    });
  });
}

describe('the server entry of a build', () => {
  let dist: string;
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    dist = await writeDist();
    database = await createTestDatabase('pglite');
    expect((await importCatalogue(database.db, catalogue)).ok).toBe(true);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.destroy();
    await rm(dist, { recursive: true, force: true });
    await rm(`${dist}-ssr`, { recursive: true, force: true });
  });

  it('is loaded from <dist>-ssr and may ask public answers only', async () => {
    await mkdir(`${dist}-ssr`);
    await writeFile(
      path.join(`${dist}-ssr`, 'entry-server.js'),
      `export function createPageRenderer(fetchPublic) {
        return {
          async render() {
            const cities = await (await fetchPublic('/api/cities')).text();
            const refused = await fetchPublic('/api/me').then(() => 'asked', () => 'refused');
            return { html: '<main>' + cities + ' ' + refused + '</main>', titleHtml: 'T &amp; C', state: '{}', fingerprint: '' };
          },
        };
      }`,
    );
    const app = await buildTestApp(database, { webDistDir: dist });
    apps.push(app);
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"slug":"testcity"');
    expect(res.body).toContain(' refused</main>');
    expect(res.body).toContain('<title>T &amp; C</title>');
    expect(res.body).toContain('<script type="application/json" id="page-state">{}</script>');
  });

  it('falls back to index.html when drawing fails', async () => {
    const failing: ServerEntry = {
      createPageRenderer: () => ({
        render: () => Promise.reject(new Error('the page could not be drawn')),
      }),
    };
    const app = await buildTestApp(database, { webDistDir: dist, serverEntry: failing });
    apps.push(app);
    const res = await app.inject({ method: 'GET', url: '/testcity' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });
});
