import { readdirSync, readFileSync } from 'node:fs';
import { cpuSnapshot, type CpuSnapshot } from './process-cpu';

// CPU from /proc as process-cpu.ts reads it, but with PostgreSQL's share counted only for the
// backends connected to the bench's own database. The PostgreSQL server on a shared machine also
// serves other databases (other people's test runs); their backends are not this run's work. A
// backend's command line is "postgres: <cluster>: <user> <database> <client> <state>".

// /proc reports in USER_HZ, which Linux fixes at 100 for user space whatever the kernel's tick.
const MS_PER_TICK = 10;

/** The database a bench server was given (DATABASE_URL), or null (PGlite: the server holds it). */
export function benchDatabaseName(env: Record<string, string>): string | null {
  const url = env.DATABASE_URL;
  if (url === undefined) return null;
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  return name === '' ? null : name;
}

function ticksMs(pid: string): number | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // gone since the directory was listed
  }
  const close = text.lastIndexOf(')');
  if (text.slice(text.indexOf('(') + 1, close) !== 'postgres') return null;
  const fields = text.slice(close + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

/** Whether the command line is a backend of `database`. */
export function isBackendOf(commandLine: string, database: string): boolean {
  // The title is padded with spaces; the database is the fourth word after "postgres:".
  const words = commandLine.replace(/\0/g, ' ').trim().split(/\s+/);
  return words[0] === 'postgres:' && words.slice(1, 4).includes(database);
}

/**
 * The server's CPU and that of the PostgreSQL backends of `database` (all PostgreSQL processes
 * when `database` is null, as process-cpu.ts counts them).
 */
export function benchCpuSnapshot(
  serverPid: number | undefined,
  database: string | null,
): CpuSnapshot | null {
  const all = cpuSnapshot(serverPid);
  if (all === null || database === null) return all;
  let postgresMs = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const ms = ticksMs(entry);
    if (ms === null) continue;
    let commandLine: string;
    try {
      commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (isBackendOf(commandLine, database)) postgresMs += ms;
  }
  return { serverMs: all.serverMs, postgresMs };
}
