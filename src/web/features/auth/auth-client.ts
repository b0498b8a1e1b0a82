import { inferAdditionalFields, magicLinkClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { noteAuthClientLoaded } from './session-hint';

// The browser's side of better-auth. Same origin as the page, so cookies and the server's Origin
// check just work. The generic OpenID provider needs no client plugin since better-auth 1.7: it
// is a social provider like the others (signIn.social / linkSocial with provider 'oidc').

export const OIDC_PROVIDER_ID = 'oidc';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [
    magicLinkClient(),
    // Our columns on the user, so sign-up accepts them and the session carries them typed.
    inferAdditionalFields({
      user: {
        phoneNumber: { type: 'string', required: false },
        gender: { type: 'string', required: false },
        accountType: { type: 'string', required: false },
      },
    }),
  ],
});

/** better-auth's own session hook: reactive to sign-in and sign-out made through authClient. */
export const useSession = authClient.useSession;

// From now on the header's full menu follows this client's session (session-hint.ts).
noteAuthClientLoaded();
