import { createAuthMiddleware, formCsrfMiddleware } from 'better-auth/api';
import { z } from 'zod';
import { emailSchema, signUpSchema } from '../../domain/account-forms';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { checkAuthInput, parsedOrRefused } from './auth-input-guard';
import { requestPasswordReset, RESET_ANSWER } from './request-password-reset';
import { requestSignInLink, SIGN_IN_LINK_ANSWER } from './request-sign-in-link';
import { SIGN_UP_ANSWER, signUpCustomer } from './sign-up-customer';

// Runs before every better-auth endpoint, after its per-address limit and origin check. Checks our
// input rules, and answers the three requests that name an email someone may not own (sign-up, a
// reset, a sign-in link) itself, so that their work is the same whether or not the email is
// registered (decision 0065). better-auth's own versions looked the email up first and then did
// more work for one case than the other. Its verify and reset routes take what ours write.

const optionalText = z.string().optional();
const resetRequestSchema = z.object({ email: emailSchema, redirectTo: optionalText });
const signInLinkSchema = z.object({
  email: emailSchema,
  callbackURL: optionalText,
  newUserCallbackURL: optionalText,
  errorCallbackURL: optionalText,
});

export interface AuthHookDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

export function authBeforeHook(deps: AuthHookDeps) {
  return createAuthMiddleware(async (ctx) => {
    const emailLinks = { db: deps.db, mailer: deps.mailer, authBaseUrl: ctx.context.baseURL };
    switch (ctx.path) {
      case '/sign-up/email': {
        // The endpoint's own cross-site form check, which runs only if the endpoint does.
        await formCsrfMiddleware(ctx);
        await checkAuthInput(ctx);
        const body: unknown = ctx.body;
        const callbackURL =
          typeof body === 'object' && body !== null && 'callbackURL' in body
            ? body.callbackURL
            : undefined;
        await signUpCustomer(
          {
            ...emailLinks,
            hashPassword: (password) => ctx.context.password.hash(password),
            secret: ctx.context.secret,
            publicUrl: deps.publicUrl,
          },
          signUpSchema.parse(body),
          typeof callbackURL === 'string' ? callbackURL : undefined,
        );
        return ctx.json(SIGN_UP_ANSWER);
      }
      case '/request-password-reset':
        await requestPasswordReset(emailLinks, parsedOrRefused(resetRequestSchema, ctx.body));
        return ctx.json(RESET_ANSWER);
      case '/sign-in/magic-link':
        await formCsrfMiddleware(ctx);
        await requestSignInLink(emailLinks, parsedOrRefused(signInLinkSchema, ctx.body));
        return ctx.json(SIGN_IN_LINK_ANSWER);
      default:
        await checkAuthInput(ctx);
        return;
    }
  });
}
