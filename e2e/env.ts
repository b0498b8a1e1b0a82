// Shared by playwright.config.ts (which starts the server) and the specs (which call it).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_INTERNAL_API_TOKEN = 'e2e-internal-token-0123456789abcdef-xyz';
