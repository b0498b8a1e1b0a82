import { readdirSync, readFileSync } from 'node:fs';

// CPU time actually used, read from /proc (Linux only). The profile's busy samples count the time
// the server's main thread was inside a call, including time it sat descheduled in a socket write
// while PostgreSQL ran on the same two cores; this counts only what the processes were given, the
// server's other threads (GC, libuv) included, and PostgreSQL's too.

/** Milliseconds of CPU (user + system) used so far. */
export interface CpuSnapshot {
  serverMs: number;
  /** Every process named postgres: the backends serving the run, and the server's own workers. */
  postgresMs: number;
}

// /proc reports in USER_HZ, which Linux fixes at 100 for user space whatever the kernel's tick.
const MS_PER_TICK = 10;

function readStat(pid: string): { name: string; ms: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // gone since the directory was listed
  }
  // "pid (name) state ppid ..." where the name may hold spaces and parentheses.
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  // Fields 14 and 15 of the whole line (utime, stime) are 12 and 13 after the name.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { name: text.slice(open + 1, close), ms: ticks * MS_PER_TICK };
}

export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot | null {
  if (process.platform !== 'linux' || serverPid === undefined) return null;
  let serverMs: number | null = null;
  let postgresMs = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (!stat) continue;
    if (entry === String(serverPid)) serverMs = stat.ms;
    else if (stat.name === 'postgres') postgresMs += stat.ms;
  }
  return serverMs === null ? null : { serverMs, postgresMs };
}

/** CPU used between two snapshots, per request. */
export function cpuPerRequest(
  before: CpuSnapshot | null,
  after: CpuSnapshot | null,
  requests: number,
): { serverMs: number; postgresMs: number } | null {
  if (!before || !after || requests <= 0) return null;
  return {
    serverMs: (after.serverMs - before.serverMs) / requests,
    // A PostgreSQL process that exits in between (an autovacuum worker) takes its time with it;
    // with next to nothing used, that would read as less than nothing.
    postgresMs: Math.max(0, after.postgresMs - before.postgresMs) / requests,
  };
}
