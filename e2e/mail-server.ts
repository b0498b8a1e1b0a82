import { createServer } from 'node:http';
import { startTestSmtpServer } from '../src/test-support/test-smtp-server';
import { E2E_MAIL_HTTP_PORT, E2E_SMTP_PORT } from './auth-env';

// A real SMTP server for the e2e run (started by playwright.config.ts), so the app sends its
// emails through nodemailer exactly as in production. It keeps what it receives in memory and
// answers GET /messages?to=<address> with them, newest first, for the tests to read links from.

function headerValue(raw: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw);
  return match?.[1]?.trim() ?? '';
}

const smtp = await startTestSmtpServer(E2E_SMTP_PORT);

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
  const found = smtp.messages
    .filter((m) => !to || m.to.includes(to))
    .map((m) => ({ to: m.to, subject: headerValue(m.raw, 'Subject'), text: m.decoded }))
    .reverse();
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ messages: found }));
});

http.listen(E2E_MAIL_HTTP_PORT, '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    http.close();
    void smtp.close().then(() => process.exit(0));
  });
}
