import * as z from 'zod/mini';

// The one shape of a push message, shared by the service worker (which reads the server's
// payload) and the page (which reads what the worker forwards). Anything else is ignored.
// zod/mini: the same checks for a fraction of the worker's download.

/**
 * A path on this site: "/account/appointments", never "//elsewhere.example" or a full URL, so a
 * message can only ever send the customer somewhere inside the app.
 */
const sameSitePath = z.string().check(
  z.maxLength(2000),
  z.refine((url) => url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\'), {
    message: 'must be a path on this site',
  }),
);

const title = z.string().check(z.minLength(1), z.maxLength(200));
const body = z.string().check(z.maxLength(1000));

/** What the server sends (decrypted by the browser): spec 7's push messages. */
export const pushPayloadSchema = z.object({
  title,
  body,
  url: sameSitePath,
  tag: z.string().check(z.minLength(1), z.maxLength(200)),
});

export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** What the worker posts to a visible page instead of a system notification. */
export const pushClientMessageSchema = z.object({
  type: z.literal('push'),
  title,
  body,
  url: sameSitePath,
});

export type PushClientMessage = z.infer<typeof pushClientMessageSchema>;

export function parsePushPayload(data: unknown): PushPayload | null {
  const parsed = pushPayloadSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export function parsePushClientMessage(data: unknown): PushClientMessage | null {
  const parsed = pushClientMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** The notification keeps the message's path in its data; a click reads it back, checked again. */
export function readNotificationUrl(data: unknown): string {
  const parsed = z.object({ url: sameSitePath }).safeParse(data);
  return parsed.success ? parsed.data.url : '/';
}
