import { describe, expect, it } from 'vitest';
import { benchCpuSnapshot, benchDatabaseName, isBackendOf } from './database-cpu';

describe('PostgreSQL CPU of the bench database only', () => {
  it('names the database of DATABASE_URL, and none for PGlite', () => {
    expect(benchDatabaseName({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/bench_1' })).toBe(
      'bench_1',
    );
    expect(benchDatabaseName({ DATA_DIR: '/tmp/x' })).toBeNull();
  });

  it('tells the bench database’s backends from other databases’ and background processes', () => {
    const title = (rest: string) => `postgres: 15/main: ${rest}          \0`;
    expect(isBackendOf(title('postgres bench_1 127.0.0.1(40000) idle'), 'bench_1')).toBe(true);
    expect(isBackendOf('postgres: postgres bench_1 [local] SELECT', 'bench_1')).toBe(true);
    expect(isBackendOf(title('postgres app_test 127.0.0.1(40001) idle'), 'bench_1')).toBe(false);
    expect(isBackendOf(title('postgres bench_12 127.0.0.1(40002) idle'), 'bench_1')).toBe(false);
    expect(isBackendOf(title('checkpointer'), 'bench_1')).toBe(false);
    expect(isBackendOf('/usr/lib/postgresql/15/bin/postgres -D /x\0', 'bench_1')).toBe(false);
  });

  it.runIf(process.platform === 'linux')(
    'reads this process as the server, without a database',
    () => {
      const snapshot = benchCpuSnapshot(process.pid, null);
      expect(snapshot?.serverMs).toBeGreaterThanOrEqual(0);
      expect(benchCpuSnapshot(process.pid, 'no_such_database_here')?.postgresMs).toBe(0);
    },
  );
});
