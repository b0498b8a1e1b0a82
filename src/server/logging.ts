import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { AppConfig } from './config';

// How the server writes its log (docs/decisions/0025). In a terminal, short human lines
// (pino-pretty); otherwise — piped, in a container, under a process manager — one JSON object per
// line for a log collector. LOG_FORMAT overrides the guess either way.

export type LogFormat = 'json' | 'pretty';

export function logFormatFor(config: Pick<AppConfig, 'logFormat'>, isTty: boolean): LogFormat {
  if (config.logFormat === 'auto') return isTty ? 'pretty' : 'json';
  return config.logFormat;
}

export function createLogger(config: Pick<AppConfig, 'logLevel'>, format: LogFormat): Logger {
  if (format === 'json') return pino({ level: config.logLevel });
  return pino(
    { level: config.logLevel },
    pretty({
      translateTime: 'SYS:HH:MM:ss',
      // The request line's message already says method, URL, status and time.
      ignore: 'pid,hostname,reqId,req,res,responseTime,signal',
      // In the main thread and synchronous, so log lines and the plain lines main.ts writes to
      // the terminal (the ready banner) come out in the order they were made.
      sync: true,
    }),
  );
}

export interface ReadyDetails {
  /** The address to open in a browser. */
  url: string;
  env: AppConfig['env'];
  database: string;
  /** Where the mail viewer is, when it is on. */
  mailViewerUrl: string | null;
  /** What happened while starting (demo data loaded, windows added…), for the lines below. */
  notes: string[];
}

const BRAND_NAME = 'Glow at Home';

/** The first thing `npm start` prints in a terminal: where to go, then a few facts. */
export function readyBanner(details: ReadyDetails): string {
  const lines = [
    `${BRAND_NAME} is ready: ${details.url}`,
    `  ${details.env}, ${details.database}`,
    ...(details.mailViewerUrl ? [`  Emails it sends: ${details.mailViewerUrl}`] : []),
    ...details.notes.map((note) => `  ${note}`),
    '  Stop with Ctrl-C.',
  ];
  return `\n${lines.join('\n')}\n\n`;
}

/**
 * The address a person opens: PUBLIC_URL when it was set, else localhost on the port actually
 * bound (PORT=0 picks one).
 */
export function addressToOpen(config: Pick<AppConfig, 'publicUrl' | 'port'>, port: number) {
  return config.publicUrl === `http://localhost:${config.port}`
    ? `http://localhost:${port}`
    : config.publicUrl;
}
