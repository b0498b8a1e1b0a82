import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { serverFolders } from './server-folders.js';

const ioModules = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'http',
  'https',
  'net',
  'child_process',
  'pg',
  'drizzle-orm',
  'drizzle-orm/*',
  '@electric-sql/*',
  'fastify',
  'fastify-*',
  '@fastify/*',
  'react',
  'react-*',
];

// src/web boundaries. Features talk to each other, and routes/ and app/ to them, only through a
// feature's index.ts; shared UI is in components/ and shared helpers in lib/, which import no
// feature. In flat config a later block's no-restricted-imports replaces an earlier one, so every
// web block below carries webPatterns as well as its own.

const webPatterns = [
  {
    group: ['**/server/**', '**/cli/**'],
    message: 'src/web talks to the server only over HTTP.',
  },
  {
    group: ['node:*', 'pg', 'drizzle-orm', 'drizzle-orm/*', 'fastify'],
    message: 'No server modules in the browser.',
  },
];

/** Every folder in src/web/features is a feature; a new one is covered without editing this. */
const webFeatures = readdirSync(new URL('./src/web/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/**
 * Which features a feature may use, through their index. Dependencies run one way, so no two
 * features import each other (an import cycle); a feature not listed here uses none.
 */
const featureDependencies = {
  account: ['auth', 'reviews'],
  auth: ['push'],
  booking: ['account', 'auth', 'catalogue', 'favourites', 'payment', 'push', 'reviews', 'waitlist'],
  'gift-cards': ['auth', 'booking', 'payment'],
  favourites: ['auth'],
  live: ['auth'],
  professionals: ['booking', 'catalogue'],
  pwa: ['account'],
  referrals: ['auth', 'booking'],
  tips: ['auth', 'payment'],
  waitlist: ['account', 'auth'],
};

const featureInternals = {
  regex: '(^|/)features/[^/]+/.',
  message:
    "Import a feature through its index ('features/<name>'), not its files: its index.ts is all it offers the rest of the app.",
};

/** What a file in features/<feature> may not import. */
function featurePatterns(feature) {
  const patterns = [
    ...webPatterns,
    {
      regex: `^(\\.|\\./index|(\\.\\./)+(features/)?${feature}(/index)?)$`,
      message: `Inside features/${feature}, import its files directly: its own index.ts would make an import cycle.`,
    },
  ];
  for (const other of webFeatures.filter((name) => name !== feature)) {
    patterns.push({
      regex: `^(\\.\\./)+(features/)?${other}/`,
      message: `Import features/${other} through its index ('../${other}'), not its files. Shared UI belongs in src/web/components, shared helpers in src/web/lib.`,
    });
    if (featureDependencies[feature]?.includes(other)) continue;
    patterns.push({
      regex: `^(\\.\\./)+(features/)?${other}(/index)?$`,
      message: `features/${feature} may not use features/${other}: features depend one way only (featureDependencies in eslint.config.js). Move what both need into src/web/components or src/web/lib.`,
    });
  }
  return patterns;
}

const serverPatterns = [
  { group: ['**/web/**'], message: 'The server does not import the web app.' },
];

/**
 * What a file of a folder of src/server may import of the other folders: only those its entry in
 * server-folders.js lists (decisions 0074 and 0096), shown in the editor; dependency-cruiser checks
 * the same, at any depth, and every cycle. Relative paths name a folder one level up from a file
 * at the folder's top, two levels up from one in a subfolder (mail/templates).
 */
function serverFolderPatterns(folder, depth) {
  const { is, uses, why } = serverFolders[folder];
  const up = '\\.\\./'.repeat(depth);
  return [
    ...serverPatterns,
    {
      regex: `^${up}(?!(${[folder, ...uses].join('|')})/)[\\w-]+/`,
      message:
        `src/server/${folder}/ (${is}) imports, of the folders of src/server, only ` +
        `${uses.length > 0 ? uses.join(', ') : 'none'}.${why ? ` ${why}` : ''} If this one ` +
        'belongs, add it to its entry in server-folders.js (docs/decisions/0096).',
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'drizzle',
      'bench/results',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Async mistakes (decision 0073): a promise nobody awaits or catches, or one handed to
    // something that ignores it (an event handler, a callback expecting void). These rules need
    // types: the TypeScript of src, scripts, bench and e2e is parsed with tsconfig.json's program,
    // which costs about as much as a type check. Config files are linted without types.
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: {
      parserOptions: {
        projectService: {
          // The service worker's two entry files are left out of tsconfig.json (they need the
          // WebWorker library); they get tsconfig.sw.json's options in a project of their own.
          allowDefaultProject: ['src/web/sw/sw.ts', 'src/web/sw/push.ts'],
          defaultProject: 'tsconfig.sw.json',
        },
        tsconfigRootDir: import.meta.dirname,
        // No rule here reads JSDoc, and TypeScript files take no types from it: not parsing it
        // saves time across the whole program.
        jsDocParsingMode: 'none',
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Pure rules: no IO, no framework, no other layer. Time and config arrive as arguments.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ioModules, message: 'src/domain is pure: no IO or framework imports.' },
            {
              group: ['**/server/**', '**/web/**', '**/cli/**', '**/contract/**'],
              message: 'src/domain imports no other layer.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'src/domain reads no environment: pass config in.' },
        { name: 'fetch', message: 'src/domain does no IO.' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message: 'src/domain reads no clock: pass the time in.',
        },
      ],
    },
  },
  {
    // The API's request and response shapes, shared by the server and the web app (decision
    // 0028): zod schemas built from the domain's rules, importing nothing else.
    files: ['src/contract/**/*.ts'],
    // Its tests prove the contract from both ends, so they drive the server and the web client.
    ignores: ['src/contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Anything but zod (or zod/mini), a sibling file, or a file of src/domain.
              regex: '^(?!(zod|zod/mini|\\./[\\w.-]+|\\.\\./domain/[\\w.-]+)$)',
              message: 'src/contract imports only zod, itself and src/domain.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'src/contract reads no environment.' },
        { name: 'fetch', message: 'src/contract does no IO.' },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // routes/, app/ and main.tsx: any feature, but only through its index.
      'no-restricted-imports': ['error', { patterns: [...webPatterns, featureInternals] }],
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: featurePatterns(feature) }] },
  })),
  {
    files: ['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webPatterns,
            {
              regex: '(^|/)features(/|$)',
              message:
                'components/ and lib/ are shared by every feature and import none: take what is needed as props or arguments, or move the code into the feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // The build treats these as free of side effects (vite.config.ts), so they must stay so.
    files: ['src/web/features/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program > :not(ExportNamedDeclaration[source])',
          message:
            "A feature's index.ts only re-exports, by name, what other parts of the app may use: `export { X } from './x'`.",
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts', 'src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: serverPatterns }],
    },
  },
  // Each server folder's place (server-folders.js, which refuses to load while a folder of
  // src/server is not in it). Tests may import across folders.
  ...Object.keys(serverFolders).flatMap((folder) =>
    [1, 2].map((depth) => ({
      files: [`src/server/${folder}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      ignores: ['src/server/**/*.test.ts'],
      rules: {
        'no-restricted-imports': ['error', { patterns: serverFolderPatterns(folder, depth) }],
      },
    })),
  ),
  {
    // The one test that hands the web app's server entry to a real server, as the build does
    // through dist/web-ssr (decision 0045).
    files: ['src/server/http/server-rendering.int.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The server's settings stay split by concern, one config-*.ts each, with config.ts only
    // putting them together: a file past this length holds more than one concern.
    files: ['src/server/config*.ts'],
    ignores: ['src/server/config*.test.ts'],
    rules: {
      'max-lines': ['error', { max: 250, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A focused test left in a file quietly skips the rest of it. CI refuses one too (Vitest's
    // allowOnly and Playwright's forbidOnly under CI=true, decision 0098); the lint says so first.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression > MemberExpression.callee[property.name='only']",
          message: 'A focused test (.only) skips the others: remove it before committing.',
        },
      ],
    },
  },
);
