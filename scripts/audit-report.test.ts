import { describe, expect, it } from 'vitest';
import {
  failuresOf,
  layoutShiftFailure,
  renderReport,
  runFailures,
  summarise,
  type LighthouseReport,
} from './audit-report';

function report(scores: Record<string, number | null>): LighthouseReport {
  return {
    categories: Object.fromEntries(
      Object.entries(scores).map(([id, score]) => [
        id,
        {
          score,
          auditRefs: [
            { id: `${id}-audit`, weight: 1 },
            { id: 'unweighted', weight: 0 },
          ],
        },
      ]),
    ),
    audits: {
      'performance-audit': { title: 'Largest Contentful Paint', score: 0.5, displayValue: '4.1 s' },
      'seo-audit': { title: 'Document has a meta description', score: 1 },
      'accessibility-audit': { title: 'Buttons have an accessible name', score: 0 },
      'best-practices-audit': { title: 'No console errors', score: null },
      unweighted: { title: 'Informative', score: 0 },
      'largest-contentful-paint': { title: 'LCP', score: 0.5, numericValue: 4123.4 },
      'cumulative-layout-shift': { title: 'CLS', score: 1, numericValue: 0.01234 },
      'total-blocking-time': { title: 'TBT', score: 1, numericValue: 88.6 },
      'total-byte-weight': { title: 'Weight', score: 1, numericValue: 204800 },
    },
    environment: { benchmarkIndex: 1500.4 },
  };
}

describe('a Lighthouse result', () => {
  it('passes at exactly the thresholds', () => {
    const scores = { performance: 0.95, accessibility: 1, 'best-practices': 0.95, seo: 0.95 };
    expect(failuresOf(summarise('/', report(scores)))).toEqual([]);
  });

  it('fails each category below its threshold, naming the weighted audits that pulled it down', () => {
    const scores = { performance: 0.94, accessibility: 0.98, 'best-practices': 1, seo: 0.95 };
    const failures = failuresOf(summarise('/edinburgh', report(scores)));
    expect(failures).toEqual([
      '  /edinburgh: Performance 94, needs 95\n    Largest Contentful Paint (4.1 s): score 50',
      '  /edinburgh: Accessibility 98, needs 100\n    Buttons have an accessible name: score 0',
    ]);
  });

  it('leaves out the categories a run holds as advisory only', () => {
    const scores = { performance: 0.9, accessibility: 0.98, 'best-practices': 1, seo: 1 };
    const result = summarise('/', report(scores));
    expect(failuresOf(result, (id) => id !== 'performance')).toEqual([
      '  /: Accessibility 98, needs 100\n    Buttons have an accessible name: score 0',
    ]);
    expect(failuresOf(result, (id) => id === 'performance')).toHaveLength(1);
  });

  it('counts a category Lighthouse could not score as a failure, not a pass', () => {
    const scores = { performance: 1, accessibility: 1, 'best-practices': 1, seo: null };
    expect(failuresOf(summarise('/', report(scores)))).toEqual(['  /: SEO 0, needs 95']);
  });

  it('is written as a table row with its metrics and transferred bytes', () => {
    const scores = { performance: 0.9, accessibility: 1, 'best-practices': 1, seo: 1 };
    const markdown = renderReport([summarise('/', report(scores))], {
      runs: 3,
      date: new Date('2026-01-02T03:04:05Z'),
    });
    expect(markdown).toContain(
      '| `/` | 90 ✗ | 100 | 100 | 100 | 4.12 s | 0.012 | 89 ms | 200 KiB |',
    );
    expect(markdown).toContain('on 2026-01-02');
    expect(markdown).toContain('median of 3 runs');
    expect(markdown).toContain('- `/` Performance: Largest Contentful Paint (4.1 s): score 50');
  });

  it('fails layout shift above 0.1 whatever the scores, and a missing measure too', () => {
    const scores = { performance: 1, accessibility: 1, 'best-practices': 1, seo: 1 };
    const shifted = report(scores);
    const at = (value: number | undefined) => {
      shifted.audits['cumulative-layout-shift'] = { title: 'CLS', score: 1, numericValue: value };
      return layoutShiftFailure(summarise('/account', shifted));
    };
    expect(at(0.1)).toBeUndefined();
    expect(at(0.1006)).toBe('  /account: Cumulative Layout Shift 0.101, at most 0.1');
    expect(at(0.38)).toBe('  /account: Cumulative Layout Shift 0.38, at most 0.1');
    expect(at(undefined)).toBe('  /account: Cumulative Layout Shift NaN, at most 0.1');
  });

  it('fails the run on layout shift even while performance is advisory', () => {
    const scores = { performance: 0.8, accessibility: 1, 'best-practices': 1, seo: 1 };
    const shifted = report(scores);
    shifted.audits['cumulative-layout-shift'] = { title: 'CLS', score: 0, numericValue: 0.38 };
    const result = summarise('/account', shifted);
    expect(runFailures(result, new Set(['performance']))).toEqual([
      '  /account: Cumulative Layout Shift 0.38, at most 0.1',
    ]);
    expect(runFailures(result, new Set())).toEqual([
      '  /account: Performance 80, needs 95\n    Largest Contentful Paint (4.1 s): score 50',
      '  /account: Cumulative Layout Shift 0.38, at most 0.1',
    ]);
  });

  it('says which categories the run held as advisory only', () => {
    const scores = { performance: 0.8, accessibility: 1, 'best-practices': 1, seo: 1 };
    const result = [summarise('/', report(scores))];
    const date = new Date('2026-01-02T03:04:05Z');
    expect(renderReport(result, { runs: 3, date })).not.toContain('Advisory in this run');
    expect(renderReport(result, { runs: 3, date, advisory: ['performance'] })).toContain(
      'Advisory in this run (`AUDIT_ADVISORY`, as `npm test` sets it; decision 0062): Performance:',
    );
  });
});
