import * as z from 'zod/mini';

// What a push carries, end to end: the server writes it to the push outbox, the browser decrypts
// it, the service worker shows it or forwards it to a visible page. One schema for all three.
// zod/mini, not zod: the service worker imports it, and every kilobyte there is downloaded.

/**
 * A path on this site: "/account/appointments", never "//elsewhere.example" or a full URL, so a
 * message can only ever send the customer somewhere inside the app.
 */
export const sameSitePath = z.string().check(
  z.maxLength(2000),
  z.refine((url) => url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\'), {
    message: 'must be a path on this site',
  }),
);

const title = z.string().check(z.minLength(1), z.maxLength(200));
const body = z.string().check(z.maxLength(1000));

/** What the server sends, as docs/product.md#push-messages-and-reminders describes it. */
export const pushPayloadSchema = z.object({
  title,
  body,
  url: sameSitePath,
  tag: z.string().check(z.minLength(1), z.maxLength(200)),
});

export type PushPayload = z.infer<typeof pushPayloadSchema>;
