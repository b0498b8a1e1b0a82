import type { DatabaseKind } from '../src/server/db/client';

/** What `npm run bench` was asked for (bench/main.ts), handed to every bench and its report. */
export interface BenchOptions {
  databases: DatabaseKind[];
  durationSeconds: number;
  connections: number;
  warmupSeconds: number;
}
