// Part of `npm run lint`: fails when the code, the docs or the configuration cite a decision or a
// document that is not in this repository (docs/decisions/README.md). Prints file:line and why.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkFile, type Problem, type Repository } from './check-citations-parse';

const root = path.resolve(import.meta.dirname, '..');

/** Where citations are written: sources, tests, scripts, benchmarks, docs and configuration. */
const FOLDERS = ['src', 'e2e', 'scripts', 'bench', 'docs', 'drizzle', '.ci'];
const EXTENSIONS = /\.(?:ts|tsx|js|mjs|cjs|md|sql|sh|html|css)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', 'meta']);
/** This check's own files show the forms it refuses, as examples. */
const SKIPPED_FILES = new Set([
  'scripts/check-citations.ts',
  'scripts/check-citations-parse.ts',
  'scripts/check-citations.test.ts',
]);

function filesUnder(folder: string): string[] {
  const full = path.join(root, folder);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : filesUnder(relative);
    return EXTENSIONS.test(entry.name) ? [relative] : [];
  });
}

function filesToCheck(): string[] {
  const atRoot = readdirSync(root).filter(
    (name) => statSync(path.join(root, name)).isFile() && EXTENSIONS.test(name),
  );
  return [...atRoot, ...FOLDERS.flatMap(filesUnder)].filter((file) => !SKIPPED_FILES.has(file));
}

const repository: Repository = {
  decisions: new Set(
    readdirSync(path.join(root, 'docs/decisions'))
      .map((name) => /^(\d{4})-.*\.md$/.exec(name)?.[1])
      .filter((number) => number !== undefined),
  ),
  read(file) {
    const full = path.join(root, file);
    return existsSync(full) && statSync(full).isFile() ? readFileSync(full, 'utf8') : undefined;
  },
};

const files = filesToCheck();
const problems: Problem[] = files.flatMap((file) =>
  checkFile(file, readFileSync(path.join(root, file), 'utf8'), repository),
);
for (const problem of problems)
  console.error(`${problem.file}:${problem.line}: ${problem.message}`);
if (problems.length > 0) {
  console.error(
    `\n${problems.length} citation${problems.length === 1 ? '' : 's'} in ${files.length} files lead nowhere: cite a decision record in docs/decisions/ or a heading of a document in docs/ (see docs/decisions/README.md).`,
  );
  process.exitCode = 1;
} else {
  console.log(`Citations: every decision and document cited in ${files.length} files exists.`);
}
