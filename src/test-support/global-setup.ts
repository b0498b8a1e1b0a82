import { tsImport } from 'tsx/esm/api';
import type { keptPgliteTemplate, makePostgresTemplate } from './database-templates';
import { buildProcessBundles } from './process-bundles';
import {
  CLI_BUNDLE_ENV,
  PGLITE_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_ENV,
  SERVER_BUNDLE_ENV,
} from './template-names';

// Vitest's global setup: runs once, before any test process starts, so the templates and bundles it
// names in the environment are inherited by all of them (database-templates.ts and
// process-bundles.ts say why they exist).

interface Templates {
  keptPgliteTemplate: typeof keptPgliteTemplate;
  makePostgresTemplate: typeof makePostgresTemplate;
}

export default async function setup(): Promise<() => Promise<void>> {
  // The integration and process projects both name this setup; the first one to run does the work.
  if (process.env[PGLITE_TEMPLATE_ENV]) return async () => undefined;
  // The templates are made by Node's own loader (through tsx), as the server makes its database,
  // not by Vite's module runner, which loads this file.
  const templates = (await tsImport('./database-templates.ts', import.meta.url)) as Templates;
  const removals: (() => Promise<void>)[] = [];
  const bundles = await buildProcessBundles();
  removals.push(bundles.remove);
  process.env[SERVER_BUNDLE_ENV] = bundles.server;
  process.env[CLI_BUNDLE_ENV] = bundles.cli;
  process.env[PGLITE_TEMPLATE_ENV] = await templates.keptPgliteTemplate();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const postgres = await templates.makePostgresTemplate(adminUrl);
    removals.push(postgres.remove);
    process.env[POSTGRES_TEMPLATE_ENV] = postgres.name;
  }
  return async () => {
    await Promise.all(removals.map((remove) => remove()));
  };
}
