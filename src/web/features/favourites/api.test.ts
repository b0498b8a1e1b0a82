import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { favouritesKey, refreshAfterChange, type Favourite } from './api';

const zoe: Favourite = {
  id: 't-zoe',
  username: 'zoe',
  name: 'Zoe Smith',
  photoUrl: '/media/zoe.jpg',
  area: 'edinburgh',
  areaName: 'Edinburgh',
  savedAt: '2026-11-26T10:00:00.000Z',
};

describe('refreshAfterChange', () => {
  it('reads the list again when its first read left before the save was stored', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The server's list: empty until the save is stored. The first read is answered only once
    // the save has been, with what the server had when the read arrived.
    let stored: Favourite[] = [];
    let answerFirstRead: () => void = () => undefined;
    let reads = 0;
    const observer = new QueryObserver<Favourite[]>(client, {
      queryKey: favouritesKey,
      queryFn: ({ signal }) => {
        reads++;
        const seen = [...stored];
        if (reads > 1) return Promise.resolve(seen);
        return new Promise<Favourite[]>((resolve, reject) => {
          answerFirstRead = () => resolve(seen);
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        });
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(reads).toBe(1);

    stored = [zoe];
    const refreshing = refreshAfterChange(client, { therapistId: zoe.id, save: true });
    answerFirstRead();
    await refreshing;

    await expect.poll(() => client.getQueryData<Favourite[]>(favouritesKey)).toEqual([zoe]);
    expect(reads).toBe(2);
    unsubscribe();
  });

  it('drops a removed favourite at once, then reads the list again', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData<Favourite[]>(favouritesKey, [zoe]);
    await refreshAfterChange(client, { therapistId: zoe.id, save: false });
    expect(client.getQueryData<Favourite[]>(favouritesKey)).toEqual([]);
  });
});
