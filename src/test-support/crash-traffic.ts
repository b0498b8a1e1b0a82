import type { ServerProcess } from './server-process';
import { HttpCustomer } from './server-store';
import { TEST_PASSWORD } from './test-customer';

// The crash suite's customers: each keeps booking (hold, then pay), abandoning holds, cancelling
// what it booked and redeeming gift cards, over HTTP against whichever server process is up. The
// choices come from one seeded generator, so a failing seed replays the same stream.

/** mulberry32: small, seedable, good enough to pick operations. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TrafficPlan {
  therapistIds: string[];
  /** Midnight UTC of the days the therapists work 09:00–17:00 UTC. */
  days: Date[];
  /** Gift card codes not yet handed to a customer; taken from the front. */
  giftCodes: string[];
}

export interface TrafficTally {
  started: number;
  answered: number;
  failed: number;
  byOperation: Record<string, number>;
}

/** What the server told a customer it had done: it must survive any crash after the answer. */
export type Acknowledged = 'held' | 'confirmed' | 'cancelled' | 'expired';

export class CrashCustomer {
  readonly http: HttpCustomer;
  addressId = '';
  readonly bookings: string[] = [];
  /** Each booking's last acknowledged state, by id. */
  readonly acknowledged = new Map<string, Acknowledged>();
  /** Gift card codes the server answered 200 to redeeming. */
  redeemed = 0;
  constructor(
    server: () => ServerProcess,
    readonly email: string,
  ) {
    this.http = new HttpCustomer(server);
  }

  async signUp(): Promise<void> {
    const signUp = await this.http.call('POST', '/api/auth/sign-up/email', {
      email: this.email,
      password: TEST_PASSWORD,
      name: 'Crash Customer',
      phoneNumber: '07700 900123',
      accountType: 'personal',
    });
    if (signUp.status !== 200) throw new Error(`sign-up ${signUp.status}`);
    const address = await this.http.call('POST', '/api/me/addresses', {
      line1: '1 Test Street',
      town: 'Test City',
      postcode: 'EH1 1AA',
    });
    if (address.status !== 201) throw new Error(`address ${address.status}`);
    this.addressId = String(address.json.id);
  }
}

const CARDS = [
  'pm_card_visa',
  'pm_card_visa',
  'pm_card_visa',
  'pm_card_mastercard',
  'pm_card_chargeDeclined',
  'pm_card_authenticationRequired',
];

/**
 * Runs one customer's stream until `stop()` says so or the server stops answering (a request that
 * fails at the network level ends the stream: the process is gone). `tally.started` counts
 * requests sent, which is what the suite's kill moment is measured in.
 */
export async function runCustomer(
  customer: CrashCustomer,
  plan: TrafficPlan,
  random: () => number,
  tally: TrafficTally,
  stop: () => boolean,
): Promise<void> {
  const pick = <T>(list: readonly T[]): T => {
    const item = list[Math.floor(random() * list.length)];
    if (item === undefined) throw new Error('empty list');
    return item;
  };
  const call = async (operation: string, method: string, url: string, body?: object) => {
    tally.started++;
    tally.byOperation[operation] = (tally.byOperation[operation] ?? 0) + 1;
    const answer = await customer.http.call(method, url, body);
    tally.answered++;
    if (answer.status >= 500)
      throw new Error(`${operation}: ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer;
  };
  try {
    while (!stop()) {
      const roll = random();
      if (roll < 0.12 && plan.giftCodes.length > 0) {
        const code = plan.giftCodes.shift() ?? '';
        const answer = await call('redeem', 'POST', '/api/me/wallet/redeem', { code });
        if (answer.status === 200) customer.redeemed++;
      } else if (roll < 0.27 && customer.bookings.length > 0) {
        const id = pick(customer.bookings);
        const answer = await call('cancel', 'POST', `/api/bookings/${id}/cancel`, {});
        // A confirmed booking is cancelled; a hold let go unpaid ends as expired (decision 0081).
        if (answer.status === 200) {
          customer.acknowledged.set(id, answer.json.status === 'expired' ? 'expired' : 'cancelled');
        }
      } else {
        const day = pick(plan.days);
        const startsAt = new Date(
          day.getTime() + (9 * 60 + 15 * Math.floor(random() * 28)) * 60_000,
        );
        const held = await call('hold', 'POST', '/api/bookings', {
          city: 'testcity',
          therapistId: pick(plan.therapistIds),
          treatmentIds: ['massage-60'],
          startsAt: startsAt.toISOString(),
          addressId: customer.addressId,
        });
        if (held.status !== 201) continue;
        const id = String(held.json.id);
        customer.bookings.push(id);
        customer.acknowledged.set(id, 'held');
        // Some holds are left to run out, as a customer who walks away leaves them.
        if (random() < 0.15) continue;
        const pay =
          held.json.amountDuePence === 0
            ? { method: 'credit' }
            : { method: 'card', paymentMethodId: pick(CARDS) };
        const paying = call('pay', 'POST', `/api/bookings/${id}/payment`, pay);
        // A customer with credit sometimes flips the checkout's switch while the payment is
        // under way: whichever comes first decides the split, and the card pays exactly its share.
        const hasCredit = Number(held.json.walletCreditAvailablePence ?? 0) > 0;
        const [paid] = await Promise.all([
          paying,
          hasCredit && random() < 0.4
            ? call('credit', 'POST', `/api/bookings/${id}/credit`, {
                useCredit: Number(held.json.creditAppliedPence) === 0,
              })
            : null,
        ]);
        if (paid.json.status === 'confirmed') customer.acknowledged.set(id, 'confirmed');
      }
    }
  } catch (error) {
    // The server died under us (or answered 5xx, which the suite reports).
    tally.failed++;
    if (error instanceof Error && /: 5\d\d /.test(error.message)) throw error;
  }
}
