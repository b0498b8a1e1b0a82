import { describe, expect, it } from 'vitest';
import { cpuPerRequest, cpuSnapshot } from './process-cpu';

describe.runIf(process.platform === 'linux')('process CPU from /proc', () => {
  it("reads this process's CPU time, which grows with work done", () => {
    const before = cpuSnapshot(process.pid);
    expect(before).not.toBeNull();
    // 100 ms of CPU by Node's own count (not wall time, which a busy machine stretches): ten of
    // /proc's 10 ms ticks.
    const start = process.cpuUsage();
    let spin = 0;
    while (process.cpuUsage(start).user < 100_000) spin++;
    const after = cpuSnapshot(process.pid);
    expect(spin).toBeGreaterThan(0);
    const used = (after?.serverMs ?? 0) - (before?.serverMs ?? 0);
    expect(used).toBeGreaterThanOrEqual(80);
    expect(used).toBeLessThan(5_000);
  });

  it('answers null for a process that is not there, and per request only with both readings', () => {
    expect(cpuSnapshot(2 ** 22 + 12_345)).toBeNull();
    const a = { serverMs: 100, postgresMs: 40 };
    const b = { serverMs: 300, postgresMs: 140 };
    expect(cpuPerRequest(a, b, 100)).toEqual({ serverMs: 2, postgresMs: 1 });
    expect(cpuPerRequest(b, { serverMs: 400, postgresMs: 130 }, 100)).toEqual({
      serverMs: 1,
      postgresMs: 0,
    });
    expect(cpuPerRequest(null, b, 100)).toBeNull();
    expect(cpuPerRequest(a, b, 0)).toBeNull();
  });
});
