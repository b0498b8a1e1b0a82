import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { DEFAULT_PASSWORD_HASHER, type PasswordHasher } from '../server/auth/auth';

// scrypt at a sixteenth of better-auth's cost, the test apps' default (test-app.ts): better-auth's
// takes about 100 ms of CPU a hash, and the suite signs customers up and in thousands of times,
// which is not what those tests are about. Tests of the hashing itself pass the real one
// (sign-up-enumeration.int.test.ts). Its hashes carry a prefix, so a password stored with the real
// hasher (the demo accounts, a database seeded outside the test app) still verifies with it.

const COST = { N: 1024, r: 8, p: 1 };
const PREFIX = 'test-scrypt$';

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
    const key = await derive(password, salt);
    return `${PREFIX}${salt.toString('hex')}:${key.toString('hex')}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(PREFIX)) return DEFAULT_PASSWORD_HASHER.verify({ hash, password });
    const [salt, key] = hash.slice(PREFIX.length).split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await derive(password, Buffer.from(salt, 'hex'));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
