import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { sendProblem } from '../http/error-handler';
import { HttpProblem } from '../http/problem';

// Hashing both sides first gives equal-length buffers, so timingSafeEqual never throws and the
// comparison time does not depend on how much of the token an attacker has guessed.
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

function sameToken(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** onRequest hook: service-to-service callers and the admin CLI prove themselves with a bearer token. */
export function requireInternalToken(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const configured = ctx.config.internalApiToken;
    const accepted = [configured, ctx.cliToken].filter((t): t is string => Boolean(t));
    const presented = bearerToken(request.headers.authorization);
    // Compare against every accepted token, so the time taken does not tell which one matched.
    const matches = presented === null ? [] : accepted.map((t) => sameToken(presented, t));
    if (matches.includes(true)) return;

    if (!configured) {
      const off = new HttpProblem(503, 'The internal API is turned off: set INTERNAL_API_TOKEN.');
      return sendProblem(reply, off.toBody());
    }
    const detail =
      presented === null
        ? 'Send the internal API token as "Authorization: Bearer <token>".'
        : 'The bearer token is not valid for the internal API.';
    reply.header('WWW-Authenticate', 'Bearer realm="internal"');
    return sendProblem(reply, new HttpProblem(401, detail).toBody());
  };
}
