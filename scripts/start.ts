import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildStampPath, webBuildFingerprint, webBuildIsStale } from './web-build-inputs';

// `npm start`: build the web app unless the last build was made from exactly the files it reads
// now (scripts/web-build-inputs.ts), then run the server.

const root = path.resolve(import.meta.dirname, '..');
// Taken before building: a file edited during the build makes the next start build again.
const fingerprint = webBuildFingerprint(root);
if (webBuildIsStale(root, fingerprint)) {
  process.stdout.write('Building the web app…\n');
  const vite = path.join(root, 'node_modules/.bin/vite');
  const result = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('\nThe web app did not build; see the errors above.\n');
    process.exit(result.status ?? 1);
  }
  writeFileSync(buildStampPath(root), fingerprint);
}

await import('../src/server/main');
