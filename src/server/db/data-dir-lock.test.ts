import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  dataDirLockPath,
  DataDirLockedError,
  dataDirSocketPath,
  readDataDirLock,
} from './data-dir-lock';

const HOLDER = path.resolve(import.meta.dirname, '../../test-support/hold-data-dir-lock.ts');
const children: ChildProcess[] = [];

/** Another process holding the folder, as a running server does. */
async function holdInAnotherProcess(dataDir: string, port?: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', HOLDER, dataDir, ...(port ? [String(port)] : [])],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('held ')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the holder exited with ${code}: ${output}`)));
  });
  return child;
}

/** Kills the process as a crash or `kill -9` would: no chance to clean up after itself. */
async function crash(child: ChildProcess) {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** A live process that has nothing to do with the lock. */
function unrelatedProcess(): ChildProcess {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

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
    for (const child of children.splice(0)) child.kill('SIGKILL');
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
    const lines: string[] = [];
    const lock = await acquireDataDirLock(
      dataDir,
      { port: null, token: 'new' },
      { log: (line) => lines.push(line) },
    );
    expect(lines).toEqual([expect.stringContaining(`pid ${pid}`)]);
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

  it('is refused while another live process holds it, naming that process', async () => {
    const holder = await holdInAnotherProcess(dataDir, 4200);
    expect(await readDataDirLock(dataDir)).toMatchObject({
      pid: holder.pid,
      port: 4200,
      token: 'held',
    });
    const taking = acquireDataDirLock(dataDir, { port: null, token: null });
    await expect(taking).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(taking).rejects.toMatchObject({ holder: { pid: holder.pid, port: 4200 } });
    await expect(taking).rejects.toThrow(`in use by process ${holder.pid}`);
  });

  it.each([
    ['this very process', () => process.pid],
    ['an unrelated live process', () => unrelatedProcess().pid ?? 0],
  ])(
    'is taken over from a crashed holder whose pid now belongs to %s, saying so once',
    async (_, reusedPid) => {
      const holder = await holdInAnotherProcess(dataDir, 4300);
      await crash(holder);
      // The crash left both the lock file and the socket file behind.
      const socketPath = await dataDirSocketPath(dataDir);
      await expect(stat(socketPath)).resolves.toBeTruthy();
      const left = JSON.parse(await readFile(dataDirLockPath(dataDir), 'utf8')) as object;
      await writeFile(dataDirLockPath(dataDir), JSON.stringify({ ...left, pid: reusedPid() }));

      expect(await readDataDirLock(dataDir)).toBeNull();
      const lines: string[] = [];
      const lock = await acquireDataDirLock(
        dataDir,
        { port: null, token: 'new' },
        { log: (line) => lines.push(line) },
      );
      expect(lines).toEqual([
        expect.stringMatching(
          /^Cleared a stale lock on .* left by a server that is no longer running/,
        ),
      ]);
      expect(await readDataDirLock(dataDir)).toMatchObject({ pid: process.pid, token: 'new' });
      await lock.release();
    },
  );

  it('says nothing when there was no lock to clear', async () => {
    const lines: string[] = [];
    const lock = await acquireDataDirLock(
      dataDir,
      { port: null, token: null },
      { log: (line) => lines.push(line) },
    );
    await lock.release();
    const again = await acquireDataDirLock(
      dataDir,
      { port: null, token: null },
      { log: (line) => lines.push(line) },
    );
    await again.release();
    expect(lines).toEqual([]);
  });

  it('works in a folder whose path is too long for a socket, wherever it is reached from', async () => {
    const deep = path.join(path.dirname(dataDir), 'a-folder-name-long-enough'.repeat(5), 'data');
    await mkdir(deep, { recursive: true });
    const alias = path.join(path.dirname(dataDir), 'alias');
    await symlink(deep, alias);
    const socketPath = await dataDirSocketPath(deep);
    expect(Buffer.byteLength(socketPath)).toBeLessThanOrEqual(100);
    expect(await dataDirSocketPath(alias)).toBe(socketPath);

    const lock = await acquireDataDirLock(deep, { port: 4400, token: null });
    expect(await readDataDirLock(alias)).toMatchObject({ pid: process.pid, port: 4400 });
    await expect(acquireDataDirLock(alias, { port: null, token: null })).rejects.toBeInstanceOf(
      DataDirLockedError,
    );
    await lock.release();
    expect(await readDataDirLock(alias)).toBeNull();
  });
});
