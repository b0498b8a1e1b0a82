import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HTTP server standing in for api.stripe.com in tests: the real SDK talks to it over HTTP
// (config.payments.stripeApiUrl), so our requests, idempotency keys and error handling are the
// ones production sends and gets. It knows Stripe's test payment methods and keeps what it was
// asked, so tests can check that nothing was charged twice.

interface FakeCard {
  brand: string;
  last4: string;
  outcome: 'succeeded' | 'declined' | 'insufficient_funds' | 'requires_action';
}

const TEST_METHODS: Record<string, FakeCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeded' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeded' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declined' },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    outcome: 'insufficient_funds',
  },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'requires_action' },
};

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  customer: string | null;
  metadata: Record<string, string>;
  payment_method: string;
  setup_future_usage: string | null;
  transfer_data: { destination: string } | null;
  application_fee_amount: number | null;
  next_action: {
    type: 'redirect_to_url';
    redirect_to_url: { url: string; return_url: string };
  } | null;
  last_payment_error: { type: string; code: string; decline_code: string } | null;
  latest_charge: string | null;
  created: number;
  livemode: false;
}

export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | null;
}

export interface FakeStripe {
  url: string;
  intents: Map<string, FakeIntent>;
  refunds: { id: string; params: Record<string, string> }[];
  transfers: { id: string; params: Record<string, string>; idempotencyKey: string | null }[];
  deletedCustomers: string[];
  requests: FakeRequest[];
  /**
   * The next request to `method path` is carried out (money moves, the answer is kept under its
   * idempotency key) but its answer is held back until `release()`: what a caller sees when the
   * network or its own process dies between Stripe charging and the answer arriving.
   */
  stallNext(method: string, path: string): { arrived: Promise<void>; release: () => void };
  /** The next `count` requests to `method path` fail with Stripe's 500 api_error, doing nothing. */
  failNext(method: string, path: string, count?: number): void;
  /** What the bank's page does for a payment waiting for 3-D Secure. */
  authenticate(intentId: string, approve: boolean): FakeIntent;
  paymentMethod(id: string): object;
  close(): Promise<void>;
}

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
  response.end(JSON.stringify(body));
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const refunds: FakeStripe['refunds'] = [];
  const transfers: FakeStripe['transfers'] = [];
  const deletedCustomers: string[] = [];
  const requests: FakeRequest[] = [];
  // Stripe keeps each idempotent request's parameters with its answer: a repeat with the same
  // parameters gets the first answer, one with other parameters is refused, and a repeat while the
  // first is still running is a 409.
  const answered = new Map<string, { params: string; status: number; body: unknown }>();
  const inFlight = new Set<string>();
  const stalls: { method: string; path: string; arrived: () => void; held: Promise<void> }[] = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${String(++counter).padStart(6, '0')}`;

  const paymentMethod = (id: string) => {
    const card = TEST_METHODS[id] ?? { brand: 'visa', last4: '4242', outcome: 'succeeded' };
    return {
      id,
      object: 'payment_method',
      type: 'card',
      card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2030 },
    };
  };
  const view = (intent: FakeIntent) => ({
    ...intent,
    payment_method: paymentMethod(intent.payment_method),
  });

  function createIntent(p: Record<string, string>): { status: number; body: unknown } {
    const method = p.payment_method ?? '';
    const card = TEST_METHODS[method];
    if (!card) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such PaymentMethod: '${method}'`,
          },
        },
      };
    }
    const id = nextId('pi');
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(p)) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m?.[1]) metadata[m[1]] = v;
    }
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: Number(p.amount),
      currency: p.currency ?? 'gbp',
      status: 'succeeded',
      client_secret: `${id}_secret_fake`,
      customer: p.customer ?? null,
      metadata,
      payment_method: method,
      setup_future_usage: p.setup_future_usage ?? null,
      transfer_data: p['transfer_data[destination]']
        ? { destination: p['transfer_data[destination]'] }
        : null,
      application_fee_amount: p.application_fee_amount ? Number(p.application_fee_amount) : null,
      next_action: null,
      last_payment_error: null,
      latest_charge: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    intents.set(id, intent);
    if (card.outcome === 'succeeded') {
      intent.latest_charge = nextId('ch');
      return { status: 200, body: view(intent) };
    }
    if (card.outcome === 'requires_action') {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: `https://hooks.stripe.test/3ds/${id}`,
          return_url: p.return_url ?? '',
        },
      };
      return { status: 200, body: view(intent) };
    }
    const decline =
      card.outcome === 'insufficient_funds' ? 'insufficient_funds' : 'generic_decline';
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: decline,
    };
    return {
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: decline,
          message: 'Your card was declined.',
          payment_intent: view(intent),
        },
      },
    };
  }

  function route(
    method: string,
    path: string,
    p: Record<string, string>,
  ): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(p);
    let m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && m?.[1]) {
      const intent = intents.get(m[1]);
      return intent
        ? { status: 200, body: view(intent) }
        : {
            status: 404,
            body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } },
          };
    }
    m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && m?.[1]) {
      const intent = intents.get(m[1]);
      if (!intent)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } },
        };
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'cannot cancel',
              payment_intent: view(intent),
            },
          },
        };
      }
      intent.status = 'canceled';
      intent.next_action = null;
      return { status: 200, body: view(intent) };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const id = nextId('re');
      refunds.push({ id, params: p });
      return {
        status: 200,
        body: {
          id,
          object: 'refund',
          amount: Number(p.amount),
          status: 'succeeded',
          payment_intent: p.payment_intent,
        },
      };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const id = nextId('tr');
      transfers.push({ id, params: p, idempotencyKey: null });
      return {
        status: 200,
        body: {
          id,
          object: 'transfer',
          amount: Number(p.amount),
          currency: p.currency ?? 'gbp',
          destination: p.destination,
          transfer_group: p.transfer_group ?? null,
        },
      };
    }
    m = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && m?.[1]) {
      deletedCustomers.push(m[1]);
      return { status: 200, body: { id: m[1], object: 'customer', deleted: true } };
    }
    if (method === 'POST' && path === '/v1/customers') {
      return {
        status: 200,
        body: { id: nextId('cus'), object: 'customer', email: p.email ?? null },
      };
    }
    m = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
    if (method === 'POST' && m?.[1])
      return { status: 200, body: { ...paymentMethod(m[1]), customer: null } };
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unknown ${method} ${path}` } },
    };
  }

  const idempotencyError = (key: string) => ({
    status: 400,
    body: {
      error: {
        type: 'idempotency_error',
        message:
          'Keys for idempotent requests can only be used with the same parameters they were first ' +
          `used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      },
    },
  });
  const keyInUse = {
    status: 409,
    body: {
      error: {
        type: 'idempotency_error',
        code: 'idempotency_key_in_use',
        message:
          'There is currently another in-progress request using this Idempotent Key (that probably ' +
          'means you submitted twice, and the other request is still going through).',
      },
    },
  };

  const failures: { method: string; path: string }[] = [];
  const apiError = {
    status: 500,
    body: { error: { type: 'api_error', message: 'An unknown error occurred' } },
  };

  async function answer(
    method: string,
    path: string,
    params: Record<string, string>,
    key: string | null,
  ) {
    const failure = failures.findIndex((f) => f.method === method && f.path === path);
    if (failure >= 0) {
      // Failed before it began: nothing done and nothing kept under the key, so a retry runs.
      failures.splice(failure, 1);
      return apiError;
    }
    if (!key) return route(method, path, params);
    const scoped = `${method} ${path} ${key}`;
    const fingerprint = JSON.stringify(Object.entries(params).sort());
    const earlier = answered.get(scoped);
    if (earlier) return earlier.params === fingerprint ? earlier : idempotencyError(key);
    if (inFlight.has(scoped)) return keyInUse;
    inFlight.add(scoped);
    try {
      const result = route(method, path, params);
      if (method === 'POST' && path === '/v1/transfers') {
        const last = transfers.at(-1);
        if (last) last.idempotencyKey = key;
      }
      answered.set(scoped, { params: fingerprint, ...result });
      return result;
    } finally {
      inFlight.delete(scoped);
    }
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const raw = request.method === 'GET' ? url.search.slice(1) : await read(request);
      const params = Object.fromEntries(new URLSearchParams(raw));
      const header = request.headers['idempotency-key'];
      const key = typeof header === 'string' ? header : null;
      const method = request.method ?? 'GET';
      requests.push({ method, path: url.pathname, params, idempotencyKey: key });
      const result = await answer(method, url.pathname, params, key);
      const stall = stalls.findIndex((s) => s.method === method && s.path === url.pathname);
      if (stall >= 0) {
        const [held] = stalls.splice(stall, 1);
        held?.arrived();
        await held?.held;
      }
      if (response.destroyed || response.socket?.destroyed) return;
      send(response, result.status, result.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    transfers,
    deletedCustomers,
    requests,
    stallNext(method, path) {
      let arrived!: () => void;
      let release!: () => void;
      const arrival = new Promise<void>((resolve) => (arrived = resolve));
      const held = new Promise<void>((resolve) => (release = resolve));
      stalls.push({ method, path, arrived, held });
      return { arrived: arrival, release };
    },
    failNext(method, path, count = 1) {
      for (let i = 0; i < count; i++) failures.push({ method, path });
    },
    authenticate(intentId, approve) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      intent.next_action = null;
      if (approve) {
        intent.status = 'succeeded';
        intent.latest_charge = nextId('ch');
      } else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          decline_code: '',
        };
      }
      return intent;
    },
    paymentMethod,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The settings that point the app's Stripe provider at a fake server. */
export const STRIPE_ENV = (url: string) => ({
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
  STRIPE_API_URL: url,
});
