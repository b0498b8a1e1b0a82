import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a free local port, with its
 * development login screens: whoever types a login becomes that subject, with the email
 * `<login>@idp.example`. Enough to drive the whole authorisation-code flow in tests.
 */
export async function startTestOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  const clientId = 'booking-system';
  const clientSecret = 'test-oidc-client-secret-0123456789';
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => false },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          return { sub, email: `${sub}@idp.example`, email_verified: true, name: `IdP ${sub}` };
        },
      };
    },
  });
  // The provider is a Koa app: its handler catches every error of a request itself (a 500 answer
  // and an 'error' event), so the promise it returns never rejects.
  const handle = provider.callback();
  s.on('request', (req, res) => void handle(req, res));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        s.closeAllConnections();
        s.close(() => resolve());
      }),
  };
}
