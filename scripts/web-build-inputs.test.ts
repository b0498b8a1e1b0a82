import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import viteConfig from '../vite.config';
import {
  buildStampPath,
  WEB_ROOT,
  webBuildFingerprint,
  webBuildInputs,
  webBuildIsStale,
} from './web-build-inputs';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** A small repository: a web app importing the contract and the domain, and a server beside it. */
const FILES: Record<string, string> = {
  'package.json': '{}',
  'package-lock.json': '{}',
  'tsconfig.json': '{}',
  'vite.config.ts': "import { compress } from './scripts/compress';\nexport default {};\n",
  'scripts/compress.ts': 'export const compress = 1;\n',
  'scripts/start.ts': "import '../src/server/main';\n",
  'src/web/index.html': '<script type="module" src="/main.tsx"></script>\n',
  'src/web/main.tsx': [
    "import './styles.css';",
    "import { App } from './app';",
    "import type { Referral } from '../contract/referrals';",
    "const lazy = () => import('./routes/home');",
  ].join('\n'),
  'src/web/styles.css': "@import 'tailwindcss';\n",
  'src/web/app/index.ts': "export { App } from './app';\n",
  'src/web/app/app.tsx': "import { basket } from '../../domain/basket';\nexport const App = 1;\n",
  'src/web/app/app.test.tsx': "import { server } from '../../server/main';\n",
  'src/web/routes/home.tsx': "import {\n  thing,\n} from '../../shared/thing?raw';\n",
  'src/web/public/icon.svg': '<svg/>',
  'src/contract/referrals.ts': "import { pence } from './common';\n",
  'src/contract/common.ts': 'export const pence = 1;\n',
  'src/contract/internal.ts': 'export const unused = 1;\n',
  'src/domain/basket.ts': "import { z } from 'zod';\n",
  'src/shared/thing.ts': 'export const thing = 1;\n',
  'src/server/main.ts': "import { pence } from '../contract/common';\n",
};

describe('the web build inputs', () => {
  let root = '';
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'web-build-inputs-'));
    for (const [file, text] of Object.entries(FILES)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('are the web folder and every file it or the build config imports, and nothing else', () => {
    expect(webBuildInputs(root)).toEqual([
      'package-lock.json',
      'package.json',
      'scripts/compress.ts',
      'src/contract/common.ts',
      'src/contract/referrals.ts',
      'src/domain/basket.ts',
      'src/shared/thing.ts',
      'src/web/app/app.tsx',
      'src/web/app/index.ts',
      'src/web/index.html',
      'src/web/main.tsx',
      'src/web/public/icon.svg',
      'src/web/routes/home.tsx',
      'src/web/styles.css',
      'tsconfig.json',
      'vite.config.ts',
    ]);
  });

  const built = () => {
    mkdirSync(path.dirname(buildStampPath(root)), { recursive: true });
    writeFileSync(buildStampPath(root), webBuildFingerprint(root));
  };

  it('make a build stale when any of them changes, and only then', () => {
    expect(webBuildIsStale(root)).toBe(true);
    built();
    expect(webBuildIsStale(root)).toBe(false);

    for (const file of [
      'src/contract/referrals.ts',
      'src/contract/common.ts',
      'src/domain/basket.ts',
      'src/web/index.html',
      'src/web/public/icon.svg',
      'vite.config.ts',
      'scripts/compress.ts',
      'package-lock.json',
    ]) {
      writeFileSync(path.join(root, file), `${FILES[file]}// changed\n`);
      expect(webBuildIsStale(root), file).toBe(true);
      built();
    }

    // What the web does not read: the server, a contract file it does not import, its tests.
    for (const file of [
      'src/server/main.ts',
      'src/contract/internal.ts',
      'src/web/app/app.test.tsx',
    ])
      writeFileSync(path.join(root, file), `${FILES[file]}// changed\n`);
    expect(webBuildIsStale(root)).toBe(false);
  });

  it('make a build stale when a public file is added or removed', () => {
    built();
    writeFileSync(path.join(root, 'src/web/public/robots.txt'), 'User-agent: *\n');
    expect(webBuildIsStale(root)).toBe(true);
    built();
    unlinkSync(path.join(root, 'src/web/public/robots.txt'));
    expect(webBuildIsStale(root)).toBe(true);
  });
});

describe("this repository's web build inputs", () => {
  it('take the root that vite.config.ts builds from, its public folder inside it', () => {
    const config = viteConfig({ command: 'build', mode: 'production' });
    expect(path.relative(repoRoot, config.root ?? '')).toBe(WEB_ROOT);
    const publicDir = path.relative(repoRoot, String(config.publicDir));
    expect(publicDir.startsWith(`${WEB_ROOT}/`)).toBe(true);
  });

  it('include the contract and domain files the web app imports, not the server', () => {
    const inputs = webBuildInputs(repoRoot);
    expect(inputs).toEqual(
      expect.arrayContaining([
        'src/contract/referrals.ts',
        'src/domain/selection.ts',
        'src/web/index.html',
        'src/web/public/icon.svg',
        'scripts/compress-assets.ts',
        'package-lock.json',
      ]),
    );
    expect(inputs.filter((f) => f.startsWith('src/server/'))).toEqual([]);
  });
});
