import { E2E_BASE_URL, E2E_PORT } from './env';

// Ports of the mail catcher and the OpenID provider the e2e run starts beside the app. Offsets
// from E2E_PORT, so runs on different E2E_PORTs (10 apart) never share a port.
export const E2E_SMTP_PORT = E2E_PORT + 1;
export const E2E_MAIL_HTTP_PORT = E2E_PORT + 2;
export const E2E_OIDC_PORT = E2E_PORT + 3;

export const E2E_SMTP_URL = `smtp://127.0.0.1:${E2E_SMTP_PORT}`;
export const E2E_MAIL_API = `http://127.0.0.1:${E2E_MAIL_HTTP_PORT}`;
export const E2E_OIDC_ISSUER = `http://127.0.0.1:${E2E_OIDC_PORT}`;
export const E2E_OIDC_CLIENT_ID = 'glow-e2e';
export const E2E_OIDC_CLIENT_SECRET = 'glow-e2e-oidc-client-secret-0123456789';
export const E2E_OIDC_NAME = 'Glow Test ID';

/** Where better-auth (1.7+, generic OAuth as a social provider) takes the provider's answer. */
export const E2E_OIDC_REDIRECT_URIS = [`${E2E_BASE_URL}/api/auth/callback/oidc`];
