// Prints one closing line, "N passed, N failed", over the Vitest and Playwright JSON reports,
// then the name of every failed test: CI often keeps only the end of a long log, and the end
// must say what to look at. Before that, each layer's time against its budget (TEST_LAYERS_FILE,
// written by scripts/test.sh; the budget is scripts/test-budget.json) and the ten costliest test
// files of both, whose times it also keeps in test-results/timings.json (TEST_TIMINGS_FILE), so
// where the time goes stays visible from one run to the next (decisions 0069 and 0098).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { budgetReport } from './test-budget-report.mjs';

let passed = 0;
let failed = 0;
const notes = [];
const failures = [];
/** Seconds per test file: `vitest <path>` or `playwright [project] <path>`, with its test count. */
const timings = [];
const [vitestFile, playwrightFile] = process.argv.slice(2);
if (vitestFile && existsSync(vitestFile)) {
  const r = JSON.parse(readFileSync(vitestFile, 'utf8'));
  for (const file of r.testResults ?? []) {
    if (typeof file.startTime === 'number' && typeof file.endTime === 'number')
      timings.push({
        runner: 'vitest',
        file: relative(process.cwd(), file.name ?? ''),
        seconds: (file.endTime - file.startTime) / 1000,
        tests: (file.assertionResults ?? []).length,
      });
  }
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0);
  for (const file of r.testResults ?? []) {
    const where = relative(process.cwd(), file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${where} › ${t.fullName ?? t.title}`);
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(`${where}: ${(file.message ?? 'failed to run').split('\n')[0]}`);
  }
  // Every test can pass while the run still fails: an error thrown outside any test.
  if (r.success === false && failed === 0)
    notes.push('Vitest failed the run anyway: see "Unhandled Errors" above');
} else failed += 1;
if (playwrightFile && existsSync(playwrightFile)) {
  const s = JSON.parse(readFileSync(playwrightFile, 'utf8')).stats ?? {};
  passed += s.expected ?? 0;
  failed += (s.unexpected ?? 0) + (s.flaky ?? 0);
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected' || test.status === 'flaky')
          failures.push(
            `${spec.file}:${spec.line} [${test.projectName}] › ${[...titles, spec.title].join(' › ')} (${test.status})`,
          );
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  const report = JSON.parse(readFileSync(playwrightFile, 'utf8'));
  for (const suite of report.suites ?? []) walk(suite, []);
  // A spec file's time in each project: the sum of its tests' attempts (a worker runs them in turn).
  const perFile = new Map();
  const add = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const key = `${test.projectName}\u0000${spec.file}`;
        const entry = perFile.get(key) ?? {
          runner: `playwright ${test.projectName}`,
          file: `e2e/${spec.file}`,
          seconds: 0,
          tests: 0,
        };
        entry.tests += 1;
        for (const result of test.results ?? []) entry.seconds += (result.duration ?? 0) / 1000;
        perFile.set(key, entry);
      }
    for (const child of suite.suites ?? []) add(child);
  };
  for (const suite of report.suites ?? []) add(suite);
  timings.push(...perFile.values());
} else failed += 1;

timings.sort((a, b) => b.seconds - a.seconds);
const layersFile = process.env.TEST_LAYERS_FILE;
const layers =
  layersFile && existsSync(layersFile) ? JSON.parse(readFileSync(layersFile, 'utf8')) : null;
const timingsFile = process.env.TEST_TIMINGS_FILE ?? 'test-results/timings.json';
mkdirSync(dirname(timingsFile), { recursive: true });
writeFileSync(
  timingsFile,
  `${JSON.stringify({ writtenAt: new Date().toISOString(), layers, files: timings }, null, 2)}\n`,
);
if (layers) {
  const budgetFile = process.env.TEST_BUDGET_FILE ?? new URL('./test-budget.json', import.meta.url);
  const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));
  console.log(`\n${budgetReport(layers, budget).join('\n')}`);
}
if (timings.length > 0) {
  console.log(`\nThe 10 costliest test files (all ${timings.length} in ${timingsFile}):`);
  for (const t of timings.slice(0, 10))
    console.log(
      `${t.seconds.toFixed(1).padStart(7)} s  ${t.runner.padEnd(19)} ${t.file} (${t.tests} test${t.tests === 1 ? '' : 's'})`,
    );
  console.log('');
}
console.log(`${passed} passed, ${failed} failed`);
for (const note of notes) console.log(note);
for (const failure of failures) console.log(`failed: ${failure}`);
