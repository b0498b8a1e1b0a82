import { describe, expect, it } from 'vitest';

// The web app decides what to do about a refusal from the problem's `code` (ApiError.code), never
// from its words: `detail` and `title` are for people and may be reworded at any time, and
// `message` is `detail` again (decisions 0072 and 0095). This reads the app's source for a
// problem's words being compared, searched or matched.

/** An error's words (`error.detail`, `e.message`, `refusal.title`…) read to decide something. */
const BRANCH_ON_WORDS = new RegExp(
  [
    // compared or searched: error.detail === '…', e.message.includes('…'), error.title?.match(…)
    String.raw`\b(?:\w*error|err|e|problem|refusal)\??\.(?:detail|title|message)\b\s*(?:===|!==|==|!=|\??\.(?:includes|startsWith|endsWith|match|search|indexOf|toLowerCase|localeCompare)\()`,
    // matched by a pattern: /tipped/.test(error.detail)
    String.raw`\.test\([^)]*\.(?:detail|title|message)\b`,
    // switched on: switch (error.detail)
    String.raw`switch\s*\([^)]*\.(?:detail|title|message)\)`,
  ].join('|'),
  'i',
);

/** The app's own source, tests left out, as text by its path under src/web. */
const WEB_SOURCES = Object.entries(
  import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).map(([key, text]) => ({ path: `src/web/${key.replace(/^\.\.\//, '')}`, text }));

describe('the web app reacting to a refusal', () => {
  it('recognises branching on words when it sees it', () => {
    for (const line of [
      "if (error.detail.includes('under way')) lock();",
      "if (e.message === 'This appointment has already been tipped.') close();",
      'if (/48 hours/.test(apiError.detail)) hide();',
      "return refusal.title?.startsWith('Conflict');",
      'switch (error.detail) {',
    ])
      expect(line).toMatch(BRANCH_ON_WORDS);
    for (const line of [
      "if (error.code === 'payment_under_way') lock();",
      'setNotice(error.detail);',
      "detail: typeof body.detail === 'string' ? body.detail : undefined,",
    ])
      expect(line).not.toMatch(BRANCH_ON_WORDS);
  });

  it('branches on the code, never on the words', () => {
    expect(WEB_SOURCES.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const { path, text } of WEB_SOURCES) {
      text.split('\n').forEach((line, index) => {
        if (BRANCH_ON_WORDS.test(line)) found.push(`${path}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(
      found,
      "decide from the problem's code (add one to src/contract/problem.ts if it lacks one)",
    ).toEqual([]);
  });
});
