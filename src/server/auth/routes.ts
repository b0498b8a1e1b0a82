import type { FastifyInstance, FastifyReply } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { authProvidersSchema, SOCIAL_PROVIDERS } from '../../contract/auth';
import { AUTH_ERROR_CODES, tooManyAttemptsMessage } from '../../domain/auth-messages';
import type { AppContext } from '../app-context';
import { consumeAttempt, returnAttempt, type RateRule } from './account-rate-limit';
import { CLIENT_IP_HEADER, OIDC_PROVIDER_ID, type Auth } from './auth';
import { authProblem } from './auth-problem';

// Per-account limits, on top of better-auth's per-address ones: keyed by the email the request
// names, so they are the real guard against guessing one account from many addresses.
const ACCOUNT_RULES: Record<string, RateRule> = {
  '/api/auth/sign-in/email': { windowSeconds: 15 * 60, max: 10 },
  '/api/auth/request-password-reset': { windowSeconds: 60 * 60, max: 3 },
  '/api/auth/sign-in/magic-link': { windowSeconds: 15 * 60, max: 3 },
};

const SIGN_IN_PATH = '/api/auth/sign-in/email';

/** Every refusal says how long to wait, in the Retry-After header and in words. */
function tooMany(reply: FastifyReply, retryAfterSeconds: number) {
  const message = tooManyAttemptsMessage(retryAfterSeconds);
  return reply
    .status(429)
    .header('retry-after', String(retryAfterSeconds))
    .type('application/problem+json')
    .send({
      type: 'about:blank',
      title: 'Too Many Requests',
      status: 429,
      detail: message,
      // better-auth's client spreads the body into its error: the web app reads these two.
      code: 'TOO_MANY_REQUESTS',
      message,
      retryAfterSeconds,
    });
}

/** Hands /api/auth/* to better-auth as a Fetch Request and copies its Response back. */
export async function authRoutes(app: FastifyInstance, auth: Auth, ctx: AppContext) {
  app.get(
    '/api/auth-providers',
    {
      schema: {
        summary: 'Which sign-in providers are turned on',
        tags: ['auth'],
        response: { 200: authProvidersSchema },
      },
    },
    async () => ({
      social: SOCIAL_PROVIDERS.filter((name) => ctx.config.social[name] !== null),
      oidc: ctx.config.oidc ? { id: OIDC_PROVIDER_ID, name: ctx.config.oidc.name } : null,
    }),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // better-auth's own API, documented by better-auth and called through its client: not in our
    // OpenAPI document and exempt from our response schemas (decision 0028).
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
      const rule = request.method === 'POST' ? ACCOUNT_RULES[url.pathname] : undefined;
      let accountKey: string | null = null;
      if (rule && ctx.config.authRateLimit) {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        if (typeof email === 'string' && email.length > 0) {
          const key = `account:${url.pathname}:${email.trim().toLowerCase()}`;
          const verdict = await consumeAttempt(ctx.db, key, rule, ctx.now().getTime());
          if (!verdict.allowed) return tooMany(reply, verdict.retryAfterSeconds);
          accountKey = key;
        }
      }
      const body =
        request.method === 'POST' && request.body !== undefined
          ? JSON.stringify(request.body)
          : undefined;
      const headers = fromNodeHeaders(request.headers);
      headers.set(CLIENT_IP_HEADER, request.ip);
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          ...(body ? { body } : {}),
        }),
      );
      // Only guesses count: a correct password, or an attempt the per-address limit refused
      // before anything was checked, is given back to the account.
      const notAGuess = response.status === 429 || (url.pathname === SIGN_IN_PATH && response.ok);
      if (accountKey && notAGuess) await returnAttempt(ctx.db, accountKey);
      if (response.status === 429) {
        // better-auth's own refusal says only "try again later", with the wait in X-Retry-After.
        const retryAfter = Number(response.headers.get('x-retry-after'));
        return tooMany(reply, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60);
      }
      const text = response.body ? await response.text() : null;
      // A link opened in the browser (email link, email confirmation) that ends in the role refusal
      // lands on /login with the code, like the social callbacks, instead of a page of JSON.
      if (
        request.method === 'GET' &&
        response.status === 403 &&
        text?.includes(AUTH_ERROR_CODES.anotherService)
      ) {
        return reply.redirect(`/login?error=${AUTH_ERROR_CODES.anotherService}`, 302);
      }
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (key.toLowerCase() !== 'set-cookie') reply.header(key, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (response.status >= 400) {
        return reply.type('application/problem+json').send(authProblem(response.status, text));
      }
      return reply.send(text);
    },
  });
}
