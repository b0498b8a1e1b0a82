import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// Which files the web build reads, and whether the last build is older than any of them, for
// `npm start` (scripts/start.ts). Derived from the imports rather than listed by hand: a folder
// the web app starts importing (as it did src/contract) counts without anyone remembering to add
// it here (docs/decisions/0071).

/** vite.config.ts's `root`; its `publicDir`, index.html, the styles and the worker are inside. */
export const WEB_ROOT = 'src/web';

/**
 * Read by the build but imported by no module: the config (followed for its own imports), the
 * installed packages as the lock file pins them, and the compiler options Vite honours.
 */
const BUILD_FILES = ['vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];

const CODE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const RESOLVE_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.json', '.css'];
// `from '…'`, `import '…'` and `import('…')`; anything that is not a relative path is a package.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]*)['"]/g;
const isTest = (file: string) => /\.test\.[^/]+$/.test(file);

function filesUnder(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(root, rel) : [rel];
  });
}

function resolveImport(root: string, from: string, specifier: string): string | null {
  const base = path.posix.normalize(
    path.posix.join(path.posix.dirname(from), specifier.replace(/[?#].*$/, '')),
  );
  const candidates = [
    base,
    ...RESOLVE_EXTENSIONS.map((ext) => base + ext),
    ...RESOLVE_EXTENSIONS.map((ext) => `${base}/index${ext}`),
  ];
  for (const candidate of candidates) {
    if (candidate.startsWith('..') || candidate.split('/').includes('node_modules')) return null;
    const full = path.join(root, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return null;
}

/**
 * Every file of the repository the web build reads, relative to `root` and sorted: all of the web
 * app's folder but its tests, every file reached from there or from vite.config.ts by relative
 * imports (src/contract, src/domain, the build's helpers in scripts/), and BUILD_FILES.
 */
export function webBuildInputs(root: string): string[] {
  const found = new Set<string>();
  const pending = [
    ...filesUnder(root, WEB_ROOT).filter((f) => !isTest(f)),
    ...BUILD_FILES.filter((f) => existsSync(path.join(root, f))),
  ];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (found.has(file)) continue;
    found.add(file);
    if (!CODE.test(file)) continue;
    for (const [, specifier] of readFileSync(path.join(root, file), 'utf8').matchAll(SPECIFIER)) {
      const target = specifier && resolveImport(root, file, specifier);
      if (target && !found.has(target)) pending.push(target);
    }
  }
  return [...found].sort();
}

/** One digest of the inputs' names and contents: any edit, addition or removal changes it. */
export function webBuildFingerprint(root: string, inputs = webBuildInputs(root)): string {
  const hash = createHash('sha256');
  for (const file of inputs) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The stamp a build leaves in its output: the fingerprint of the inputs it was built from. */
export function buildStampPath(root: string): string {
  return path.join(root, 'dist/web/.build-stamp');
}

/** Whether the web app must be built: no build yet, or one from other inputs than these. */
export function webBuildIsStale(root: string, fingerprint = webBuildFingerprint(root)): boolean {
  const stamp = buildStampPath(root);
  return !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== fingerprint;
}
