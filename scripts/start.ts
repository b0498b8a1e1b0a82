import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// `npm start`: build the web app when its sources are newer than the last build, then run the server.

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist/web/.build-stamp');
const inputs = ['src/web', 'src/domain', 'vite.config.ts', 'package.json'];

function newestMtime(p: string): number {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full))
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = existsSync(stampFile) ? statSync(stampFile).mtimeMs : 0;
if (Math.max(...inputs.map(newestMtime)) > builtAt) {
  process.stdout.write('Building the web app…\n');
  const vite = path.join(root, 'node_modules/.bin/vite');
  const result = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('\nThe web app did not build; see the errors above.\n');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, new Date().toISOString());
}

await import('../src/server/main');
