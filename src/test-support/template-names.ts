import { randomBytes } from 'node:crypto';

// Names shared by the global setup and the test processes, kept apart from database-templates.ts
// and process-bundles.ts, so a test process loads neither the database client nor esbuild to read
// them (the global setup must not load the database client through Vite: see global-setup.ts).

/** Where the migrated templates are, for the test processes Vitest starts after the global setup. */
export const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE_DIR';
export const POSTGRES_TEMPLATE_ENV = 'TEST_POSTGRES_TEMPLATE_DB';

/** Where the global setup leaves the bundled server and command line (process-bundles.ts). */
export const SERVER_BUNDLE_ENV = 'TEST_SERVER_BUNDLE';
export const CLI_BUNDLE_ENV = 'TEST_CLI_BUNDLE';

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A database name of our own: several runs may share one PostgreSQL server. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}
