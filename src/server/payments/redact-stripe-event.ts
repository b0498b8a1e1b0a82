// A Stripe event as received carries the payer's name, email, phone, billing address, card
// fingerprint and more. Once the customer has deleted their account we keep only what ties the
// event to our booking and payment and what the accounts need (amounts, currency, status), chosen
// field by field: whatever Stripe adds to its events later is dropped, not kept by default.

const EVENT_FIELDS = ['id', 'object', 'type', 'api_version', 'created', 'livemode'] as const;
// The ids of money movements match our payment rows; a customer's or a card's id only pointed at
// the person, whose records at Stripe are deleted with the account.
const MONEY_OBJECTS = new Set(['payment_intent', 'charge', 'refund']);
const OBJECT_FIELDS = [
  'object',
  'status',
  'currency',
  'created',
  'amount',
  'amount_received',
  'amount_capturable',
  'amount_captured',
  'amount_refunded',
  'application_fee_amount',
  'captured',
  'paid',
  'refunded',
] as const;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A scalar as it was (ids, amounts, flags); anything nested is not on the list, so it goes. */
function pick(from: Json, fields: readonly string[]): Json {
  const out: Json = {};
  for (const field of fields) {
    const value = from[field];
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      out[field] = value;
    }
  }
  return out;
}

/** An id Stripe may send bare or expanded into its object. */
function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isObject(value) && typeof value.id === 'string') return value.id;
  return undefined;
}

export function redactStripeEvent(payload: unknown): Json {
  const event = isObject(payload) ? payload : {};
  const data = isObject(event.data) ? event.data : {};
  const source = isObject(data.object) ? data.object : {};
  const object = pick(source, OBJECT_FIELDS);
  if (typeof source.object === 'string' && MONEY_OBJECTS.has(source.object)) {
    const id = idOf(source);
    if (id) object.id = id;
  }
  const paymentIntent = idOf(source.payment_intent);
  if (paymentIntent) object.payment_intent = paymentIntent;
  // Our own ids, which say what was paid for and nothing about who paid.
  const metadata = isObject(source.metadata) ? source.metadata : {};
  const kept: Json = {};
  if (typeof metadata.bookingId === 'string') kept.bookingId = metadata.bookingId;
  if (typeof metadata.giftCardId === 'string') kept.giftCardId = metadata.giftCardId;
  if (Object.keys(kept).length > 0) object.metadata = kept;
  return { ...pick(event, EVENT_FIELDS), redacted: true, data: { object } };
}
