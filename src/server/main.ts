import { randomBytes } from 'node:crypto';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { databaseTarget, openDatabase } from './db/client';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/data-dir-lock';
import { seedDemoData } from './demo/seed-demo-data';

// The one process that serves the API and the built web app. Exits non-zero with a readable
// message when it cannot start; stops cleanly on SIGINT/SIGTERM so no write is lost.

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const target = databaseTarget(config);
  // A PGlite folder belongs to one process; the admin CLI finds us through this lock.
  const cliToken = randomBytes(24).toString('hex');
  let lock: DataDirLock | null = null;
  if (target.kind === 'pglite' && target.dataDir) {
    try {
      lock = await acquireDataDirLock(
        target.dataDir,
        { port: null, token: cliToken },
        { log: (line) => process.stdout.write(`${line}\n`) },
      );
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        fail(
          `The data folder ${target.dataDir} is in use by another process (pid ${error.holder.pid}).\n` +
            'Stop that server first, or start this one with another DATA_DIR.',
        );
      }
      throw error;
    }
  }

  const database = await openDatabase(target).catch(async (error: unknown) => {
    await lock?.release();
    fail(`Could not open the database (${target.kind}): ${(error as Error).message}`);
  });
  let app;
  try {
    await database.migrate();
    if (config.seedDemo) {
      const report = await seedDemoData(database.db, new Date());
      if (report.catalogueLoaded) process.stdout.write('Loaded the demo catalogue.\n');
      if (report.windowsAdded > 0)
        process.stdout.write(`Extended demo availability by ${report.windowsAdded} windows.\n`);
    }
    app = await buildApp({ config, database, ...(lock ? { cliToken } : {}) });
  } catch (error) {
    // Leave nothing half-open: the folder must be usable by the next start.
    await database.close().catch(() => undefined);
    await lock?.release();
    fail(`The server could not start: ${(error as Error).stack ?? String(error)}`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing in-flight requests');
    try {
      await app.close();
      await database.close();
    } finally {
      await lock?.release();
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    await lock?.release();
    fail(`Could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  await lock?.update({ port });
  process.stdout.write(
    `\nBooking system ready on http://localhost:${port} (${config.env}, ${database.kind})\n\n`,
  );
}

await main();
