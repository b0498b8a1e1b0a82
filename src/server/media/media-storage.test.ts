import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSafeKey, localDiskStorage, type MediaStorage } from './media-storage';

describe('local disk media storage', () => {
  let root: string;
  let storage: MediaStorage;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'media-test-'));
    storage = localDiskStorage(path.join(root, 'media'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('gives back what was put, replaces it, and forgets it when deleted', async () => {
    await storage.put('therapists/t-1/a-96.jpg', Buffer.from('first'));
    expect((await storage.get('therapists/t-1/a-96.jpg'))?.toString()).toBe('first');

    await storage.put('therapists/t-1/a-96.jpg', Buffer.from('second'));
    expect((await storage.get('therapists/t-1/a-96.jpg'))?.toString()).toBe('second');

    await storage.delete('therapists/t-1/a-96.jpg');
    expect(await storage.get('therapists/t-1/a-96.jpg')).toBeNull();
  });

  it('answers null for keys never written, folders included, and deletes them quietly', async () => {
    await storage.put('therapists/t-1/a-96.jpg', Buffer.from('x'));
    expect(await storage.get('therapists/t-2/a-96.jpg')).toBeNull();
    expect(await storage.get('therapists/t-1')).toBeNull();
    await expect(storage.delete('therapists/t-2/a-96.jpg')).resolves.toBeUndefined();
  });

  it('leaves no temporary files behind', async () => {
    await storage.put('therapists/t-1/a-96.jpg', Buffer.from('x'));
    expect(await readdir(path.join(root, 'media', 'therapists', 't-1'))).toEqual(['a-96.jpg']);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', '']) {
      expect(isSafeKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe media key/);
      await expect(storage.get(key)).rejects.toThrow(/Unsafe media key/);
    }
    expect(isSafeKey('therapists/t%2E1/abc-96.jpg')).toBe(true);
  });
});
