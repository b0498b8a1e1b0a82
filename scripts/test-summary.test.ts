import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// npm test's closing lines and the per-file timings it keeps (scripts/test-summary.mjs), from
// reports shaped as Vitest's and Playwright's JSON reporters write them.

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'test-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const vitestReport = {
  numPassedTests: 3,
  numFailedTests: 1,
  success: false,
  testResults: [
    {
      name: path.join(root, 'src/fast.test.ts'),
      status: 'passed',
      startTime: 1_000,
      endTime: 1_500,
      assertionResults: [{ status: 'passed', title: 'a' }],
    },
    {
      name: path.join(root, 'src/slow.int.test.ts'),
      status: 'failed',
      startTime: 1_000,
      endTime: 91_000,
      assertionResults: [
        { status: 'passed', title: 'b' },
        { status: 'failed', title: 'c', fullName: 'slow c' },
      ],
    },
  ],
};

const playwrightReport = {
  stats: { expected: 3, unexpected: 0, flaky: 0 },
  suites: [
    {
      title: 'journey.spec.ts',
      specs: [
        {
          title: 'books',
          file: 'journey.spec.ts',
          line: 3,
          tests: [
            { projectName: 'desktop', status: 'expected', results: [{ duration: 20_000 }] },
            { projectName: 'mobile', status: 'expected', results: [{ duration: 30_000 }] },
          ],
        },
      ],
      suites: [
        {
          title: 'nested',
          specs: [
            {
              title: 'pays',
              file: 'journey.spec.ts',
              line: 9,
              tests: [
                { projectName: 'desktop', status: 'expected', results: [{ duration: 5_000 }] },
              ],
            },
          ],
        },
      ],
    },
  ],
};

function summarise(): {
  output: string;
  timings: { layers: Record<string, number>; files: Record<string, unknown>[] };
} {
  const vitestFile = path.join(dir, 'vitest.json');
  const playwrightFile = path.join(dir, 'playwright.json');
  const timingsFile = path.join(dir, 'out', 'timings.json');
  const layersFile = path.join(dir, 'layers.json');
  writeFileSync(layersFile, JSON.stringify({ install: 50, static: 60, vitest: 300, build: 10 }));
  writeFileSync(vitestFile, JSON.stringify(vitestReport));
  writeFileSync(playwrightFile, JSON.stringify(playwrightReport));
  const output = execFileSync(
    process.execPath,
    ['scripts/test-summary.mjs', vitestFile, playwrightFile],
    {
      cwd: root,
      env: { ...process.env, TEST_TIMINGS_FILE: timingsFile, TEST_LAYERS_FILE: layersFile },
      encoding: 'utf8',
    },
  );
  return { output, timings: JSON.parse(readFileSync(timingsFile, 'utf8')) };
}

describe('the test summary', () => {
  const { output, timings } = summarise();

  it('keeps every file’s time, slowest first, a Playwright file once per project', () => {
    expect(timings.layers).toEqual({ install: 50, static: 60, vitest: 300, build: 10 });
    expect(timings.files).toEqual([
      { runner: 'vitest', file: 'src/slow.int.test.ts', seconds: 90, tests: 2 },
      { runner: 'playwright mobile', file: 'e2e/journey.spec.ts', seconds: 30, tests: 1 },
      { runner: 'playwright desktop', file: 'e2e/journey.spec.ts', seconds: 25, tests: 2 },
      { runner: 'vitest', file: 'src/fast.test.ts', seconds: 0.5, tests: 1 },
    ]);
  });

  it('prints the slowest files before the count and the failures, which stay last', () => {
    const lines = output.trim().split('\n');
    const slowest = lines.findIndex((line) => line.startsWith('The 10 costliest test files'));
    expect(lines[slowest + 1]).toMatch(
      /^\s+90\.0 s {2}vitest\s+src\/slow\.int\.test\.ts \(2 tests\)$/,
    );
    const budget = lines.findIndex((line) => line.startsWith('Time against the budget'));
    expect(budget).toBeGreaterThan(-1);
    expect(budget).toBeLessThan(slowest);
    expect(lines.slice(budget + 1, budget + 7).map((line) => line.trim().split(/\s{2,}/))).toEqual([
      ['npm ci (warm cache)', '50 s', 'counts towards the total'],
      ['static checks', '60 s', 'of 90 s'],
      ['unit and integration tests', '300 s', 'of 240 s', 'OVER by 60 s'],
      ['build and JavaScript budget', '10 s', 'of 30 s'],
      ['browser tests', 'not measured'],
      ['total', '420 s', 'of 600 s'],
    ]);
    expect(output).toContain('!!! OVER BUDGET: unit and integration tests took 300 s of 240 s.');
    expect(lines.slice(-2)).toEqual([
      '6 passed, 1 failed',
      'failed: src/slow.int.test.ts › slow c',
    ]);
  });
});
