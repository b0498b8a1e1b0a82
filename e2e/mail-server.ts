import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { E2E_MAIL_HTTP_PORT, E2E_SMTP_PORT } from './auth-env';

// A real SMTP server for the e2e run (started by playwright.config.ts), so the app sends its
// emails through nodemailer exactly as in production. It keeps what it receives in memory and
// answers GET /messages?to=<address> with them, newest first, for the tests to read links from.

interface StoredMail {
  to: string[];
  receivedAt: string;
  /** Subject and text with quoted-printable encoding undone, so links read as sent. */
  subject: string;
  text: string;
}

const messages: StoredMail[] = [];

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function headerValue(raw: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw);
  return match?.[1]?.trim() ?? '';
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      messages.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        receivedAt: new Date().toISOString(),
        subject: headerValue(raw, 'Subject'),
        text: decodeQuotedPrintable(raw),
      });
      callback();
    });
  },
});

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') {
    response.writeHead(200).end('ok');
    return;
  }
  if (url.pathname !== '/messages') {
    response.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const found = messages.filter((m) => !to || m.to.includes(to)).reverse();
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ messages: found }));
});

smtp.listen(E2E_SMTP_PORT, '127.0.0.1');
http.listen(E2E_MAIL_HTTP_PORT, '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    http.close();
    smtp.close(() => process.exit(0));
  });
}
