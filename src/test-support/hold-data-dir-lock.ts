import { acquireDataDirLock } from '../server/db/data-dir-lock';

// Holds a data folder's lock in a process of its own, as a running server does, until killed.
// Usage: node --import tsx hold-data-dir-lock.ts <dataDir> [port]

const [dataDir, port] = process.argv.slice(2);
if (!dataDir) throw new Error('Usage: hold-data-dir-lock.ts <dataDir> [port]');
await acquireDataDirLock(dataDir, { port: port ? Number(port) : null, token: 'held' });
process.stdout.write(`held ${process.pid}\n`);
// The lock does not keep a process alive by itself; a server's listening port would.
setInterval(() => undefined, 1 << 30);
