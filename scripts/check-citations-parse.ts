// What `npm run lint` checks of the documents the code and docs cite (docs/decisions/README.md):
// every citation must lead to a file in this repository, so the next engineer can follow it. A
// decision is cited by number ("decision 0034", "decisions 0002 and 0056", "docs/decisions/0034"),
// a document by path ("docs/product.md#cancellation", or a Markdown link relative to the file), and
// the product's rules are never cited from a document outside the repository.

export type Citation =
  | { kind: 'decision'; number: string; line: number; text: string }
  | { kind: 'file'; path: string; anchor: string | undefined; line: number; text: string }
  | { kind: 'outside'; line: number; text: string };

export interface Problem {
  file: string;
  line: number;
  message: string;
}

/** What the repository holds, as the check needs it: decision numbers and readable documents. */
export interface Repository {
  decisions: ReadonlySet<string>;
  /** The text of a file by its path from the repository root, or undefined when there is none. */
  read(path: string): string | undefined;
}

/**
 * The text with each line break (and the comment or quote marks that start the next line) turned
 * into a space, so a citation wrapped over two comment lines is still one match, and a map back to
 * line numbers.
 */
function flatten(text: string): { flat: string; lineAt: (index: number) => number } {
  const starts: number[] = [];
  let flat = '';
  text.split('\n').forEach((line, i) => {
    const body = i === 0 ? line : line.replace(/^\s*(?:\/\/+|\/?\*+\/?|#+|>|--)?\s*/, '');
    if (i > 0) flat += ' ';
    starts.push(flat.length);
    flat += body;
  });
  const lineAt = (index: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] ?? 0) <= index) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  return { flat, lineAt };
}

const DECISION_LIST =
  /\b(?:decisions?|superseded by|amended by|extended by|amends|supersedes)\s+(\d{4})((?:\s*(?:,\s*and|,|and|or)\s*\d{4}\b)*)/gi;
const DECISION_PATH = /(?<![\w./-])docs\/decisions\/(\d{4})(?![\w.-]*\.md)/g;
const DOC_PATH = /(?<![\w./-])(docs\/[\w./-]*?\.md)(#[\w-]+)?/g;
const MARKDOWN_LINK = /\]\((?![a-z]+:)([^()\s#]*\.md)?(#[\w-]+)?\)/gi;
const OUTSIDE: readonly RegExp[] = [
  /\bDESIGN\.md\b/g,
  /\bspec(?:ification)?\s*(?:section|§)\s*\d*/gi,
  /§\s*\d+/g,
  /\bspecs?\s+\d+\b/gi,
  /\b(?:the|our|product)\s+spec(?:ification)?\b(?![.\w-])/gi,
  /\(spec(?::[^)]*)?\)/gi,
  /\bSpec:/g,
];

/** Every citation in a file's text, in order of where it starts. */
export function findCitations(text: string): Citation[] {
  const { flat, lineAt } = flatten(text);
  const found: Array<Citation & { index: number }> = [];
  for (const m of flat.matchAll(DECISION_LIST)) {
    for (const number of m[0].match(/\d{4}/g) ?? []) {
      found.push({ kind: 'decision', number, line: lineAt(m.index), text: m[0], index: m.index });
    }
  }
  for (const m of flat.matchAll(DECISION_PATH)) {
    const number = m[1] ?? '';
    found.push({ kind: 'decision', number, line: lineAt(m.index), text: m[0], index: m.index });
  }
  for (const m of flat.matchAll(DOC_PATH)) {
    const path = m[1] ?? '';
    const anchor = m[2]?.slice(1);
    found.push({ kind: 'file', path, anchor, line: lineAt(m.index), text: m[0], index: m.index });
  }
  for (const m of flat.matchAll(MARKDOWN_LINK)) {
    // A link that starts with docs/ is the document path above; this is a link relative to the file.
    if (m[1]?.startsWith('docs/')) continue;
    const path = m[1] === undefined ? '' : `./${m[1]}`;
    const anchor = m[2]?.slice(1);
    found.push({ kind: 'file', path, anchor, line: lineAt(m.index), text: m[0], index: m.index });
  }
  // Several patterns can match one phrase ("(spec section 8)"): it is reported once.
  const outside = OUTSIDE.flatMap((pattern) => [...flat.matchAll(pattern)]).sort(
    (a, b) => a.index - b.index || b[0].length - a[0].length,
  );
  let end = -1;
  for (const m of outside) {
    const overlaps = m.index < end;
    end = Math.max(end, m.index + m[0].length);
    if (!overlaps)
      found.push({ kind: 'outside', line: lineAt(m.index), text: m[0], index: m.index });
  }
  return found.sort((a, b) => a.index - b.index).map(({ index: _index, ...citation }) => citation);
}

/** The anchors of a Markdown document's headings, made as GitHub makes them. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const heading = fence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = (heading[1] ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const times = seen.get(slug) ?? 0;
    seen.set(slug, times + 1);
    anchors.add(times === 0 ? slug : `${slug}-${times}`);
  }
  return anchors;
}

/** A path from the repository root: `./x` is relative to the citing file, anything else to the root. */
export function resolvePath(citingFile: string, cited: string): string {
  if (cited === '') return citingFile;
  if (!cited.startsWith('./')) return cited;
  const parts = citingFile.split('/').slice(0, -1);
  for (const part of cited.slice(2).split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** What is wrong with each citation in one file. */
export function checkFile(file: string, text: string, repository: Repository): Problem[] {
  const problems: Problem[] = [];
  const anchorsOf = new Map<string, Set<string>>();
  for (const citation of findCitations(text)) {
    const at = { file, line: citation.line };
    if (citation.kind === 'outside') {
      problems.push({
        ...at,
        message: `"${citation.text}" cites a document that is not in this repository: state the rule in docs/product.md or docs/architecture.md, or in a decision record, and cite that`,
      });
    } else if (citation.kind === 'decision') {
      if (!repository.decisions.has(citation.number)) {
        problems.push({
          ...at,
          message: `"${citation.text}" cites decision ${citation.number}, which has no record in docs/decisions/`,
        });
      }
    } else {
      const path = resolvePath(file, citation.path);
      const target = path === file ? text : repository.read(path);
      if (target === undefined) {
        problems.push({ ...at, message: `"${citation.text}" cites ${path}, which does not exist` });
        continue;
      }
      if (citation.anchor === undefined) continue;
      let anchors = anchorsOf.get(path);
      if (!anchors) anchorsOf.set(path, (anchors = headingAnchors(target)));
      if (!anchors.has(citation.anchor)) {
        problems.push({
          ...at,
          message: `"${citation.text}" cites #${citation.anchor}, which is not a heading of ${path}`,
        });
      }
    }
  }
  return problems;
}
