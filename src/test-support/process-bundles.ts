import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

// The server and the command line as single JavaScript files, for the tests that start them as
// real processes (crash suites, start-up checks, the command line's exit codes): about 60 starts a
// run. Under tsx a start spends about 1.8 s of CPU compiling TypeScript before it serves;
// bundled once for the whole run, it does not (decision 0076). The code is the same: esbuild is
// what tsx compiles with, and packages stay in node_modules, loaded as `npm start` loads them.

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Our files find their neighbours (migrations, the demo catalogue, the database's thread, the
 * built web app) through import.meta.dirname: each keeps its own folder, not the bundle's.
 */
const ownFolder: Plugin = {
  name: 'own-folder',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async ({ path: file }) => {
      const source = await readFile(file, 'utf8');
      return {
        contents: source.replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file))),
        loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
      };
    });
  },
};

export interface ProcessBundles {
  server: string;
  cli: string;
  remove(): Promise<void>;
}

/** Bundles both entry points into a fresh folder under node_modules/.cache, where packages resolve. */
export async function buildProcessBundles(): Promise<ProcessBundles> {
  const parent = path.join(ROOT, 'node_modules', '.cache', 'test-processes');
  await mkdir(parent, { recursive: true });
  const folder = await mkdtemp(path.join(parent, 'run-'));
  const bundle = async (entry: string, name: string) => {
    const outfile = path.join(folder, name);
    await build({
      entryPoints: [path.join(ROOT, entry)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: 'inline',
      logLevel: 'error',
      plugins: [ownFolder],
    });
    return outfile;
  };
  try {
    const [server, cli] = await Promise.all([
      bundle('src/server/main.ts', 'server.mjs'),
      bundle('src/cli/main.ts', 'cli.mjs'),
    ]);
    return { server, cli, remove: () => rm(folder, { recursive: true, force: true }) };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}
