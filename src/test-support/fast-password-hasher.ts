import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../server/auth/auth';

// scrypt at a fraction of better-auth's cost, for tests that sign in hundreds of times to count
// limits and never look at how a password is stored. The rule under test is the limit, not the
// hash; tests of the hashing itself keep the real one (sign-up-enumeration.int.test.ts).

const COST = { N: 1024, r: 8, p: 1 };

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 32, COST, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export const FAST_PASSWORD_HASHER: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16);
    return `${salt.toString('hex')}:${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await derive(password, Buffer.from(salt, 'hex'));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
