import { configDefaults, defineConfig } from 'vitest/config';

const INTEGRATION = ['src/**/*.int.test.ts', 'bench/**/*.int.test.ts', 'scripts/**/*.int.test.ts'];

export default defineConfig({
  test: {
    // PGlite boots a WASM Postgres per test database; give it room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...INTEGRATION],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION,
          // Migrates a PGlite folder and a PostgreSQL template once for the whole run, which the
          // test databases copy (src/test-support/database-templates.ts); only when integration
          // tests run, so a run of unit tests alone does not wait for it.
          globalSetup: ['src/test-support/global-setup.ts'],
        },
      },
    ],
  },
});
