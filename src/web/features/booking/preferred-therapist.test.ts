import { describe, expect, it } from 'vitest';
import { splitPreferred } from './preferred-therapist';

const free = [{ username: 'anna' }, { username: 'isla' }, { username: 'mo' }];

describe('splitPreferred', () => {
  it('puts the chosen therapist first and keeps the others in order', () => {
    expect(splitPreferred(free, 'isla')).toEqual({
      preferred: { username: 'isla' },
      others: [{ username: 'anna' }, { username: 'mo' }],
    });
  });

  it('leaves everyone as they were when nobody, or nobody free, was chosen', () => {
    expect(splitPreferred(free, null)).toEqual({ preferred: null, others: free });
    expect(splitPreferred(free, 'zoe')).toEqual({ preferred: null, others: free });
  });
});
