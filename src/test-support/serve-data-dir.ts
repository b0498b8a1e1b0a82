import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { acquireDataDirLock, type DataDirLock } from '../server/db/data-dir-lock';

// What src/server/main.ts does for the admin command line: hold the data folder with a fresh CLI
// token, then, once the app listens, publish its port in the lock. A command run with that
// DATA_DIR then goes through this app instead of opening the folder.

export interface ServedDataDir {
  /** Give it to buildTestApp as cliToken. */
  token: string;
  lock: DataDirLock;
  /** Listens on a free local port and publishes it in the lock. */
  listen(app: FastifyInstance): Promise<void>;
}

export async function serveDataDir(dataDir: string): Promise<ServedDataDir> {
  const token = randomBytes(24).toString('hex');
  const lock = await acquireDataDirLock(dataDir, { port: null, token });
  return {
    token,
    lock,
    async listen(app) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      await lock.update({ port: typeof address === 'object' && address ? address.port : null });
    },
  };
}
