import { describe, expect, it } from 'vitest';
import { judgePassword } from './password-strength';

describe('judgePassword', () => {
  it.each(['password1234', 'qwertyuiop123', '123456789012', 'iloveyou2024!'])(
    'refuses the common password %s',
    (password) => {
      const verdict = judgePassword(password);
      expect(verdict.ok).toBe(false);
      expect(verdict.message).toMatch(/too easy to guess/);
    },
  );

  it('refuses a password built from the customer’s own email', () => {
    expect(judgePassword('ameliajones1990', ['ameliajones1990@example.com']).ok).toBe(false);
  });

  it.each(['Correct-Horse-Battery-9', 'Lavender-Pebble-42', 'tulip orbit cannon fjord'])(
    'accepts the strong password %s',
    (password) => expect(judgePassword(password)).toEqual({ ok: true, message: null }),
  );
});
