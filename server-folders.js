import { readdirSync } from 'node:fs';

// Every folder of src/server and the folders it may import: its place among the others (decisions
// 0023, 0074 and 0096). Read by .dependency-cruiser.mjs, which fails `npm run lint` on any other
// import between folders, and by eslint.config.js, which shows the same in the editor. Anything a
// folder does not list is refused, so a new dependency between folders is a line here, made on
// purpose, and a cycle cannot be written in (dependency-cruiser's no-folder-cycle checks that too).
// The files at the root of src/server have rules of their own (decision 0071), and tests may
// import any folder.
//
// A folder of src/server missing here, or a name here with no folder, fails both tools as they
// load: a new folder is placed when it is made, not when someone remembers.

/**
 * @typedef {object} ServerFolder
 * @property {string} is what the folder is, in a few words
 * @property {string[]} uses the folders of src/server it may import; no other
 * @property {string} [why] why it may not import what it might reach for
 */

/** @type {Record<string, ServerFolder>} From the bottom up. */
export const serverFolders = {
  // Below everything.
  db: { is: 'the schema, the clients, transactions', uses: [] },
  errors: { is: 'the error reporter', uses: [] },
  // Plumbing on them.
  http: { is: 'problems, headers, limits, serving the web app', uses: ['errors'] },
  travel: { is: 'journey times between postcode districts', uses: ['db'] },
  system: { is: 'health and migration state', uses: ['db'] },
  company: { is: "the company's details", uses: [] },
  // Services any capability may use.
  mail: { is: 'the outbox, the mailer and its worker, the templates', uses: ['db', 'http'] },
  media: { is: "uploads and their storages, therapists' photos", uses: ['db', 'http'] },
  payments: {
    is: "the provider, the purchase pipeline, payment rows, provider tasks, therapists' transfers",
    uses: ['db', 'http'],
    why:
      'payments/ takes any purchase through its Purchase interface (payments/purchase.ts) and ' +
      "imports none: what is one purchase's own goes in its Purchase, in its own folder.",
  },
  auth: { is: 'sign-in, sessions, the customer guard', uses: ['db', 'http', 'mail'] },
  push: { is: 'Web Push: subscriptions, the push outbox', uses: ['auth', 'db', 'http'] },
  live: { is: 'the live channel', uses: ['auth', 'db', 'http'] },
  wallet: {
    is: 'the ledger, the wallet lock, the credit available to spend',
    uses: ['auth', 'db', 'http'],
    why:
      'wallet/ is below every purchase: what a booking, a gift card or a tip needs of credit is ' +
      'here.',
  },
  // What bookings say and show, read from the tables.
  'booking-records': {
    is: "bookings as records: the feed, the company's reads",
    uses: ['db', 'http', 'travel'],
  },
  webhooks: {
    is: 'signed booking events to other systems',
    uses: ['booking-records', 'db', 'http'],
  },
  notifications: {
    is: 'booking emails and pushes, written to the outboxes',
    uses: ['db', 'mail', 'push'],
  },
  // Capabilities.
  availability: {
    is: 'free dates and therapists, the slot check, their caches',
    uses: ['db', 'http', 'media', 'travel'],
    why:
      'availability/ is below booking/ (a hold checks its slot with it): move what both need into' +
      ' availability/.',
  },
  catalogue: {
    is: 'cities, treatments, therapists; import and export',
    uses: ['db', 'http', 'travel'],
  },
  'booking-media': {
    is: 'notes and photos for the therapist',
    uses: ['auth', 'db', 'http', 'media'],
  },
  referrals: { is: 'referral codes and credit', uses: ['auth', 'db', 'http', 'mail', 'wallet'] },
  reviews: {
    is: 'verified reviews and their requests',
    uses: ['auth', 'booking-records', 'db', 'http', 'mail', 'notifications', 'push'],
  },
  'therapist-calendar': {
    is: "therapists' calendar feeds",
    uses: ['booking-media', 'booking-records', 'db', 'http', 'notifications'],
  },
  professionals: {
    is: "therapists' public pages",
    uses: ['availability', 'db', 'http', 'media', 'reviews'],
  },
  favourites: {
    is: 'favourite therapists',
    uses: ['auth', 'db', 'http', 'media', 'professionals'],
  },
  // Purchases, side by side: each implements payments/'s Purchase for what it sells and imports
  // nothing of the others (dependency-cruiser's purchases-side-by-side says so too).
  booking: {
    is: "holds, the booking's states, what paying means for a booking, cancel, reschedule",
    uses: [
      'auth',
      'availability',
      'booking-media',
      'booking-records',
      'db',
      'http',
      'media',
      'notifications',
      'payments',
      'push',
      'referrals',
      'reviews',
      'wallet',
      'webhooks',
    ],
    why:
      'booking/, gift-cards/ and tips/ are purchases side by side, below checkout/: what they ' +
      'share of a payment is in payments/, of credit in wallet/.',
  },
  'gift-cards': {
    is: 'gift card orders, what paying means for one, redeeming',
    uses: ['auth', 'db', 'http', 'mail', 'payments', 'wallet'],
    why:
      'gift-cards/, booking/ and tips/ are purchases side by side, below checkout/: what they ' +
      'share of a payment is in payments/, of credit in wallet/.',
  },
  tips: {
    is: 'tips after an appointment, what paying means for one, its receipt',
    uses: ['auth', 'db', 'http', 'mail', 'payments', 'wallet'],
    why:
      'tips/, booking/ and gift-cards/ are purchases side by side, below checkout/: a tip reads ' +
      'its booking from the tables (tip-booking.ts); what they share of a payment is in ' +
      'payments/, of credit in wallet/.',
  },
  // Use cases over several capabilities.
  checkout: {
    is: "the routes and use cases of paying: webhooks, re-checks, the reconciler's job",
    uses: ['auth', 'booking', 'db', 'gift-cards', 'http', 'payments', 'tips'],
  },
  account: {
    is: '/api/me: profile, addresses, deletion and erasure',
    uses: ['auth', 'booking-media', 'db', 'gift-cards', 'http', 'mail', 'payments', 'reviews'],
  },
  internal: {
    is: '/api/internal, the service-to-service API',
    uses: [
      'account',
      'booking',
      'booking-media',
      'booking-records',
      'catalogue',
      'http',
      'media',
      'reviews',
      'therapist-calendar',
      'wallet',
      'webhooks',
    ],
  },
  waitlist: {
    is: 'the waitlist and its matcher',
    // internal: for the bearer check (internal/bearer-auth.ts) of its service route.
    uses: ['auth', 'availability', 'booking', 'db', 'http', 'internal', 'mail', 'media', 'push'],
  },
  demo: {
    is: 'demo accounts, history and availability',
    uses: ['catalogue', 'db', 'media', 'wallet'],
  },
  // On top.
  jobs: {
    is: 'the background jobs every instance runs',
    uses: [
      'booking',
      'booking-media',
      'checkout',
      'errors',
      'live',
      'payments',
      'reviews',
      'waitlist',
      'wallet',
    ],
  },
  // Tests only.
  security: { is: 'cross-cutting security tests', uses: [] },
};

/** The folders of src/server on disk; an empty one (left by a branch switch) does not count. */
function foldersOnDisk() {
  const server = new URL('./src/server/', import.meta.url);
  return readdirSync(server, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => readdirSync(new URL(`${name}/`, server)).length > 0)
    .sort();
}

/** Throws, naming what to do, unless the table and src/server's folders agree. */
function checkServerFolders() {
  const onDisk = foldersOnDisk();
  const listed = Object.keys(serverFolders);
  const problems = [
    ...onDisk
      .filter((name) => !listed.includes(name))
      .map(
        (name) =>
          `src/server/${name}/ is not placed: add it to serverFolders with what it may import`,
      ),
    ...listed
      .filter((name) => !onDisk.includes(name))
      .map((name) => `serverFolders names ${name}, which is not a folder of src/server: remove it`),
    ...Object.entries(serverFolders).flatMap(([name, { uses }]) =>
      uses
        .filter((used) => used === name || !listed.includes(used))
        .map(
          (used) => `serverFolders.${name} uses ${used}, which is not another folder of src/server`,
        ),
    ),
  ];
  if (problems.length > 0)
    throw new Error(`server-folders.js (docs/decisions/0096):\n  ${problems.join('\n  ')}`);
}

checkServerFolders();
