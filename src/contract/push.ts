import { z } from 'zod';

// Web Push (docs/product.md#push-messages-and-reminders). A browser's subscription stands for one
// device; the server keeps one per device and pushes booking news and reminders to every device of
// the customer.

/** base64url of so many bytes, padded or not, as PushSubscription.toJSON() gives keys. */
const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(
      new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}=*$`),
      `${what} must be ${bytes} bytes, base64url`,
    );

export const pushPublicKeySchema = z.object({
  publicKey: z.string().describe("The server's VAPID public key (base64url): applicationServerKey"),
});

/** PushSubscription.toJSON(), as the browser gives it. */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ message: 'must be the push service URL' }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64url(65, 'p256dh').describe("The device's P-256 public key"),
    auth: base64url(16, 'auth').describe("The device's authentication secret"),
  }),
});

export const pushSubscriptionSaved = z.object({
  id: z.uuid(),
  devices: z.number().int().min(1).describe('How many devices of this account now get pushes'),
});

export const removePushSubscriptionBody = z.object({
  endpoint: z.url({ message: 'must be the push service URL' }).max(2048),
});

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionBody>;
