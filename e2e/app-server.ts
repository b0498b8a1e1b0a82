import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { keptPgliteTemplate } from '../src/test-support/database-templates';
import { uniqueDatabaseName, withDatabaseName } from '../src/test-support/template-names';

// The app server of an e2e run, started by playwright.config.ts: src/server/main.ts as `npm start`
// runs it, on a database made for this run and gone with it. E2E_DATABASE says which:
//
// - pglite: a copy of the tests' migrated PGlite folder (src/test-support/database-templates.ts),
//   so the start skips the migrations;
// - postgres: a new database `e2e_…` on the server TEST_DATABASE_URL names (its admin address),
//   migrated by the app as a production start would.
//
// Everything else (port, public address, mail, sign-in provider) comes from the environment the
// config gives. The config stops the run's servers with SIGTERM to this process group: the app
// finishes its requests and closes the database, then this process drops the database (or
// removes the folder) and the uploads folder, so a run leaves nothing behind.

const kind = process.env.E2E_DATABASE;
if (kind !== 'pglite' && kind !== 'postgres') throw new Error('E2E_DATABASE: pglite or postgres');

const work = await mkdtemp(path.join(tmpdir(), `athome-e2e-${kind}-`));
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(work, 'data') };
delete env.DATABASE_URL;
let dropDatabase = async () => {};

if (kind === 'pglite') {
  await cp(await keptPgliteTemplate(), path.join(work, 'data'), { recursive: true });
} else {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL: the PostgreSQL server to make a database on');
  const name = uniqueDatabaseName('e2e');
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  env.DATABASE_URL = withDatabaseName(adminUrl, name);
  // FORCE: a connection the app failed to close must not keep the database.
  dropDatabase = () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

const app = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env,
  stdio: 'inherit',
});
const exited = once(app, 'exit');

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  // The app is in this process group and had the signal too; sent again in case it was not.
  if (app.exitCode === null && app.signalCode === null) app.kill(signal);
  const [code] = (await exited) as [number | null];
  await Promise.all([dropDatabase(), rm(work, { recursive: true, force: true })]);
  process.exit(code ?? 0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
// An app that stops by itself (it could not start, say) ends the run's server: tidy up as well.
void exited.then(() => stop('SIGTERM'));
