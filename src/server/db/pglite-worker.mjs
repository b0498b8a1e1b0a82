// @ts-check
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';

/**
 * @typedef {import('node:net').Socket} Socket
 * @typedef {import('./embedded-postgres').PgliteWorkerInput} PgliteWorkerInput
 * @typedef {import('./embedded-postgres').PgliteWorkerMessage} PgliteWorkerMessage
 */

// The embedded database's own thread (started by embedded-postgres.ts). PGlite runs PostgreSQL
// compiled to WebAssembly: every query is synchronous work, which on the server's thread stopped
// every other request while it ran. Here it owns the PGlite instance and speaks the PostgreSQL
// wire protocol on a Unix socket in a private folder, so the server uses node-postgres exactly as
// it does with a real PostgreSQL, transactions included. PGlite has one session: the pool on the
// other side opens one connection, and this serves one connection at a time.
//
// JavaScript checked by the TypeScript compiler (// @ts-check, JSDoc types), not TypeScript:
// Node loads it in a new thread as it is, in about 70 ms, where a TypeScript file needs tsx's
// loader in the thread first, about 480 ms more for every database opened (decision 0076).

const SSL_REQUEST_CODE = 80_877_103;
const TERMINATE = 0x58; // 'X'

const input = /** @type {PgliteWorkerInput} */ (workerData);
const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');
/** @param {PgliteWorkerMessage} message */
const tell = (message) => port.postMessage(message);

/**
 * Feeds whole protocol messages to PGlite one at a time, in order (after an error PostgreSQL skips
 * to the next Sync, which PGlite only does message by message); a chunk from the socket may hold
 * several messages or part of one. The first message (startup) has no type byte.
 *
 * @param {PGlite} pglite
 * @param {Socket} socket
 * @returns {Promise<void>}
 */
function serve(pglite, socket) {
  /** @type {Buffer} */
  let buffered = Buffer.alloc(0);
  let started = false;
  let queue = Promise.resolve();
  /** @param {Buffer[]} messages */
  const run = (messages) => {
    queue = queue
      .then(async () => {
        /** @type {Uint8Array[]} */
        const answers = [];
        for (const message of messages) answers.push(await pglite.execProtocolRaw(message));
        const answer = Buffer.concat(answers);
        if (answer.length > 0 && socket.writable) socket.write(answer);
      })
      .catch((/** @type {unknown} */ error) => {
        socket.destroy(/** @type {Error} */ (error));
      });
  };
  socket.on('data', (/** @type {Buffer} */ chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    /** @type {Buffer[]} */
    const messages = [];
    let end = 0;
    for (;;) {
      const rest = buffered.length - end;
      const headerLength = started ? 5 : 8;
      if (rest < headerLength) break;
      const length = started ? buffered.readInt32BE(end + 1) + 1 : buffered.readInt32BE(end);
      if (rest < length) break;
      const message = Buffer.from(buffered.subarray(end, end + length));
      end += length;
      if (started && message[0] === TERMINATE) {
        socket.end();
        return;
      }
      // No TLS on a private Unix socket: answer "N" and wait for the real startup message.
      if (!started && message.readInt32BE(4) === SSL_REQUEST_CODE) {
        socket.write('N');
        continue;
      }
      started = true;
      messages.push(message);
    }
    buffered = buffered.subarray(end);
    if (messages.length > 0) run(messages);
  });
  socket.on('error', () => socket.destroy());
  socket.resume();
  // A connection that ends inside a transaction must not leave it open for the next one, nor any
  // other state of its session.
  return new Promise((resolve) =>
    socket.once('close', () => {
      queue = queue
        .then(async () => {
          if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
          // The next connection starts clean, as a new PostgreSQL backend would: above all without
          // this one's prepared statements, whose names it would reuse (db/query-rows.ts).
          await pglite.exec('DISCARD ALL');
        })
        .catch(() => undefined);
      void queue.then(resolve);
    }),
  );
}

/** @returns {Promise<void>} */
async function main() {
  if (input.dataDir) await mkdir(input.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(input.dataDir ? { dataDir: input.dataDir } : {}),
    extensions: { btree_gist },
  });
  // PGlite has one session, so connections take turns: one that arrives while another is open (the
  // pool replaces a connection after an error) waits, paused, until the other has closed.
  /** @type {Set<Socket>} */
  const open = new Set();
  /** @type {Promise<void>} */
  let turn = Promise.resolve();
  const server = createServer({ pauseOnConnect: true }, (socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    turn = turn.then(() => (socket.destroyed ? undefined : serve(pglite, socket)));
  });
  port?.on('message', (/** @type {unknown} */ message) => {
    if (message !== 'close') return;
    for (const socket of open) socket.destroy();
    server.close();
    void pglite.close().then(
      () => tell({ closed: true }),
      (/** @type {unknown} */ error) => tell({ error: /** @type {Error} */ (error).message }),
    );
  });
  server.on('error', (error) => tell({ error: error.message }));
  server.listen(input.socketPath, () => tell({ ready: true }));
}

main().catch((/** @type {unknown} */ error) =>
  tell({ error: /** @type {Error} */ (error).message }),
);
