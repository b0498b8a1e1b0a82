import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { budgetReport } from './test-budget-report.mjs';

// The budget the run reports against (scripts/test-budget.json) and what the report says.

const budget = JSON.parse(
  readFileSync(new URL('./test-budget.json', import.meta.url), 'utf8'),
) as Parameters<typeof budgetReport>[1];

describe('the test run’s budget', () => {
  it('gives each layer its limit on the 2-core machine, within ten minutes in all', () => {
    expect(Object.fromEntries(budget.layers.map((l) => [l.id, l.seconds]))).toEqual({
      install: null,
      static: 90,
      vitest: 240,
      build: 30,
      browser: 240,
    });
    expect(budget.totalSeconds).toBe(600);
  });

  it('says nothing loud when every layer is inside its budget', () => {
    const lines = budgetReport(
      { install: 40, static: 80, vitest: 200, build: 20, browser: 230 },
      budget,
    );
    expect(lines.join('\n')).not.toContain('OVER');
    expect(
      lines
        .at(-1)
        ?.trim()
        .split(/\s{2,}/),
    ).toEqual(['total', '570 s', 'of 600 s']);
  });

  it('names every layer over its budget, and the total, in a banner', () => {
    const lines = budgetReport(
      { install: 60, static: 80, vitest: 200, build: 20, browser: 250 },
      budget,
    );
    expect(lines).toContain(
      '!!! OVER BUDGET: browser tests took 250 s of 240 s; the whole run took 610 s of 600 s.',
    );
  });
});
