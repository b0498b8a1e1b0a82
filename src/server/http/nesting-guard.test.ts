import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from './error-handler';
import { installNestingGuard, MAX_NESTING, nestingDepth } from './nesting-guard';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('the nesting guard', () => {
  it('measures depth without recursing, however deep', () => {
    expect(nestingDepth('text')).toBe(0);
    expect(nestingDepth({ a: [1, { b: 2 }] })).toBe(3);
    expect(nestingDepth(JSON.parse(nested(100_000)))).toBeGreaterThan(MAX_NESTING);
  });

  it('refuses a body nested deeper than any request of ours with a 400, and lets others in', async () => {
    const app = Fastify();
    installErrorHandling(app);
    installNestingGuard(app);
    // What /api/auth/* does with a body: turns it back into text, which recursion cannot.
    app.post('/echo', async (request) => ({ length: JSON.stringify(request.body).length }));
    const post = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/echo',
        payload,
        headers: { 'content-type': 'application/json' },
      });
    try {
      const deep = await post(nested(5_000));
      expect(deep.statusCode).toBe(400);
      expect(deep.json()).toMatchObject({
        status: 400,
        errors: [{ field: 'body', message: `must not nest more than ${MAX_NESTING} levels deep` }],
      });
      expect((await post(nested(MAX_NESTING))).statusCode).toBe(200);
      expect((await post(nested(MAX_NESTING + 1))).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});
