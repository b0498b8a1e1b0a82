// What the home page downloads as JavaScript before it can show itself, read from a finished build
// (decision 0040): the entry script of index.html, every chunk it statically imports, and the home
// route's chunk with its own static imports. Chunks loaded later (dynamic imports) are not counted.

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The manifest key of the home page's route module (vite's keys are relative to src/web). */
export const HOME_ROUTE_KEY = 'routes/home.tsx';

/** Every file a chunk needs before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk "${key}"`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files];
}

/** The entry chunk of index.html plus the home route: the JavaScript the home page waits for. */
export function homePageScripts(manifest: Manifest): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true);
  if (entries.length !== 1) {
    throw new Error(`Expected one entry chunk in the build manifest, found ${entries.length}`);
  }
  return staticClosure(manifest, [...entries, HOME_ROUTE_KEY]).filter((f) => f.endsWith('.js'));
}

export interface SizedFile {
  file: string;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

export interface BudgetResult {
  files: SizedFile[];
  brotliBytes: number;
  gzipBytes: number;
  overBudget: ('brotli' | 'gzip')[];
}

export interface Budget {
  brotliBytes: number;
  gzipBytes: number;
}

export function checkBudget(files: SizedFile[], budget: Budget): BudgetResult {
  const brotliBytes = files.reduce((sum, f) => sum + f.brotliBytes, 0);
  const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  const overBudget: BudgetResult['overBudget'] = [];
  if (brotliBytes > budget.brotliBytes) overBudget.push('brotli');
  if (gzipBytes > budget.gzipBytes) overBudget.push('gzip');
  return { files, brotliBytes, gzipBytes, overBudget };
}
