import { importCatalogue } from '../server/catalogue/import-catalogue';
import { openDatabase, type Database, type DatabaseKind } from '../server/db/client';
import type { ServerProcess } from './server-process';
import { createTestDatabase, pgliteFolderFromTemplate } from './test-database';

// What the crash tests share: a database a real server process can be pointed at (and restarted
// on), and a customer who talks to whichever process is serving at the time, with cookies.

export interface ServerStore {
  env: Record<string, string>;
  /** The database, opened by the test only while no server has it (PGlite) or alongside (PostgreSQL). */
  use<T>(work: (db: Database['db']) => Promise<T>): Promise<T>;
  /** PGlite is one process's at a time: the test may read it only while no server runs. */
  sharedWhileServing: boolean;
  destroy(): Promise<void>;
}

/** A migrated database holding `catalogue`: a fresh PostgreSQL database, or a PGlite folder. */
export async function prepareServerStore(
  kind: DatabaseKind,
  catalogue: object,
): Promise<ServerStore> {
  if (kind === 'postgres') {
    const database = await createTestDatabase('postgres');
    const imported = await importCatalogue(database.db, catalogue);
    if (!imported.ok) throw new Error('catalogue refused');
    return {
      env: { DATABASE_URL: database.url ?? '' },
      use: (work) => work(database.db),
      sharedWhileServing: true,
      destroy: () => database.destroy(),
    };
  }
  // A copy of the run's migrated template: the server opens it without migrating (decision 0098).
  const { dataDir, remove } = await pgliteFolderFromTemplate();
  const use = async <T>(work: (db: Database['db']) => Promise<T>) => {
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  };
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await database.migrate();
    const imported = await importCatalogue(database.db, catalogue);
    if (!imported.ok) throw new Error('catalogue refused');
  } catch (error) {
    await database.close();
    await remove();
    throw error;
  }
  await database.close();
  return {
    env: { DATA_DIR: dataDir },
    use,
    sharedWhileServing: false,
    destroy: remove,
  };
}

export interface HttpAnswer {
  status: number;
  json: Record<string, unknown>;
}

/** A browser of sorts: keeps the session cookie and sends the origin the CSRF check wants. */
export class HttpCustomer {
  cookie = '';
  constructor(private readonly server: () => ServerProcess) {}
  async call(method: string, url: string, body?: object): Promise<HttpAnswer> {
    const base = this.server().url;
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        origin: base,
        cookie: this.cookie,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const session = response.headers
      .getSetCookie()
      .find((c) => c.split('=')[0]?.endsWith('session_token'));
    if (session) this.cookie = session.split(';')[0] ?? '';
    const answer = {
      status: response.status,
      json: (await response.json()) as Record<string, unknown>,
    };
    // Sign-up starts no session (decision 0065): like the web app, sign in next with the same
    // email and password, so a customer who signed up is signed in.
    if (url === '/api/auth/sign-up/email' && answer.status === 200 && body && 'password' in body) {
      const { email, password } = body as { email?: unknown; password?: unknown };
      const signIn = await this.call('POST', '/api/auth/sign-in/email', { email, password });
      if (signIn.status !== 200) return signIn;
    }
    return answer;
  }
}

/**
 * What a crash suite's server process starts with: this store, on this port (its own public URL),
 * no demo data, no sign-in limits (every customer comes from one address), and the payment jobs
 * every second, so a payment cut off by a kill is settled soon after the restart. `extra` adds or
 * overrides (the payment provider, the SMTP server, shorter leases).
 */
export function crashServerEnv(
  store: ServerStore,
  port: number,
  extra: Record<string, string> = {},
): Record<string, string> & { PUBLIC_URL: string } {
  return {
    ...store.env,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT: 'false',
    PAYMENT_RECONCILE_AFTER_SECONDS: '1',
    PAYMENT_JOBS_INTERVAL_SECONDS: '1',
    ...extra,
  };
}
