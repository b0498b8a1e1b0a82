import { randomBytes } from 'node:crypto';
import { buildApp } from './app';
import { createErrorReporter } from './errors/create-error-reporter';
import { reportCrashes } from './errors/process-errors';
import { ConfigError, loadConfig } from './config';
import { databaseTarget, openDatabase } from './db/client';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/data-dir-lock';
import { seedDemoData } from './demo/seed-demo-data';
import { seedDemoPortraits } from './demo/seed-demo-portraits';
import { localDiskStorage } from './media/media-storage';
import { addressToOpen, createLogger, logFormatFor, readyBanner } from './logging';

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

  const logFormat = logFormatFor(config, process.stdout.isTTY === true);
  const log = createLogger(config, logFormat);
  // With SENTRY_DSN, a crash from here on is reported before the process goes (decision 0091).
  const errorReporter = await createErrorReporter(config.errorReporting);
  reportCrashes(errorReporter);
  const target = databaseTarget(config);
  // A PGlite folder belongs to one process; the admin CLI finds us through this lock.
  const cliToken = randomBytes(24).toString('hex');
  let lock: DataDirLock | null = null;
  if (target.kind === 'pglite' && target.dataDir) {
    try {
      lock = await acquireDataDirLock(
        target.dataDir,
        { port: null, token: cliToken },
        // Only said after a crash: worth a warning, before anything else.
        { log: (line) => log.warn(line) },
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
  // Said after the ready line, which comes first: it is what a person starting the app wants.
  const notes: string[] = [];
  try {
    await database.migrate();
    if (config.seedDemo) {
      const report = await seedDemoData(database.db, new Date());
      if (report.catalogueLoaded) notes.push('Loaded the demo catalogue.');
      if (report.windowsAdded > 0)
        notes.push(`Extended demo availability by ${report.windowsAdded} windows.`);
      const h = report.history;
      if (h.pastAppointments + h.upcomingAppointments + h.addresses + h.cards > 0 || h.creditPence)
        notes.push('Refreshed the demo accounts’ appointments, addresses, cards and credit.');
    }
    const media = localDiskStorage(config.mediaDir);
    if (config.seedDemo) {
      const portraits = await seedDemoPortraits({ db: database.db, media, log }, new Date());
      if (portraits > 0) notes.push(`Gave ${portraits} demo therapists their portraits.`);
    }
    app = await buildApp({
      config,
      database,
      media,
      logger: log,
      errorReporter,
      ...(lock ? { cliToken } : {}),
      ...(config.webDistDir ? { webDistDir: config.webDistDir } : {}),
    });
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
    app.log.info({ signal }, `Stopping (${signal}): finishing in-flight requests`);
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
    // Fastify's own "Server listening at …" lines (one per interface) would come before the ready
    // line and say less: hushed while it binds, then the level goes back.
    if (['trace', 'debug', 'info'].includes(config.logLevel)) log.level = 'warn';
    await app.listen({ port: config.port, host: config.host });
    log.level = config.logLevel;
  } catch (error) {
    await database.close();
    await lock?.release();
    fail(`Could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  await lock?.update({ port });
  const url = addressToOpen(config, port);
  const ready = {
    url,
    env: config.env,
    database:
      target.kind === 'pglite'
        ? `embedded PostgreSQL (PGlite) in ${target.dataDir ?? 'memory'}`
        : 'PostgreSQL (DATABASE_URL)',
    mailViewerUrl: config.devMailViewer ? `${url}/dev/mail` : null,
    notes,
  };
  if (logFormat === 'pretty') {
    process.stdout.write(readyBanner(ready));
  } else {
    log.info({ url, env: config.env, database: database.kind }, `Glow at Home is ready: ${url}`);
    for (const note of notes) log.info(note);
  }
}

await main();
