import * as z from 'zod';
import { describe, expect, it } from 'vitest';

describe('zod in the browser', () => {
  it('parses without eval once the app has set it jitless, even if zod loaded first', async () => {
    expect(z.config().jitless).not.toBe(true);
    await import('./zod-jitless');
    expect(z.config().jitless).toBe(true);
  });
});
