import type { z } from 'zod';
import { UNKNOWN_FIELD } from '../../contract/catalogue-availability';
import { HttpProblem } from '../http/problem';
import { jsonPath } from './json-path';

export interface CatalogueProblem {
  /** A JSON path into the document, e.g. $.therapists[3].availability[0].end */
  path: string;
  message: string;
}

/**
 * The problems a zod parse of a catalogue document found, each at the JSON path of what was sent:
 * an unknown key at its own path, a contradiction at the company's field naming today's field too.
 */
export function problemsOfIssues(issues: readonly z.core.$ZodIssue[]): CatalogueProblem[] {
  return issues.flatMap((issue): CatalogueProblem[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        path: jsonPath([...issue.path, key]),
        message: UNKNOWN_FIELD,
      }));
    }
    return [{ path: jsonPath(issue.path), message: messageOf(issue) }];
  });
}

function messageOf(issue: z.core.$ZodIssue): string {
  // "is required" reads better than zod's "expected string, received undefined".
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
    return `is required (${issue.expected})`;
  }
  const other: unknown = issue.code === 'custom' ? issue.params?.contradicts : undefined;
  if (typeof other === 'string') {
    // Both fields are members of the same record: the issue's path ends in the company's field.
    return `contradicts ${jsonPath([...issue.path.slice(0, -1), other])}: ${issue.message}`;
  }
  return issue.message;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The 400 for a document with problems, each in `errors` as {field: its JSON path, message}. */
export function catalogueProblems(
  subject: string,
  problems: readonly CatalogueProblem[],
): HttpProblem {
  const n = problems.length;
  return new HttpProblem(
    400,
    `${subject} has ${plural(n, 'problem', 'problems')}; nothing was changed.`,
    { errors: problems.map((p) => ({ field: p.path, message: p.message })) },
  );
}
