import type { PasswordHasher } from './auth';

// Auth's part of what every use case is handed: declared here, not in app-context.ts, so the
// dependency runs one way, from auth to the context (docs/decisions/0071).
declare module '../app-context' {
  interface AppContext {
    /**
     * The one way passwords are hashed and checked: sign-in, sign-up and the use cases that ask
     * for the password again (deleting the account) all agree on how it is stored.
     */
    passwordHasher: PasswordHasher;
  }
}
