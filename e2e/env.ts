// Shared by playwright.config.ts (which starts the servers) and the specs (which call them).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The second app server, on PostgreSQL, when TEST_DATABASE_URL is set (the 'postgres' project). */
export const E2E_POSTGRES_PORT = E2E_PORT + 5;
export const E2E_POSTGRES_BASE_URL = `http://127.0.0.1:${E2E_POSTGRES_PORT}`;
export const E2E_INTERNAL_API_TOKEN = 'e2e-internal-token-0123456789abcdef-xyz';

/**
 * `npm run test:deep` sets TEST_DEPTH=deep: every browser test, each walk over every page. `npm
 * test` runs one of each kind (playwright.config.ts, decision 0097).
 */
export const E2E_DEEP = process.env.TEST_DEPTH === 'deep';
