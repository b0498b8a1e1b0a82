import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROBLEM_CODES } from '../../contract/problem';

// The types keep HttpProblem's codes to the contract's list: its `code` option is a ProblemCode
// and its `extensions` may not hold one (decision 0072). Two ways round them are checked here by
// reading the source: a body written by hand, such as better-auth's APIError({ code }) that our
// auth hooks throw, and a code listed in the contract that nothing sends any more.

const ROOT = join(import.meta.dirname, '../../..');
const CODES = new Set(Object.keys(PROBLEM_CODES));

function productionSources(folder: string): { path: string; text: string }[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => {
      const path = join(ROOT, folder, file);
      return { path: relative(ROOT, path), text: readFileSync(path, 'utf8') };
    });
}

const server = productionSources('src/server');

describe('problem codes the server sends', () => {
  it('are all in the contract’s list, wherever a code is written out', () => {
    const found: string[] = [];
    const unknown: string[] = [];
    for (const { path, text } of server) {
      for (const match of text.matchAll(/\bcode:\s*(['"])([^'"]+)\1/g)) {
        const code = match[2] ?? '';
        found.push(code);
        const line = text.slice(0, match.index).split('\n').length;
        if (!CODES.has(code)) unknown.push(`${path}:${line} '${code}'`);
      }
    }
    // The scan still sees the codes (a reformat has not hidden them from the pattern).
    expect(new Set(found).size).toBeGreaterThanOrEqual(15);
    expect(
      unknown,
      `codes not in PROBLEM_CODES (src/contract/problem.ts): add each there, or send no code`,
    ).toEqual([]);
  });

  it('are each still sent by something: no code in the list is left over', () => {
    const sources = [...server, ...productionSources('src/domain')].map((s) => s.text).join('\n');
    const unused = [...CODES].filter((code) => !sources.includes(`'${code}'`));
    expect(unused, 'codes in PROBLEM_CODES that no server or domain source names').toEqual([]);
  });
});
