import { describe, expect, it } from 'vitest';
import {
  checkFile,
  findCitations,
  headingAnchors,
  resolvePath,
  type Repository,
} from './check-citations-parse';

const outsideDoc = ['DESIGN', 'md'].join('.');

describe('findCitations', () => {
  it('reads a decision by number, a list of them, and a path to one', () => {
    const text = [
      '// As decision 0034 says; see decisions 0002 and 0056,',
      '// and Decisions 0009, 0019 and 0030 (docs/decisions/0025).',
    ].join('\n');
    expect(
      findCitations(text).map((c) => (c.kind === 'decision' ? [c.number, c.line] : c)),
    ).toEqual([
      ['0034', 1],
      ['0002', 1],
      ['0056', 1],
      ['0009', 2],
      ['0019', 2],
      ['0030', 2],
      ['0025', 2],
    ]);
  });

  it('follows a citation wrapped over two comment lines to the line it starts on', () => {
    const text = ['x', '    // shared by both ends (decision', '    // 0028): zod schemas'].join(
      '\n',
    );
    expect(findCitations(text)).toEqual([
      { kind: 'decision', number: '0028', line: 2, text: 'decision 0028' },
    ]);
  });

  it('reads documents by path with their anchors, and Markdown links relative to the file', () => {
    const text =
      'See docs/product.md#cancellation, [the record](0034-booking.md), [up](../architecture.md#payments) and [here](#status).';
    expect(findCitations(text).filter((c) => c.kind === 'file')).toEqual([
      {
        kind: 'file',
        path: 'docs/product.md',
        anchor: 'cancellation',
        line: 1,
        text: 'docs/product.md#cancellation',
      },
      {
        kind: 'file',
        path: './0034-booking.md',
        anchor: undefined,
        line: 1,
        text: '](0034-booking.md)',
      },
      {
        kind: 'file',
        path: './../architecture.md',
        anchor: 'payments',
        line: 1,
        text: '](../architecture.md#payments)',
      },
      { kind: 'file', path: '', anchor: 'status', line: 1, text: '](#status)' },
    ]);
  });

  it('reads a full decision file name as a file, not as a bare number', () => {
    const cited = findCitations('(docs/decisions/0034-booking-records-and-change-feed.md)');
    expect(cited).toEqual([
      {
        kind: 'file',
        path: 'docs/decisions/0034-booking-records-and-change-feed.md',
        anchor: undefined,
        line: 1,
        text: 'docs/decisions/0034-booking-records-and-change-feed.md',
      },
    ]);
  });

  it.each([
    `// the three steps of ${outsideDoc} section 6`,
    '// The web app pages (spec section 2)',
    '/** Spec 5 and 7: referral links */',
    "// ended with the spec's message",
    '/** Spec: a 2px bar */',
    '// hides it (spec); nothing is saved',
    '// as the specification § 9 says',
  ])('finds a citation of a document outside the repository in %s', (line) => {
    expect(findCitations(line).filter((c) => c.kind === 'outside')).toHaveLength(1);
  });

  it.each([
    "test('books', async () => {})",
    '// as in demo-account.spec, read only',
    'const spec = build(who); send(spec.url);',
    "import('e2e/pwa.spec.ts')",
    '// the decision records in docs/decisions/',
    '// issue 14 asked for 12 statements',
  ])('finds nothing to check in %s', (line) => {
    expect(findCitations(line)).toEqual([]);
  });
});

describe('headingAnchors', () => {
  it('makes anchors as GitHub does: lower case, punctuation dropped, spaces as hyphens, repeats numbered', () => {
    const markdown = [
      '# Product rules',
      '## Cancellation and refunds',
      '## The `/dev/mail` viewer',
      "### Who can't sign in",
      '```',
      '# not a heading',
      '```',
      '## Notes',
      '## Notes',
    ].join('\n');
    expect([...headingAnchors(markdown)]).toEqual([
      'product-rules',
      'cancellation-and-refunds',
      'the-devmail-viewer',
      'who-cant-sign-in',
      'notes',
      'notes-1',
    ]);
  });
});

describe('resolvePath', () => {
  it('reads docs/… from the root and ./… from the citing file', () => {
    expect(resolvePath('docs/decisions/README.md', './0034-x.md')).toBe('docs/decisions/0034-x.md');
    expect(resolvePath('docs/decisions/README.md', './../product.md')).toBe('docs/product.md');
    expect(resolvePath('src/a.ts', 'docs/product.md')).toBe('docs/product.md');
    expect(resolvePath('docs/product.md', '')).toBe('docs/product.md');
  });
});

describe('checkFile', () => {
  const repository: Repository = {
    decisions: new Set(['0028', '0034']),
    read: (file) =>
      (({ 'docs/product.md': '# Product\n## Cancellation\n' }) as Record<string, string>)[file],
  };

  it('passes citations that lead to a record, a document and one of its headings', () => {
    const text = '// decision 0028, docs/decisions/0034 and docs/product.md#cancellation\n';
    expect(checkFile('src/a.ts', text, repository)).toEqual([]);
  });

  it('names the file and line of each citation that leads nowhere, and why', () => {
    const text = [
      '// fine: decision 0028',
      '// decisions 0028 and 0047',
      '// docs/guide.md and docs/product.md#refunds',
      `// ${outsideDoc} section 6`,
      '## Here',
      '[up](#there)',
    ].join('\n');
    expect(checkFile('docs/x.md', text, repository)).toEqual([
      {
        file: 'docs/x.md',
        line: 2,
        message:
          '"decisions 0028 and 0047" cites decision 0047, which has no record in docs/decisions/',
      },
      {
        file: 'docs/x.md',
        line: 3,
        message: '"docs/guide.md" cites docs/guide.md, which does not exist',
      },
      {
        file: 'docs/x.md',
        line: 3,
        message:
          '"docs/product.md#refunds" cites #refunds, which is not a heading of docs/product.md',
      },
      {
        file: 'docs/x.md',
        line: 4,
        message: expect.stringMatching(/not in this repository/),
      },
      {
        file: 'docs/x.md',
        line: 6,
        message: '"](#there)" cites #there, which is not a heading of docs/x.md',
      },
    ]);
  });
});
