import type { FastifyInstance } from 'fastify';
import { badRequest } from './problem';

// JSON.parse takes 5,000 levels of nesting in its stride, but JSON.stringify, structuredClone and
// most validators recurse and overflow the stack on it: the fuzz suite found /api/auth/* (which
// hands the parsed body to better-auth as text again) answering 500 to `[[[[…]]]]`. No request of
// ours nests more than a few levels, so anything deeper is refused before any of that runs.

/** Deeper than any real request (an address inside a booking inside an import is about 5). */
export const MAX_NESTING = 32;

/** The nesting depth of a parsed JSON value, counted without recursion. */
export function nestingDepth(root: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[root, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [value, depth] = next;
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_NESTING) return deepest;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return deepest;
}

export function installNestingGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (nestingDepth(request.body) > MAX_NESTING) {
      const message = `must not nest more than ${MAX_NESTING} levels deep`;
      throw badRequest(`body: ${message}`, [{ field: 'body', message }]);
    }
  });
}
