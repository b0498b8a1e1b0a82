import { createHash, randomBytes } from 'node:crypto';
import {
  CROCKFORD_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  formatGiftCardCode,
} from '../../domain/gift-card';

// A code is 80 bits from the operating system's random source, written in Crockford's base32 and
// grouped GLOW-XXXX-XXXX-XXXX-XXXX. Only its SHA-256 is stored: guessing one means searching 2^80
// codes, and the hash of a code with that much randomness needs no salt or slow hashing.

export interface NewGiftCardCode {
  /** As the recipient reads it: GLOW-XXXX-XXXX-XXXX-XXXX. */
  code: string;
  hash: string;
  last4: string;
}

/** The stored form of a code's 16 symbols (already normalised). */
export function hashGiftCardCode(symbols: string): string {
  return createHash('sha256').update(symbols, 'utf8').digest('hex');
}

export function newGiftCardCode(): NewGiftCardCode {
  const bytes = randomBytes((GIFT_CARD_CODE_LENGTH * 5) / 8);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let symbols = '';
  for (let i = GIFT_CARD_CODE_LENGTH - 1; i >= 0; i--) {
    symbols += CROCKFORD_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  }
  return {
    code: formatGiftCardCode(symbols),
    hash: hashGiftCardCode(symbols),
    last4: symbols.slice(-4),
  };
}
