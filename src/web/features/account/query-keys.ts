// The keys moved to lib/query-keys.ts: sign-out (auth), the account pages and the booking screens
// all need them, and a feature must not reach into another's files. This file stays only because
// the api.ts files import it by this path while they are being rewritten against src/contract;
// once they import lib/query-keys.ts, delete it.
export {
  ACCOUNT_STORAGE_KEYS,
  accountKeys,
  authProvidersKey,
  clearAccountData,
} from '../../lib/query-keys';
