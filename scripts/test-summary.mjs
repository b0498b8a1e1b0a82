// Prints one closing line, "N passed, N failed", over the Vitest and Playwright JSON reports,
// then the name of every failed test: CI often keeps only the end of a long log, and the end
// must say what to look at.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

let passed = 0;
let failed = 0;
const notes = [];
const failures = [];
const [vitestFile, playwrightFile] = process.argv.slice(2);
if (vitestFile && existsSync(vitestFile)) {
  const r = JSON.parse(readFileSync(vitestFile, 'utf8'));
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
  for (const suite of JSON.parse(readFileSync(playwrightFile, 'utf8')).suites ?? [])
    walk(suite, []);
} else failed += 1;
console.log(`${passed} passed, ${failed} failed`);
for (const note of notes) console.log(note);
for (const failure of failures) console.log(`failed: ${failure}`);
