import { describe, expect, it } from 'vitest';
import { judgePassword } from './password-strength';

describe('judgePassword', () => {
  it.each(['password1234', 'qwertyuiop123', '123456789012', 'iloveyou2024!'])(
    'refuses the common password %s',
    async (password) => {
      const verdict = await judgePassword(password);
      expect(verdict.ok).toBe(false);
      expect(verdict.message).toMatch(/too easy to guess/);
    },
  );

  it('refuses a password built from the customer’s own email', async () => {
    expect((await judgePassword('ameliajones1990', ['ameliajones1990@example.com'])).ok).toBe(
      false,
    );
  });

  it.each(['Correct-Horse-Battery-9', 'Lavender-Pebble-42', 'tulip orbit cannon fjord'])(
    'accepts the strong password %s',
    async (password) => expect(await judgePassword(password)).toEqual({ ok: true, message: null }),
  );
});
