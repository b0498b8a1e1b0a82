import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A routing engine as a test sees it: an HTTP server on 127.0.0.1 that answers OSRM's table
// service (HTTP API v1), `GET /table/v1/{profile}/{lon,lat;lon,lat;...}?sources=0;1&destinations=
// 2;3&annotations=duration`, with `{ code: 'Ok', durations: [[seconds, ...], ...] }`. Durations
// come from the straight-line distance at a speed per profile (tableSeconds), so a test can work
// out what it should be told. It records every request, and a test can make the next ones slow or
// fail in the ways a real server does.

export interface TableRequest {
  profile: string;
  /** [lon, lat] pairs, as in the URL. */
  coordinates: [number, number][];
  sources: number[];
  destinations: number[];
  annotations: string | null;
}

/** How the server answers one request instead of the normal answer. */
export type TableMisbehaviour =
  | { kind: 'status'; status: number }
  | { kind: 'delay'; ms: number }
  | { kind: 'code'; code: string }
  | { kind: 'null-durations' }
  | { kind: 'bad-json' };

export interface OsrmTableServer {
  /** The base URL, e.g. http://127.0.0.1:41234 (what TRAVEL_TIME_URL is set to). */
  baseUrl: string;
  /** Every table request received, in order, answered or not. */
  requests: TableRequest[];
  /** The next requests misbehave so, in turn; then answers are normal again. */
  misbehaveNext(...plans: TableMisbehaviour[]): void;
  close(): Promise<void>;
}

/** Straight-line speed per profile, in metres a second (no detours: tests need only a formula). */
const SPEEDS: Record<string, number> = { driving: 10, cycling: 4, foot: 1.25 };

/** What the server answers from one point to another, in seconds (haversine distance / speed). */
export function tableSeconds(profile: string, from: [number, number], to: [number, number]) {
  const speed = SPEEDS[profile];
  if (speed === undefined) throw new Error(`no such profile: ${profile}`);
  const rad = Math.PI / 180;
  const [lon1, lat1] = from;
  const [lon2, lat2] = to;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  const metres = 2 * 6_371_000 * Math.asin(Math.sqrt(h));
  return Math.round((metres / speed) * 10) / 10;
}

const ROUTE = /^\/table\/v1\/([a-z]+)\/([^/?]+)$/;

function parseRequest(url: URL): TableRequest | string {
  const match = ROUTE.exec(url.pathname);
  if (!match) return 'not a table request';
  const coordinates = decodeURIComponent(match[2]!)
    .split(';')
    .map((pair) => pair.split(',').map(Number));
  if (coordinates.some((c) => c.length !== 2 || c.some((n) => !Number.isFinite(n))))
    return 'bad coordinates';
  const indices = (name: string): number[] | string => {
    const value = url.searchParams.get(name);
    if (value === null || value === 'all') return coordinates.map((_, i) => i);
    const list = value.split(';').map(Number);
    return list.every((i) => Number.isInteger(i) && i >= 0 && i < coordinates.length)
      ? list
      : `bad ${name}`;
  };
  const sources = indices('sources');
  const destinations = indices('destinations');
  if (typeof sources === 'string') return sources;
  if (typeof destinations === 'string') return destinations;
  return {
    profile: match[1]!,
    coordinates: coordinates as [number, number][],
    sources,
    destinations,
    annotations: url.searchParams.get('annotations'),
  };
}

export async function startOsrmTableServer(): Promise<OsrmTableServer> {
  const requests: TableRequest[] = [];
  const plans: TableMisbehaviour[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((request, response) => {
    const send = (status: number, body: string) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    };
    const parsed = parseRequest(new URL(request.url ?? '/', 'http://osrm'));
    if (typeof parsed === 'string') {
      send(400, JSON.stringify({ code: 'InvalidQuery', message: parsed }));
      return;
    }
    requests.push(parsed);
    if (!(parsed.profile in SPEEDS)) {
      send(400, JSON.stringify({ code: 'InvalidOptions', message: 'no such profile' }));
      return;
    }
    const durations = parsed.sources.map((s) =>
      parsed.destinations.map((d) =>
        tableSeconds(parsed.profile, parsed.coordinates[s]!, parsed.coordinates[d]!),
      ),
    );
    const ok = () => send(200, JSON.stringify({ code: 'Ok', durations }));
    const plan = plans.shift();
    switch (plan?.kind) {
      case undefined:
        return ok();
      case 'status':
        return send(plan.status, JSON.stringify({ code: 'Error', message: 'as planned' }));
      case 'delay': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          ok();
        }, plan.ms);
        timers.add(timer);
        return;
      }
      case 'code':
        return send(200, JSON.stringify({ code: plan.code, message: 'as planned' }));
      case 'null-durations':
        return send(
          200,
          JSON.stringify({ code: 'Ok', durations: durations.map((row) => row.map(() => null)) }),
        );
      case 'bad-json':
        return send(200, '{"code":"Ok","durations":[[');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    misbehaveNext(...next) {
      plans.push(...next);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
