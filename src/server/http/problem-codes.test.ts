import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROBLEM_CODES } from '../../contract/problem';
import { sendProblem } from './error-handler';
import { conflict, forbidden, HttpProblem, unprocessable, type RefusalStatus } from './problem';

// The types keep HttpProblem's codes to the contract's list: its `code` option is a ProblemCode
// and its `extensions` may not hold one (decision 0072). Two ways round them are checked here by
// reading the source: a body written by hand, such as better-auth's APIError({ code }) that our
// auth hooks throw, and a code listed in the contract that nothing sends any more.
//
// Every refusal carries a code (decision 0095): with a refusal's status (RefusalStatus), HttpProblem,
// its helpers and sendProblem do not compile without one, which the @ts-expect-error lines below
// prove to `tsc`. What the types cannot see, a status known only as a number where the problem is
// built or a reply's status set by hand, is read from the source.

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

/** The text of the call or statement that starts at `start`, to its closing bracket or `;`. */
function extent(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') {
      const end = text.indexOf(c, i + 1);
      i = end === -1 ? text.length : end;
    } else if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      depth--;
      if (depth === 0 && c === ')' && text[start] !== '.') return text.slice(start, i + 1);
    } else if (c === ';' && depth <= 0) return text.slice(start, i);
  }
  return text.slice(start);
}

const REFUSALS: RefusalStatus[] = [402, 403, 409, 410, 422, 429];

describe('refusals the server sends', () => {
  it('do not compile without their code', () => {
    const sent: unknown[] = [];
    const reply = {
      status: () => reply,
      type: () => reply,
      send: (body: unknown) => sent.push(body),
    } as unknown as Parameters<typeof sendProblem>[0];
    const made = [
      // @ts-expect-error a 409 needs its code
      new HttpProblem(409, 'Taken.'),
      // @ts-expect-error a 422 needs its code, with other options too
      new HttpProblem(422, 'No.', { errors: [{ field: 'body.x', message: 'No.' }] }),
      // @ts-expect-error so do the statuses of a union that holds a refusal's
      new HttpProblem(403 as 403 | 404, 'No.'),
      // @ts-expect-error conflict() takes the code
      conflict('Taken.'),
      // @ts-expect-error unprocessable() takes the code
      unprocessable('No.'),
      // @ts-expect-error forbidden() takes the code
      forbidden('No.'),
      // The statuses that say what they mean by themselves need none.
      new HttpProblem(404, 'Not found.'),
      new HttpProblem(400, 'Bad.', { errors: [] }),
      new HttpProblem(409, 'Taken.', { code: 'slot_taken' }),
    ];
    expect(made.map((p) => p.status)).toEqual([409, 422, 403, 409, 422, 403, 404, 400, 409]);
    // @ts-expect-error a body written by hand with a refusal's status names its code
    sendProblem(reply, { type: 'about:blank', title: 'Conflict', status: 409, detail: 'Taken.' });
    sendProblem(reply, { type: 'about:blank', title: 'Not Found', status: 404, detail: 'None.' });
    expect(sent).toHaveLength(2);
  });

  it('carry a code where the types cannot see the status', () => {
    const missing: string[] = [];
    let seen = 0;
    for (const { path, text } of server) {
      const where = (index: number) => `${path}:${text.slice(0, index).split('\n').length}`;
      // A problem built from a status held in a variable: unchecked by the types.
      for (const match of text.matchAll(/new HttpProblem\(\s*(?![\s\d])/g)) {
        seen++;
        if (!/\bcode\b/.test(extent(text, match.index + 'new HttpProblem'.length)))
          missing.push(`${where(match.index)} new HttpProblem(…) without a code`);
      }
      // A reply sent by hand with a refusal's status.
      for (const match of text.matchAll(/\.(?:status|code)\((\d{3})\)/g)) {
        if (!REFUSALS.includes(Number(match[1]) as RefusalStatus)) continue;
        seen++;
        if (!/\bcode:/.test(extent(text, match.index)))
          missing.push(`${where(match.index)} a ${match[1]} sent without a code`);
      }
    }
    // The scan still finds what it looks for (redeem-gift-card's helper, the sign-in 429).
    expect(seen).toBeGreaterThanOrEqual(2);
    expect(missing, 'refusals without a code (decision 0095): give each one').toEqual([]);
  });
});
