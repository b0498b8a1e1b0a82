import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { configDefaults, defineConfig } from 'vitest/config';

const INTEGRATION = ['src/**/*.int.test.ts', 'bench/**/*.int.test.ts', 'scripts/**/*.int.test.ts'];

/**
 * The suites that start the server or the command line as real processes: the crash suites (kill
 * the server mid-traffic and check what it left), the server's start-up and shutdown, and the
 * command line's exit codes. A project of their own, so `npm run test:quick` can leave them to
 * `npm test`: they are two thirds of a PGlite run's time and test what changes least in the
 * inner loop (decision 0076).
 */
const PROCESS_SUITES = [
  'src/**/*crash*.int.test.ts',
  'src/server/main.int.test.ts',
  'src/cli/main.int.test.ts',
];

/**
 * The files that start real server processes or fuzz every operation take minutes where the rest
 * take seconds. Started last, one of them keeps a worker busy long after the others are done; so
 * they start first, and the short files fill the other worker around them. Vitest orders by the
 * last run's times when it has them, but a fresh clone (CI) has none.
 */
const LONG_FILES = /(crash|crash-safety|fuzz|main)\.int\.test\.ts$/;

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = sorted.filter((file) => LONG_FILES.test(file.moduleId));
    return [...long, ...sorted.filter((file) => !LONG_FILES.test(file.moduleId))];
  }
}

export default defineConfig({
  test: {
    // PGlite boots a WASM Postgres per test database; give it room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A focused test (`.only`) left in a file would quietly skip the rest: CI refuses it, as
    // Playwright's forbidOnly does (.ci/run sets CI=true).
    allowOnly: !process.env.CI,
    maxWorkers: 2,
    sequence: { sequencer: LongFilesFirst },
    // Files share a worker's modules instead of loading the whole server again for each one:
    // loading was a quarter of the integration tests' CPU and two thirds of the unit tests'. Test
    // files hold no module state of their own that another could see: every test builds its app,
    // database and clock (decision 0075).
    isolate: false,
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
          exclude: [...configDefaults.exclude, ...PROCESS_SUITES],
          // Migrates a PGlite folder and a PostgreSQL template once for the whole run, which the
          // test databases copy (src/test-support/database-templates.ts); only when integration
          // tests run, so a run of unit tests alone does not wait for it.
          globalSetup: ['src/test-support/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'process',
          include: PROCESS_SUITES,
          globalSetup: ['src/test-support/global-setup.ts'],
        },
      },
    ],
  },
});
