// `npm run budget`: fails when the home page's JavaScript is over its compressed budget (issue 13,
// decision 0040), measured as the server sends it: the build's .br and .gz copies, or the plain
// file where compressing did not pay. Run after `vite build`.
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { checkBudget, homePageScripts, type Manifest, type SizedFile } from './bundle-budget';

/**
 * Brotli is what every current browser is sent: the 120 KB. Gzip (older clients) is held
 * at 133 KB: React, React DOM, React Router and TanStack Query alone are about 107 KB gzipped,
 * which leaves too little of 120 for the app itself (decisions 0040 and 0090).
 */
export const BUDGET = { brotliBytes: 120_000, gzipBytes: 133_000 };
const dist = path.resolve(import.meta.dirname, '../dist/web');
const manifestPath = path.join(dist, '.vite/manifest.json');

async function sizeOf(file: string): Promise<number> {
  return (await stat(file)).size;
}

/** What a browser receives for the file when it accepts that encoding. */
async function servedSize(file: string, suffix: '.br' | '.gz'): Promise<number> {
  return existsSync(file + suffix) ? sizeOf(file + suffix) : sizeOf(file);
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

async function main(): Promise<number> {
  if (!existsSync(manifestPath)) {
    console.error(`No build to measure: ${manifestPath} is missing. Run \`npx vite build\` first.`);
    return 1;
  }
  const manifest: Manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
  const files: SizedFile[] = await Promise.all(
    homePageScripts(manifest).map(async (file) => {
      const full = path.join(dist, file);
      return {
        file,
        bytes: await sizeOf(full),
        brotliBytes: await servedSize(full, '.br'),
        gzipBytes: await servedSize(full, '.gz'),
      };
    }),
  );
  const result = checkBudget(files, BUDGET);
  for (const f of [...result.files].sort((a, b) => b.brotliBytes - a.brotliBytes)) {
    console.log(
      `${f.file.padEnd(44)} ${kb(f.bytes).padStart(9)} raw ${kb(f.brotliBytes).padStart(9)} br ${kb(f.gzipBytes).padStart(9)} gzip`,
    );
  }
  const line = `Home page JavaScript: ${kb(result.brotliBytes)} brotli, ${kb(result.gzipBytes)} gzip (budget ${kb(BUDGET.brotliBytes)} brotli, ${kb(BUDGET.gzipBytes)} gzip; ${result.files.length} files)`;
  if (result.overBudget.length === 0) {
    console.log(line);
    return 0;
  }
  console.error(`${line}\nOver budget (${result.overBudget.join(' and ')}): the home page loads more JavaScript than it may.
Find what grew with the table above and the source maps (dist/web/assets/*.map), then load it
lazily where it is first needed (decision 0040).`);
  return 1;
}

process.exitCode = await main();
