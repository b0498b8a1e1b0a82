// Prints one closing line, "N passed, N failed", over the Vitest and Playwright JSON reports.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const notes = [];
const [vitestFile, playwrightFile] = process.argv.slice(2);
if (vitestFile && existsSync(vitestFile)) {
  const r = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0);
  // Every test can pass while the run still fails: an error thrown outside any test.
  if (r.success === false && failed === 0)
    notes.push('Vitest failed the run anyway: see "Unhandled Errors" above');
} else failed += 1;
if (playwrightFile && existsSync(playwrightFile)) {
  const s = JSON.parse(readFileSync(playwrightFile, 'utf8')).stats ?? {};
  passed += s.expected ?? 0;
  failed += (s.unexpected ?? 0) + (s.flaky ?? 0);
} else failed += 1;
console.log(`${passed} passed, ${failed} failed`);
for (const note of notes) console.log(note);
