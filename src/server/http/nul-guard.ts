import type { FastifyInstance } from 'fastify';
import { badRequest } from './problem';

// PostgreSQL text cannot hold U+0000: a query carrying one fails (SQLSTATE 22021) and would answer
// 500. No real input needs it, so any request with one in its body, query or path is refused
// before validation, naming the field. Walks iteratively: a deeply nested body must not overflow.

function nulField(root: unknown, rootPath: string): string | null {
  const stack: [unknown, string][] = [[root, rootPath]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push([v, `${path}.${i}`]));
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [k, v] of Object.entries(value)) stack.push([v, `${path}.${k}`]);
    }
  }
  return null;
}

export function installNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field =
      nulField(request.params, 'params') ??
      nulField(request.query, 'querystring') ??
      nulField(request.body, 'body');
    if (field) {
      const message = 'must not contain the NUL character (U+0000)';
      throw badRequest(`${field}: ${message}`, [{ field, message }]);
    }
  });
}
