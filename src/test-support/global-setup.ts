import { tsImport } from 'tsx/esm/api';
import type { makePgliteTemplate, makePostgresTemplate } from './database-templates';
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from './template-names';

// Vitest's global setup: runs once, before any test process starts, so the templates it names in
// the environment are inherited by all of them (database-templates.ts says why they exist).

interface Templates {
  makePgliteTemplate: typeof makePgliteTemplate;
  makePostgresTemplate: typeof makePostgresTemplate;
}

export default async function setup(): Promise<() => Promise<void>> {
  // Vite's module runner, which loads this file, has no import.meta.resolve, which the embedded
  // database needs to start its thread: the templates are made by Node's own loader (through tsx).
  const templates = (await tsImport('./database-templates.ts', import.meta.url)) as Templates;
  const removals: (() => Promise<void>)[] = [];
  const pglite = await templates.makePgliteTemplate();
  removals.push(pglite.remove);
  process.env[PGLITE_TEMPLATE_ENV] = pglite.dir;
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
