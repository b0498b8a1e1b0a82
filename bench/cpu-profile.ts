import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

// The bench servers run with `node --cpu-prof`; on a clean exit V8 writes one .cpuprofile per
// thread. A profile's sample times are microseconds on the same monotonic clock as
// process.hrtime() here, so a measured phase (its start and end taken with nowMicros()) picks
// exactly its own samples out of the whole run: warm-up, start-up and shutdown stay out.

export interface ProfileWindow {
  startUs: number;
  endUs: number;
}

export interface Frame {
  /** "name file:line", file relative to the project (or the package in node_modules). */
  frame: string;
  /** Share of the window's busy (non-idle) samples spent in this frame itself. */
  selfShare: number;
}

export interface ProfileSummary {
  /** Main-thread CPU time in the window that was not idle, in milliseconds. */
  busyMs: number;
  top: Frame[];
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export const nowMicros = (): number => Number(process.hrtime.bigint() / 1000n);

function frameName(frame: CallFrame, root: string): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  let file = frame.url.replace(/^file:\/\//, '');
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) file = file.slice(modules + '/node_modules/'.length);
  else if (file.startsWith(root)) file = path.relative(root, file);
  return `${name} ${file}:${frame.lineNumber + 1}`;
}

/** The main thread's profile among those the server wrote (V8 names it …<pid>.0.<seq>). */
export async function readMainThreadProfile(dir: string): Promise<CpuProfile | null> {
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.cpuprofile'));
  const main = files.find((f) => f.split('.').at(-3) === '0') ?? files[0];
  if (!main) return null;
  return JSON.parse(await readFile(path.join(dir, main), 'utf8')) as CpuProfile;
}

/** Busy time and the `count` frames with the most self time in the window. */
export function summariseWindow(
  profile: CpuProfile,
  window: ProfileWindow,
  root: string,
  count = 5,
): ProfileSummary {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const selfUs = new Map<string, number>();
  let busyUs = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    // A sample's delta is the time since the previous one: the time it stands for.
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (t < window.startUs || t > window.endUs) continue;
    const frame = frames.get(profile.samples[i] ?? -1);
    if (!frame || frame.functionName === '(idle)') continue;
    const name = frameName(frame, root);
    selfUs.set(name, (selfUs.get(name) ?? 0) + delta);
    busyUs += delta;
  }
  const top = [...selfUs.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, us]) => ({ frame, selfShare: busyUs > 0 ? us / busyUs : 0 }));
  return { busyMs: busyUs / 1000, top };
}

/** How the reports' "where the time goes" lines read, after their first line. */
export const PROFILE_EXPLAINED = [
  'most self time, as a share of the busy samples. Busy samples include time the main thread sat',
  'descheduled inside a call (mostly `writev` to a socket while PostgreSQL ran on the same two',
  'cores), so beside them is the CPU each process was actually given over the same time, from',
  '/proc: the server (all its threads; with PGlite, the database too) and all PostgreSQL processes.',
];

/** Markdown for one measured route: a heading line, then its top frames. */
export function profileLines(
  title: string,
  cpuMsPerRequest: number | null,
  top: Frame[],
  /** CPU the processes were given (process-cpu.ts). */
  processCpu?: { serverMs: number; postgresMs: number } | null,
  /** PGlite runs inside the server process: then PostgreSQL has no figure of its own. */
  databaseInServer = false,
): string[] {
  const given = processCpu
    ? `; CPU given per request: server ${processCpu.serverMs.toFixed(3)} ms` +
      (databaseInServer
        ? ' (database included)'
        : `, PostgreSQL ${processCpu.postgresMs.toFixed(3)} ms`)
    : '';
  if (cpuMsPerRequest === null) return [`- ${title}: no profile${given}`, ''];
  return [
    `- ${title}: ${cpuMsPerRequest.toFixed(3)} ms main-thread busy per request${given}`,
    ...top.map((f) => `  - ${(f.selfShare * 100).toFixed(1)}% \`${f.frame}\``),
    '',
  ];
}
