import { parseArgs } from 'node:util';
import type { DatabaseKind } from '../src/server/db/client';
import { runAvailabilityBench } from './availability';
import type { BenchOptions } from './bench-options';
import { runBookingBench } from './booking';
import { runCleanups } from './cleanup';
import { runLiveBench } from './live';
import { runTravelBench } from './travel';

// `npm run bench -- <name> [--db postgres|pglite|both] [--duration 10] [--connections 50]`
// Each benchmark builds its own data set, runs the real server and writes bench/results/; except
// `travel`, a simulation on the domain rules that takes none of the options.

interface Bench {
  summary: string;
  /** A simulation with no server: --db, --duration and --connections mean nothing to it. */
  noServer?: true;
  /** Resolves true when the run is valid and meets its targets. */
  run(options: BenchOptions): Promise<boolean>;
}

const BENCHES: Record<string, Bench> = {
  availability: {
    summary: 'therapists search on 1,000 therapists and 20,000 bookings, against a trivial route',
    run: runAvailabilityBench,
  },
  booking: {
    summary:
      'hold and pay (demo card) of distinct slots by signed-in customers, against a trivial route',
    run: runBookingBench,
  },
  live: {
    summary:
      '2,000 idle event streams; changes for 200 of them: memory per stream, change → event, event-loop delay',
    run: runLiveBench,
  },
  travel: {
    summary:
      'a week of demand on 200 therapists replayed: 15-minute turnaround, flat 60-minute gap, travel-aware (no --db)',
    noServer: true,
    run: () => runTravelBench(),
  },
};

const WARMUP_SECONDS = 2;

function usage(): string {
  const names = Object.entries(BENCHES)
    .map(([name, b]) => `  ${name.padEnd(14)} ${b.summary}`)
    .join('\n');
  return [
    'Usage: npm run bench -- <name> [--db postgres|pglite|both] [--duration 10] [--connections 50]',
    '',
    'Benchmarks:',
    names,
    '',
    'PostgreSQL runs create and drop a bench_<timestamp> database on BENCH_DATABASE_URL',
    '(default postgres://postgres@127.0.0.1:5432/postgres). Exits 1 when a run is invalid',
    '(non-2xx answers, errors) or misses its PostgreSQL targets.',
  ].join('\n');
}

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${usage()}\n`);
  process.exit(2);
}

function positiveInt(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) fail(`--${flag} must be a positive whole number`);
  return n;
}

function parse(argv: string[]): { bench: Bench; options: BenchOptions } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        // Defaults applied below, so a bench with no server can tell they were not given.
        db: { type: 'string' },
        duration: { type: 'string' },
        connections: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    fail((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${usage()}\n`);
    process.exit(0);
  }
  const [name, ...extra] = positionals;
  if (name === undefined) fail('Which benchmark?');
  if (extra.length > 0) fail(`Unexpected arguments: ${extra.join(' ')}`);
  const bench = BENCHES[name];
  if (!bench) fail(`Unknown benchmark "${name}".`);
  if (bench.noServer) {
    const given = (['db', 'duration', 'connections'] as const).filter(
      (k) => values[k] !== undefined,
    );
    if (given.length > 0)
      fail(`${name} runs no server: it takes no ${given.map((k) => `--${k}`).join(', ')}`);
  }
  const databases: Record<string, DatabaseKind[]> = {
    postgres: ['postgres'],
    pglite: ['pglite'],
    both: ['postgres', 'pglite'],
  };
  const db = values.db ?? 'both';
  const chosen = databases[db];
  if (!chosen) fail(`--db must be postgres, pglite or both, not "${db}"`);
  return {
    bench,
    options: {
      databases: chosen,
      durationSeconds: positiveInt(values.duration ?? '10', 'duration'),
      connections: positiveInt(values.connections ?? '50', 'connections'),
      warmupSeconds: WARMUP_SECONDS,
    },
  };
}

const { bench, options } = parse(process.argv.slice(2));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: stopping servers and removing bench databases\n`);
    void runCleanups().finally(() => process.exit(130));
  });
}
try {
  const ok = await bench.run(options);
  process.exitCode = ok ? 0 : 1;
} catch (error) {
  process.stderr.write(`\nThe benchmark failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
}
