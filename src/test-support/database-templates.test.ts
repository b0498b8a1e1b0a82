import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { templateName } from './database-templates';

describe('the kept PGlite template is named after what made it', () => {
  let folder = '';
  afterEach(() => rm(folder, { recursive: true, force: true }));

  const migrations = async (files: Record<string, string>) => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'migrations-'));
    await mkdir(path.join(folder, 'meta'));
    for (const [name, text] of Object.entries(files))
      await writeFile(path.join(folder, name), text);
    return folder;
  };

  it('changes when a migration is edited, added, or PGlite changes; not for other files', async () => {
    const dir = await migrations({
      '0000_init.sql': 'create table a ();',
      'meta/_journal.json': '{}',
    });
    const first = await templateName(dir, '0.5.16');
    expect(first).toMatch(/^pglite-[0-9a-f]{16}$/);
    expect(await templateName(dir, '0.5.16')).toBe(first);
    expect(await templateName(dir, '0.5.17')).not.toBe(first);

    await writeFile(path.join(dir, 'notes.md'), 'not a migration');
    expect(await templateName(dir, '0.5.16')).toBe(first);

    await writeFile(path.join(dir, '0000_init.sql'), 'create table a (id int);');
    const edited = await templateName(dir, '0.5.16');
    expect(edited).not.toBe(first);

    await writeFile(path.join(dir, '0001_next.sql'), 'create table b ();');
    const added = await templateName(dir, '0.5.16');
    expect(added).not.toBe(edited);

    await writeFile(path.join(dir, 'meta/_journal.json'), '{"entries":[]}');
    expect(await templateName(dir, '0.5.16')).not.toBe(added);
  });
});
