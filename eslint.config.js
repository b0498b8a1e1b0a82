import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    // 0025): zod schemas built from the domain's rules, importing nothing else.
    files: ['src/contract/**/*.ts'],
    // Its tests prove the contract from both ends, so they drive the server and the web client.
    ignores: ['src/contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Anything but zod, a sibling file, or a file of src/domain.
              regex: '^(?!(zod|\\./[\\w.-]+|\\.\\./domain/[\\w.-]+)$)',
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
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/cli/**'],
              message: 'src/web talks to the server only over HTTP.',
            },
            {
              group: ['node:*', 'pg', 'drizzle-orm', 'drizzle-orm/*', 'fastify'],
              message: 'No server modules in the browser.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts', 'src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/web/**'], message: 'The server does not import the web app.' }],
        },
      ],
    },
  },
);
