import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { authProvidersSchema, SOCIAL_PROVIDERS } from '../../contract/auth';
import { AUTH_ERROR_CODES, tooManyAttemptsMessage } from '../../domain/auth-messages';
import type { AppContext } from '../app-context';
import { ACCOUNT_RULES, countAccountAttempt, giveBackAttempt } from './account-limits';
import { answerTakenSignUp, isTakenEmailRefusal } from './answer-taken-sign-up';
import { CLIENT_IP_HEADER, OIDC_PROVIDER_ID, type Auth } from './auth';
import { authProblem } from './auth-problem';

const SIGN_IN_PATH = '/api/auth/sign-in/email';
const SIGN_UP_PATH = '/api/auth/sign-up/email';

/** A newcomer's sign-up answer without the session token: the cookie carries it (decision 0050). */
function withoutToken(text: string | null): string | null {
  if (!text) return text;
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null || !('token' in body)) return text;
    return JSON.stringify({ ...body, token: null });
  } catch {
    return text;
  }
}

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
      let accountKeys: string[] = [];
      if (rule && ctx.config.authRateLimit) {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        if (typeof email === 'string' && email.length > 0) {
          const verdict = await countAccountAttempt(
            ctx.db,
            rule,
            url.pathname,
            email,
            request.ip,
            ctx.now().getTime(),
          );
          if (!verdict.allowed) return tooMany(reply, verdict.retryAfterSeconds);
          accountKeys = verdict.keys;
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
      if (notAGuess) await giveBackAttempt(ctx.db, accountKeys);
      if (response.status === 429) {
        // better-auth's own refusal says only "try again later", with the wait in X-Retry-After.
        const retryAfter = Number(response.headers.get('x-retry-after'));
        return tooMany(reply, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60);
      }
      let text = response.body ? await response.text() : null;
      if (request.method === 'POST' && url.pathname === SIGN_UP_PATH) {
        if (isTakenEmailRefusal(response.status, text)) {
          const context = await auth.$context;
          const answer = await answerTakenSignUp(
            {
              db: ctx.db,
              mailer: ctx.mailer,
              publicUrl: ctx.config.publicUrl,
              now: ctx.now(),
              hashPassword: (password) => context.password.hash(password),
              newUserId: () => context.generateId({ model: 'user' }) || randomUUID(),
            },
            request.body,
          );
          return reply.status(200).send(answer);
        }
        if (response.ok) text = withoutToken(text);
      }
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
