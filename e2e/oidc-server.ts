import { createServer } from 'node:http';
import Provider from 'oidc-provider';
import {
  E2E_OIDC_CLIENT_ID,
  E2E_OIDC_CLIENT_SECRET,
  E2E_OIDC_ISSUER,
  E2E_OIDC_PORT,
  E2E_OIDC_REDIRECT_URIS,
} from './auth-env';

// A real OpenID Connect provider (oidc-provider v9) for the e2e run, started by
// playwright.config.ts. Its development login page accepts any login: the login becomes the
// subject, and the email claim is the login itself when it looks like an email address.

const emailFor = (sub: string) => (sub.includes('@') ? sub : `${sub}@idp.example`);

const provider = new Provider(E2E_OIDC_ISSUER, {
  clients: [
    {
      client_id: E2E_OIDC_CLIENT_ID,
      client_secret: E2E_OIDC_CLIENT_SECRET,
      redirect_uris: E2E_OIDC_REDIRECT_URIS,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  features: { devInteractions: { enabled: true } },
  async findAccount(_ctx, sub) {
    return {
      accountId: sub,
      async claims() {
        return { sub, email: emailFor(sub), email_verified: true, name: `Test ${sub}` };
      },
    };
  },
});

// The provider is a Koa app: its handler catches every error of a request itself (a 500 answer
// and an 'error' event), so the promise it returns never rejects.
const handle = provider.callback();
const server = createServer((req, res) => void handle(req, res));
server.listen(E2E_OIDC_PORT, '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
