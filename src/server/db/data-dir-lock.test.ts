import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  dataDirLockPath,
  DataDirLockedError,
  readDataDirLock,
} from './data-dir-lock';

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('data folder lock', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'lock-test-')), 'data');
  });
  afterEach(async () => {
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('creates the folder and a lock file only its owner can read', async () => {
    const lock = await acquireDataDirLock(dataDir, { port: null, token: 'secret' });
    const file = dataDirLockPath(dataDir);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      pid: process.pid,
      port: null,
      token: 'secret',
      startedAt: expect.any(String),
    });
    await lock.release();
  });

  it('refuses a second holder while the first is alive, naming it', async () => {
    const lock = await acquireDataDirLock(dataDir, { port: 4100, token: 't' });
    const second = acquireDataDirLock(dataDir, { port: null, token: null });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toMatchObject({ holder: { pid: process.pid, port: 4100 } });
    await lock.release();
  });

  it('shares the port once the server listens, atomically', async () => {
    const lock = await acquireDataDirLock(dataDir, { port: null, token: 'tok' });
    expect(await readDataDirLock(dataDir)).toMatchObject({ port: null, token: 'tok' });
    await lock.update({ port: 4321 });
    expect(await readDataDirLock(dataDir)).toMatchObject({
      pid: process.pid,
      port: 4321,
      token: 'tok',
    });
    expect((await stat(dataDirLockPath(dataDir))).mode & 0o777).toBe(0o600);
    await lock.release();
  });

  it('is free again after release, and release is idempotent', async () => {
    const lock = await acquireDataDirLock(dataDir, { port: null, token: null });
    await lock.release();
    await lock.release();
    expect(await readDataDirLock(dataDir)).toBeNull();
    const again = await acquireDataDirLock(dataDir, { port: null, token: null });
    await again.release();
  });

  it('replaces a stale lock left by a process that died', async () => {
    const pid = deadPid();
    await acquireDataDirLock(dataDir, { port: null, token: null }).then((l) => l.release());
    await writeFile(
      dataDirLockPath(dataDir),
      JSON.stringify({ pid, port: 3000, token: 'old', startedAt: '2020-01-01T00:00:00.000Z' }),
    );
    expect(await readDataDirLock(dataDir)).toBeNull();
    const lock = await acquireDataDirLock(dataDir, { port: null, token: 'new' });
    expect(await readDataDirLock(dataDir)).toMatchObject({ pid: process.pid, token: 'new' });
    await lock.release();
  });

  it('replaces an unreadable lock file', async () => {
    await acquireDataDirLock(dataDir, { port: null, token: null }).then((l) => l.release());
    await writeFile(dataDirLockPath(dataDir), 'not json');
    expect(await readDataDirLock(dataDir)).toBeNull();
    const lock = await acquireDataDirLock(dataDir, { port: null, token: null });
    await lock.release();
  });

  it('does not delete a lock that another process took over', async () => {
    const lock = await acquireDataDirLock(dataDir, { port: null, token: null });
    const other = {
      pid: process.ppid,
      port: 1,
      token: null,
      startedAt: '2030-01-01T00:00:00.000Z',
    };
    await writeFile(dataDirLockPath(dataDir), JSON.stringify(other));
    await lock.release();
    expect(JSON.parse(await readFile(dataDirLockPath(dataDir), 'utf8'))).toEqual(other);
  });
});
