import pg from 'pg';

// LISTEN for the live channel (docs/decisions/0083). PostgreSQL delivers a NOTIFY only on commit,
// to every session listening on its channel, in commit order; a session that is not connected at
// that moment never hears it. So a listener says when it has (re)connected after a loss, and
// whoever listens catches up from the table the notifications announce.

export interface NotificationHandlers {
  /** One NOTIFY payload on the channel, in commit order. */
  onNotify(payload: string): void;
  /** Listening again after the connection was lost or first failed: some may have been missed. */
  onReconnect(): void;
  /** The connection failed or was lost; listening is retried on its own. */
  onError(error: Error): void;
}

export interface NotificationSubscription {
  close(): Promise<void>;
}

export type Listen = (
  channel: string,
  handlers: NotificationHandlers,
) => Promise<NotificationSubscription>;

const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

export interface ReconnectDelays {
  firstMs: number;
  maxMs: number;
}

const DELAYS: ReconnectDelays = { firstMs: 250, maxMs: 10_000 };

/**
 * PostgreSQL: a connection of its own, outside the pool, which would otherwise hand it to a query
 * and take it back, or close it when idle. Reconnects after a loss with a growing, jittered delay.
 * Resolves after the first attempt, failed or not: a database that is down at start is the same
 * as one that goes down later.
 */
export function listenOnOwnConnection(url: string, delays: ReconnectDelays = DELAYS): Listen {
  return async (channel, handlers) => {
    let current: pg.Client | null = null;
    let closed = false;
    let missed = false;
    let failures = 0;
    let timer: NodeJS.Timeout | null = null;
    const lost = new WeakSet<pg.Client>();

    const retry = (client: pg.Client, error: Error) => {
      if (lost.has(client)) return;
      lost.add(client);
      client.removeAllListeners('notification');
      // Ending a broken client may fail too: nothing more to learn from it.
      client.end().catch(() => undefined);
      if (current === client) current = null;
      if (closed) return;
      missed = true;
      handlers.onError(error);
      const ceiling = Math.min(delays.maxMs, delays.firstMs * 2 ** failures);
      failures++;
      timer = setTimeout(() => void connect(), ceiling / 2 + (Math.random() * ceiling) / 2);
      timer.unref();
    };

    const connect = async () => {
      timer = null;
      const client = new pg.Client({
        connectionString: url,
        keepAlive: true,
        application_name: 'live-channel',
      });
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined)
          handlers.onNotify(message.payload);
      });
      client.on('error', (error) => retry(client, error));
      client.on('end', () => retry(client, new Error('the listening connection ended')));
      try {
        await client.connect();
        await client.query(`LISTEN ${quoted(channel)}`);
      } catch (error) {
        retry(client, error as Error);
        return;
      }
      if (closed) {
        lost.add(client);
        await client.end().catch(() => undefined);
        return;
      }
      current = client;
      failures = 0;
      if (missed) {
        missed = false;
        handlers.onReconnect();
      }
    };

    await connect();
    return {
      close: async () => {
        closed = true;
        if (timer) clearTimeout(timer);
        const client = current;
        current = null;
        if (client) {
          lost.add(client);
          await client.end().catch(() => undefined);
        }
      },
    };
  };
}

/**
 * PGlite: one session, reached through the pool's one connection (client.ts), which every query
 * of this process uses. A NOTIFY committed by that session is delivered to that same session, in
 * the answer to the COMMIT (or to the statement, outside a transaction), so LISTEN is issued on
 * the pooled connection and its notifications are read from it. A connection the pool opens
 * later (after an error) is a new session, which listens as soon as it is made.
 */
export function listenOnPool(pool: pg.Pool): Listen {
  return async (channel, handlers) => {
    const listening = new Set<pg.PoolClient>();
    const onNotification = (message: pg.Notification) => {
      if (message.channel === channel && message.payload !== undefined)
        handlers.onNotify(message.payload);
    };
    const follow = (client: pg.PoolClient) => {
      if (listening.has(client)) return;
      listening.add(client);
      client.on('notification', onNotification);
      client.once('end', () => listening.delete(client));
    };
    // The pool queues this LISTEN before the query the connection was opened for.
    const onConnect = (client: pg.PoolClient) => {
      follow(client);
      client.query(`LISTEN ${quoted(channel)}`).then(
        () => handlers.onReconnect(),
        (error: unknown) => handlers.onError(error as Error),
      );
    };
    pool.on('connect', onConnect);
    const client = await pool.connect();
    try {
      follow(client);
      await client.query(`LISTEN ${quoted(channel)}`);
    } finally {
      client.release();
    }
    return {
      close: async () => {
        pool.off('connect', onConnect);
        for (const client of listening) client.off('notification', onNotification);
        listening.clear();
      },
    };
  };
}
