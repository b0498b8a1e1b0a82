import os from 'node:os';

/** The machine a benchmark ran on, as its results file records it. */
export interface MachineFacts {
  cpus: number;
  cpuModel: string;
  node: string;
  platform: string;
  loadAverage: number;
}

/** This machine; the load average given is the one read when the run started. */
export function machineFacts(loadAverage: number = os.loadavg()[0] ?? 0): MachineFacts {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage,
  };
}
