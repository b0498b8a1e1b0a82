import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { authProvidersSchema, SOCIAL_PROVIDERS } from '../../contract/auth';
import type { ProblemBody } from '../../contract/problem';
import { AUTH_ERROR_CODES, tooManyAttemptsMessage } from '../../domain/auth-messages';
import { passwordSignInRefusedMessage } from '../../domain/email-link-offer';
import type { AppContext } from '../app-context';
import {
  ACCOUNT_RULES,
  countAccountAttempt,
  giveBackAttempt,
  normaliseEmail,
  SIGN_IN_PATH,
} from './account-limits';
import { CLIENT_IP_HEADER, OIDC_PROVIDER_ID, type Auth } from './auth';
import { authProblem } from './auth-problem';
import { rememberAddress } from './known-addresses';
import {
  deviceKnowsAccount,
  knownDeviceCookie,
  readKnownDevice,
  rememberAccount,
} from './known-device';

/**
 * Every refusal says how long to wait, in the Retry-After header and in words. A refused password
 * sign-in also offers the emailed link, which is never limited (decision 0065).
 */
function tooMany(reply: FastifyReply, retryAfterSeconds: number, offersEmailLink: boolean) {
  const message = offersEmailLink
    ? passwordSignInRefusedMessage(retryAfterSeconds)
    : tooManyAttemptsMessage(retryAfterSeconds);
  return reply
    .status(429)
    .header('retry-after', String(retryAfterSeconds))
    .type('application/problem+json')
    .send({
      type: 'about:blank',
      title: 'Too Many Requests',
      status: 429,
      detail: message,
      // better-auth's client spreads the body into its error: the web app reads these.
      code: 'TOO_MANY_REQUESTS',
      message,
      retryAfterSeconds,
      ...(offersEmailLink ? { emailLinkOffered: true } : {}),
    } satisfies ProblemBody);
}

/** The email a sign-in or email request names, when it names one. */
function namedEmail(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.length > 0 ? email : null;
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
      const isPost = request.method === 'POST';
      const signingIn = isPost && url.pathname === SIGN_IN_PATH;
      const rule = isPost ? ACCOUNT_RULES[url.pathname] : undefined;
      const email = isPost ? namedEmail(request) : null;
      const limited = ctx.config.authRateLimit;
      const nowMs = ctx.now().getTime();
      const { secret } = await auth.$context;
      const device = limited ? readKnownDevice(secret, request.headers.cookie) : null;
      let accountKeys: string[] = [];
      if (rule && limited && email) {
        const verdict = await countAccountAttempt(
          ctx.db,
          rule,
          url.pathname,
          email,
          {
            clientAddress: request.ip,
            knownDeviceId: device && deviceKnowsAccount(secret, device, email) ? device.id : null,
          },
          nowMs,
        );
        if (!verdict.allowed) return tooMany(reply, verdict.retryAfterSeconds, signingIn);
        accountKeys = verdict.keys;
      }
      const body = isPost && request.body !== undefined ? JSON.stringify(request.body) : undefined;
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
      const notAGuess = response.status === 429 || (signingIn && response.ok);
      if (notAGuess) await giveBackAttempt(ctx.db, accountKeys);
      if (response.status === 429) {
        // better-auth's own refusal says only "try again later", with the wait in X-Retry-After.
        const retryAfter = Number(response.headers.get('x-retry-after'));
        const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60;
        return tooMany(reply, wait, signingIn);
      }
      const cookies = response.headers.getSetCookie();
      if (signingIn && response.ok && limited && email) {
        // The owner's own device and network from now on (decision 0065).
        await rememberAddress(ctx.db, request.ip, normaliseEmail(email), nowMs);
        const known = rememberAccount(secret, device, email);
        cookies.push(knownDeviceCookie(secret, known, ctx.config.isProduction));
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
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (response.status >= 400) {
        return reply.type('application/problem+json').send(authProblem(response.status, text));
      }
      return reply.send(text);
    },
  });
}
