// Import boundaries of src/, bench/ and scripts/, checked by `npm run lint` (so by `npm test`).
// See docs/decisions/0023-server-boundaries.md, 0071, 0074, 0096 and the README's "How the code is
// laid out". What each folder of src/server may import is in server-folders.js, which refuses to
// load while a folder of src/server is not placed there.
//
// Test files are left out of the cruise: they sit on top of everything and may import what they
// test from any folder, plus src/test-support. What is cruised is production code and
// src/test-support, so a dependency on src/test-support from anything cruised outside it is
// production code reaching for test code.

import { serverFolders } from './server-folders.js';

/**
 * One rule per folder of src/server: it imports, of the other folders, only those its entry in
 * server-folders.js lists.
 * @type {import('dependency-cruiser').IForbiddenRuleType[]}
 */
const serverFolderRules = Object.entries(serverFolders).map(([folder, { is, uses, why }]) => ({
  name: `server-folder-${folder}`,
  severity: 'error',
  comment:
    `src/server/${folder}/ (${is}) imports, of the folders of src/server, only ` +
    `${uses.length > 0 ? uses.join(', ') : 'none'}.${why ? ` ${why}` : ''} If this dependency ` +
    'belongs, add it to its entry in server-folders.js; if not, move what both need into a ' +
    'folder both may import. See docs/decisions/0096.',
  from: { path: `^src/server/${folder}/` },
  to: {
    path: '^src/server/[^/]+/',
    pathNot: `^src/server/(${[folder, ...uses].join('|')})/`,
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...serverFolderRules,
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment:
        'Two folders of src/server depend on each other (perhaps through others). Give the shared ' +
        'part one home and make the dependency run one way: see docs/decisions/0023. To see ' +
        'which imports make a folder depend on another: ' +
        'npx depcruise src --config .dependency-cruiser.mjs -T text | grep "server/FROM/.*server/TO/"',
      scope: 'folder',
      from: { path: '^src/server/[^/]+$' },
      to: { path: '^src/server/[^/]+$', circular: true },
    },
    {
      name: 'server-root-wiring-is-on-top',
      severity: 'error',
      comment:
        'A folder of src/server imports, of the files at its root, only what every use case is ' +
        'handed (app-context.ts, config.ts). The others (app.ts, main.ts, logging.ts) put the ' +
        'folders together and start them: above every folder, imported by none. See ' +
        'docs/decisions/0071.',
      from: { path: '^src/server/[^/]+/' },
      to: { path: '^src/server/[^/]+$', pathNot: '^src/server/(app-context|config)\\.ts$' },
    },
    {
      name: 'server-root-context-is-below',
      severity: 'error',
      comment:
        'app-context.ts and config.ts are imported by every folder of src/server, so they reach ' +
        'no folder but db/ (which imports neither back), directly or through others: otherwise ' +
        'that folder and each folder using the context depend on each other, a cycle the ' +
        'folder rule cannot see at the root. A folder adds what it contributes to the context ' +
        'from its own side (as availability/availability-context.ts does). See ' +
        'docs/decisions/0071.',
      from: { path: '^src/server/(app-context|config)\\.ts$' },
      to: { path: '^src/server/[^/]+/', pathNot: '^src/server/db/', reachable: true },
    },
    {
      name: 'availability-knows-no-booking',
      severity: 'error',
      comment:
        'availability/ (free dates and therapists, the slot check, their caches) is below ' +
        'booking/: a hold checks its slot with it, so it imports nothing of booking/ nor of what ' +
        'sits beside or above booking (gift-cards/, tips/, checkout/). Move what both need into ' +
        'availability/. See docs/decisions/0074.',
      from: { path: '^src/server/availability/' },
      to: { path: '^src/server/(booking|checkout|gift-cards|tips)/' },
    },
    {
      name: 'payments-knows-no-purchase',
      severity: 'error',
      comment:
        'payments/ takes any purchase from attempt to settled (pay-purchase.ts, ' +
        'settle-purchase.ts) through its Purchase interface (payments/purchase.ts): it imports no ' +
        'purchase (booking/, gift-cards/, tips/) and not checkout/, which hands it one. What is ' +
        "one purchase's own goes in that purchase's Purchase, in its own folder. See " +
        'docs/decisions/0074.',
      from: { path: '^src/server/payments/' },
      to: { path: '^src/server/(booking|gift-cards|tips|checkout|availability)/' },
    },
    {
      name: 'purchases-side-by-side',
      severity: 'error',
      comment:
        'booking/, gift-cards/ and tips/ are purchases side by side, none importing another: what ' +
        'they share of a payment is in payments/ (payment-rows.ts, provider-news.ts, ' +
        "therapist-transfers.ts), of credit in wallet/ (available-credit.ts), of a tip's view in " +
        'src/domain/tips.ts. See docs/decisions/0074 and 0096.',
      from: { path: '^src/server/(booking|gift-cards|tips)/' },
      to: { path: '^src/server/(booking|gift-cards|tips)/', pathNot: '^src/server/$1/' },
    },
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment:
        'These modules import each other (perhaps through others). Move what both need into a ' +
        'module of its own.',
      from: { path: '^(src|bench|scripts)/' },
      to: { circular: true },
    },
    {
      name: 'no-test-support-in-production',
      severity: 'error',
      comment:
        'src/test-support (the Stripe stand-in, test databases, fixtures) is for *.test.ts, e2e/ ' +
        'and bench/ only: production code must not import it.',
      from: { path: '^src/', pathNot: '^src/test-support/' },
      to: { path: '^src/test-support/' },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain imports no other layer: server, web, cli and test support import it.',
      from: { path: '^src/domain/' },
      to: { path: '^src/(server|web|cli|test-support)/' },
    },
    {
      name: 'web-talks-http-only',
      severity: 'error',
      comment: 'src/web talks to the server only over HTTP: it imports no server or cli module.',
      from: { path: '^src/web/' },
      to: { path: '^src/(server|cli)/' },
    },
    {
      name: 'server-imports-no-web',
      severity: 'error',
      comment: 'The server and the command line do not import the web app.',
      from: { path: '^src/(server|cli)/' },
      to: { path: '^src/web/' },
    },
  ],
  options: {
    exclude: { path: '\\.test\\.tsx?$' },
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a cycle through types is still two modules that know each other.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
