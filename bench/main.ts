import { parseArgs } from 'node:util';
import type { DatabaseKind } from '../src/server/db/client';
import { runAvailabilityBench } from './availability';
import type { BenchOptions } from './bench-options';
import { runBookingBench } from './booking';
import { runCleanups } from './cleanup';

// `npm run bench -- <name> [--db postgres|pglite|both] [--duration 10] [--connections 50]`
// Each benchmark builds its own data set, runs the real server and writes bench/results/.

interface Bench {
  summary: string;
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
        db: { type: 'string', default: 'both' },
        duration: { type: 'string', default: '10' },
        connections: { type: 'string', default: '50' },
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
  const databases: Record<string, DatabaseKind[]> = {
    postgres: ['postgres'],
    pglite: ['pglite'],
    both: ['postgres', 'pglite'],
  };
  const chosen = databases[values.db];
  if (!chosen) fail(`--db must be postgres, pglite or both, not "${values.db}"`);
  return {
    bench,
    options: {
      databases: chosen,
      durationSeconds: positiveInt(values.duration, 'duration'),
      connections: positiveInt(values.connections, 'connections'),
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
