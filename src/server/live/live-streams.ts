import type { LiveConfig } from '../config';
import type { LiveStream, StreamEnd } from './live-stream';

/**
 * The open streams of this instance, counted per customer and per client address so that
 * neither can hold an unbounded number of sockets, and all of them ended when the server stops.
 * The caps are per instance: behind a load balancer a client's streams may spread over several.
 */
export class LiveStreams {
  private readonly perCustomer = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();
  private readonly open = new Set<LiveStream>();
  private ending = false;

  constructor(
    private readonly limits: Pick<LiveConfig, 'streamsPerCustomer' | 'streamsPerAddress'>,
  ) {}

  /** The server is stopping: no new stream may start. */
  get closing(): boolean {
    return this.ending;
  }

  /** Takes a place for a new stream, or answers which cap it would pass. */
  admit(userId: string, address: string): 'customer' | 'address' | null {
    if ((this.perCustomer.get(userId) ?? 0) >= this.limits.streamsPerCustomer) return 'customer';
    if ((this.perAddress.get(address) ?? 0) >= this.limits.streamsPerAddress) return 'address';
    bump(this.perCustomer, userId, 1);
    bump(this.perAddress, address, 1);
    return null;
  }

  /** Gives back a place taken by admit(). */
  release(userId: string, address: string): void {
    bump(this.perCustomer, userId, -1);
    bump(this.perAddress, address, -1);
  }

  add(stream: LiveStream): void {
    this.open.add(stream);
  }

  delete(stream: LiveStream): void {
    this.open.delete(stream);
  }

  endAll(reason: StreamEnd): void {
    this.ending = true;
    for (const stream of [...this.open]) stream.end(reason);
  }
}

function bump(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
