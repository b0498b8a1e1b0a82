import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  pgliteFolderFromTemplate,
  type TestDatabase,
} from '../test-support/test-database';
import { freePort, startServerProcess, type ServerProcess } from '../test-support/server-process';

// The real process, as `npm start` runs it: boot, persistence across restarts, clean stop.

const TOKEN = 'main-test-internal-token-0123456789abcdef';

const startServer = startServerProcess;
type Running = ServerProcess;

async function stop(server: Running) {
  server.child.kill('SIGTERM');
  return server.exited;
}

// Each test starts real servers: bounded generously for a busy machine, not a speed requirement.
const SERVER_TESTS = { timeout: 300_000 };

describe('the server process on PGlite', SERVER_TESTS, () => {
  // Copies of the run's migrated database, so a start opens rather than migrates it; the demo test
  // below starts on an empty folder, as a first `npm start` does (decision 0098).
  let dataDir: string;
  let removeDataDir: () => Promise<void>;
  beforeAll(async () => {
    ({ dataDir, remove: removeDataDir } = await pgliteFolderFromTemplate());
  });
  afterAll(async () => {
    await removeDataDir();
  });

  // One folder through a clean stop and a crash: each start costs seconds of CPU, so the two
  // stories share their starts (decision 0098).
  it('keeps its data across a clean stop and a crash, even when the crashed pid is alive again', async () => {
    const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', INTERNAL_API_TOKEN: TOKEN };
    const first = startServer({ ...env, PORT: String(await freePort()) });
    await first.ready;
    const imported = await fetch(`http://127.0.0.1:${first.port}/api/internal/catalogue`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cities: [{ slug: 'persistville', name: 'Persistville' }] }),
    });
    expect(imported.status).toBe(200);

    // A second server on the same folder would corrupt it: it must refuse.
    const second = startServer({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/in use by another process/);

    expect(await stop(first)).toBe(0);

    const again = startServer({ ...env, PORT: String(await freePort()) });
    await again.ready;
    const cities = await (await fetch(`http://127.0.0.1:${again.port}/api/cities`)).json();
    expect(cities).toEqual({ cities: [{ slug: 'persistville', name: 'Persistville' }] });
    expect(again.output()).not.toMatch(/Cleared a stale lock/);

    // A crash leaves its lock behind; in a container the server is pid 1 on every start, so the
    // lock's pid is alive again.
    again.child.kill('SIGKILL');
    await again.exited;
    const lockFile = path.join(dataDir, 'server.lock');
    const left = JSON.parse(await readFile(lockFile, 'utf8')) as object;
    await writeFile(lockFile, JSON.stringify({ ...left, pid: process.pid }));

    const afterCrash = startServer({ ...env, PORT: String(await freePort()) });
    await afterCrash.ready;
    expect(afterCrash.output().match(/Cleared a stale lock on .*/g)).toEqual([
      expect.stringContaining('left by a server that is no longer running'),
    ]);
    const kept = await (await fetch(`http://127.0.0.1:${afterCrash.port}/api/cities`)).json();
    expect(kept).toEqual({ cities: [{ slug: 'persistville', name: 'Persistville' }] });
    expect(await stop(afterCrash)).toBe(0);
  });

  it('seeds the demo catalogue into an empty database, logging JSON lines when piped', async () => {
    const demoDir = await mkdtemp(path.join(os.tmpdir(), 'booking-demo-'));
    try {
      const port = await freePort();
      const server = startServer({ DATA_DIR: demoDir, PORT: String(port), LOG_LEVEL: 'info' });
      await server.ready;
      const { cities } = await (await fetch(`http://127.0.0.1:${server.port}/api/cities`)).json();
      expect(cities.map((c: { slug: string }) => c.slug)).toEqual(['edinburgh', 'newcastle']);
      expect(await stop(server)).toBe(0);

      // Not a terminal: every line is a JSON object, the first says where to go, and the health
      // checks the test made while waiting are not logged at info.
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(lines[0]?.msg).toBe(`Glow at Home is ready: http://localhost:${port}`);
      expect(lines.map((l) => l.msg)).toContain('Loaded the demo catalogue.');
      expect(lines.filter((l) => /^GET \/api\/cities 200 \d+ ms$/.test(l.msg))).toHaveLength(1);
      expect(lines.filter((l) => l.msg.includes('/api/health'))).toEqual([]);
    } finally {
      await rm(demoDir, { recursive: true, force: true });
    }
  });

  it('refuses to start on bad configuration, naming the variable', async () => {
    const server = startServer({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT: must be a number/);
    const prod = startServer({ APP_ENV: 'production', PORT: '3999' });
    expect(await prod.exited).toBe(1);
    expect(prod.output()).toMatch(/DATABASE_URL: required when APP_ENV=production/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'the server process on PostgreSQL',
  SERVER_TESTS,
  () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase('postgres');
    });
    afterAll(async () => {
      await database.destroy();
    });

    it('runs the same app with DATABASE_URL, demo data included', async () => {
      const server = startServer({
        DATABASE_URL: database.url ?? '',
        PORT: String(await freePort()),
      });
      await server.ready;
      const health = await (await fetch(`http://127.0.0.1:${server.port}/api/health`)).json();
      expect(health.database).toMatchObject({ kind: 'postgres', migrations: { upToDate: true } });
      const { treatments } = await (
        await fetch(`http://127.0.0.1:${server.port}/api/cities/newcastle/treatments`)
      ).json();
      expect(treatments.length).toBeGreaterThanOrEqual(24);
      expect(await stop(server)).toBe(0);
    });
  },
);
