// @ts-check
import { readFileSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { isMainThread } from 'node:worker_threads';

// Loaded into the server process by `npm run bench -- live` (node --import), never by the app:
// the server's own event-loop delay and memory, measured inside it without an HTTP route. On
// SIGUSR2 it collects garbage (the bench starts node with --expose-gc), writes what it measured
// since the last signal (a ProbeReading, live-report.ts) to BENCH_PROBE_FILE, and starts
// measuring afresh. Plain JavaScript: node's --import reaches the PGlite thread too, which has
// no TypeScript loader. There it only says, now and then, what that thread holds: its heap and
// PGlite's WebAssembly memory, which grow with the queries it runs, so the bench can tell the
// server's memory from the embedded database's.

const file = process.env.BENCH_PROBE_FILE;
if (file && !isMainThread) {
  const tell = () => {
    const memory = process.memoryUsage();
    writeFileSync(`${file}.database`, JSON.stringify(memory.heapTotal + memory.external));
  };
  tell();
  setInterval(tell, 200).unref();
}
if (file && isMainThread) {
  const resolutionMs = 10;
  const delay = monitorEventLoopDelay({ resolution: resolutionMs });
  delay.enable();
  let seq = 0;
  // The histogram holds the time between its timer's ticks: the delay is what exceeds the interval.
  const ms = (/** @type {number} */ ns) => Math.max(0, ns / 1e6 - resolutionMs);
  process.on('SIGUSR2', () => {
    const loop = {
      p50Ms: ms(delay.percentile(50)),
      p99Ms: ms(delay.percentile(99)),
      maxMs: ms(delay.max),
      meanMs: ms(delay.mean),
    };
    // Full collections until the heap stops shrinking, as V8's memory reducer does by itself
    // once a process goes quiet (the first frees the garbage, the next give the emptied pages
    // back), so the figures are what is kept rather than what a burst left behind.
    const collect = /** @type {{ gc?: () => void }} */ (globalThis).gc;
    for (let i = 0; i < 3; i++) collect?.();
    const memory = process.memoryUsage();
    const young = getHeapSpaceStatistics()
      .filter((s) => s.space_name === 'new_space' || s.space_name === 'new_large_object_space')
      .reduce((sum, s) => sum + s.physical_space_size, 0);
    seq += 1;
    let databaseThreadBytes = 0;
    try {
      databaseThreadBytes = Number(readFileSync(`${file}.database`, 'utf8'));
    } catch {
      // No PGlite thread: the database is a PostgreSQL server of its own.
    }
    const reading = {
      seq,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      rssBytes: memory.rss,
      externalBytes: memory.external,
      youngGenerationBytes: young,
      databaseThreadBytes,
      loop,
    };
    writeFileSync(file, JSON.stringify(reading));
    // The collections above are not the app's delay: measuring starts again once the tick they
    // held up has been recorded.
    setTimeout(() => delay.reset(), 50);
  });
}
