import type { MailAttachment } from './mailer';
import { escapeHtml } from './escape-html';

// The HTML of the development mail viewer (/dev/mail): plain server-rendered pages, no script, so
// they work under the app's Content-Security-Policy as it is. Every value from the outbox is
// escaped; a message's own HTML is shown only inside a sandboxed iframe (no scripts, no same
// origin, no forms), where it cannot touch the viewer or the app.

export const VIEWER_PATH = '/dev/mail';
export const VIEWER_CSS_PATH = `${VIEWER_PATH}/viewer.css`;

export interface OutboxListItem {
  id: number;
  toAddress: string;
  subject: string;
  status: string;
  createdAt: Date;
  attachmentCount: number;
}

export interface OutboxMessageView {
  id: number;
  from: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  status: string;
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
  attachments: MailAttachment[];
}

export interface ViewerSettings {
  /** Whether a mail worker sends the outbox (SMTP_URL is set), or messages only wait here. */
  smtpConfigured: boolean;
}

// http(s) only: a javascript: or data: "link" in a text part stays text.
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/**
 * Plain text as HTML with its web links clickable (opening in a new tab). Trailing punctuation
 * that ends a sentence ("…at https://x.example/a.") is left out of the link.
 */
export function linkifyText(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const start = match.index;
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    html += escapeHtml(text.slice(last, start));
    html += `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

const when = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

function time(date: Date): string {
  return `<time datetime="${date.toISOString()}">${escapeHtml(when.format(date))}</time>`;
}

function page(title: string, header: string, main: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Mail outbox (development)</title>
<link rel="stylesheet" href="${VIEWER_CSS_PATH}">
</head>
<body>
<header>
<p class="banner">Development only: this page does not exist in production.</p>
${header}
</header>
<main>
${main}
</main>
</body>
</html>
`;
}

function statusText(
  m: Pick<OutboxMessageView, 'status' | 'sentAt' | 'error'>,
  s: ViewerSettings,
): string {
  if (m.status === 'sent') return m.sentAt ? `sent ${time(m.sentAt)}` : 'sent';
  if (m.status === 'failed') return `failed${m.error ? `: ${escapeHtml(m.error)}` : ''}`;
  if (!s.smtpConfigured) return 'not sent (no SMTP_URL)';
  return m.error ? `waiting to retry: ${escapeHtml(m.error)}` : 'waiting to be sent';
}

const STATUS_CLASS: Record<string, string> = { sent: 'sent', failed: 'failed' };

function statusBadge(m: OutboxListItem, s: ViewerSettings): string {
  const label = m.status === 'pending' && !s.smtpConfigured ? 'not sent' : m.status;
  return `<span class="status ${STATUS_CLASS[m.status] ?? 'pending'}">${escapeHtml(label)}</span>`;
}

function intro(s: ViewerSettings): string {
  return s.smtpConfigured
    ? 'Every email the app has queued, newest first. SMTP_URL is set, so they are also sent.'
    : 'Every email the app has queued, newest first. SMTP_URL is not set, so nothing is sent: read sign-in links, password resets and booking confirmations here.';
}

/** The filter in words: any part of the address matches, so the page says so. */
function toWords(to: string | null): string {
  return to ? ` to an address containing “${escapeHtml(to)}”` : '';
}

export function renderOutboxList(
  messages: OutboxListItem[],
  options: ViewerSettings & { to: string | null; limit: number },
): string {
  const filter = options.to ? `?to=${encodeURIComponent(options.to)}` : '';
  const rows = messages
    .map(
      (m) => `<tr>
<td>${time(m.createdAt)}</td>
<td>${escapeHtml(m.toAddress)}</td>
<td><a href="${VIEWER_PATH}/${m.id}">${escapeHtml(m.subject) || '(no subject)'}</a>${
        m.attachmentCount > 0
          ? ` <span class="note">(${m.attachmentCount} attachment${m.attachmentCount === 1 ? '' : 's'})</span>`
          : ''
      }</td>
<td>${statusBadge(m, options)}</td>
</tr>`,
    )
    .join('\n');
  const table =
    messages.length === 0
      ? `<p class="empty">No messages${toWords(options.to)} yet. Ask for a sign-in link or a password reset, or book an appointment, then refresh.</p>`
      : `<table>
<caption>${messages.length === options.limit ? `The newest ${options.limit}` : `${messages.length} message${messages.length === 1 ? '' : 's'}`}${toWords(options.to)}</caption>
<thead><tr><th scope="col">Queued</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Status</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return page(
    'Mail outbox',
    `<h1>Mail outbox</h1>
<p>${escapeHtml(intro(options))}</p>
<nav><a href="${VIEWER_PATH}${filter}">Refresh</a> <a href="/">Open the app</a></nav>
<form method="get" action="${VIEWER_PATH}">
<label for="to">Recipient contains</label>
<input id="to" name="to" type="text" autocomplete="off" spellcheck="false" value="${escapeHtml(options.to ?? '')}">
<button type="submit">Show</button>${options.to ? ` <a href="${VIEWER_PATH}">Show all</a>` : ''}
</form>`,
    table,
  );
}

const BASE = '<base target="_blank">';

/**
 * The mail's HTML as a document of its own, for a sandboxed iframe's srcdoc: a complete document
 * (every template's) as it is, so the frame shows its language, title and headings as a mail
 * client would; a fragment inside a plain one.
 */
export function frameDocument(html: string): string {
  // <base target> makes every link open in a new tab: the sandbox lets only popups out, and
  // allow-popups-to-escape-sandbox gives that tab a normal origin, so a sign-in link works there.
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head && /^\s*(<!doctype html>\s*)?<html[\s>]/i.test(html)) {
    const at = head.index + head[0].length;
    return html.slice(0, at) + BASE + html.slice(at);
  }
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Email</title>${BASE}</head><body>${html}</body></html>`;
}

function formatBytes(text: string): string {
  const bytes = Buffer.byteLength(text, 'utf8');
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}

export function attachmentHref(messageId: number, index: number): string {
  return `${VIEWER_PATH}/${messageId}/attachments/${index}`;
}

export function renderOutboxMessage(m: OutboxMessageView, s: ViewerSettings): string {
  const attachments =
    m.attachments.length === 0
      ? ''
      : `<section aria-labelledby="attachments">
<h2 id="attachments">Attachments</h2>
<ul>
${m.attachments
  .map(
    (a, i) =>
      `<li><a href="${attachmentHref(m.id, i)}" download="${escapeHtml(a.filename)}">${escapeHtml(a.filename)}</a> <span class="note">${escapeHtml(a.contentType.split(';')[0] ?? '')}, ${formatBytes(a.content)}</span></li>`,
  )
  .join('\n')}
</ul>
</section>`;
  const html = m.htmlBody
    ? `<section aria-labelledby="as-seen">
<h2 id="as-seen">As the recipient sees it</h2>
<iframe title="The email's HTML" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${escapeHtml(frameDocument(m.htmlBody))}"></iframe>
</section>`
    : '';
  return page(
    m.subject || '(no subject)',
    `<nav><a href="${VIEWER_PATH}">All messages</a> <a href="${VIEWER_PATH}/${m.id}">Refresh</a></nav>
<h1>${escapeHtml(m.subject) || '(no subject)'}</h1>
<dl>
<dt>From</dt><dd>${escapeHtml(m.from)}</dd>
<dt>To</dt><dd>${escapeHtml(m.toAddress)}</dd>
<dt>Queued</dt><dd>${time(m.createdAt)}</dd>
<dt>Status</dt><dd>${statusText(m, s)}</dd>
</dl>`,
    `${html}
<section aria-labelledby="plain-text">
<h2 id="plain-text">${m.htmlBody ? 'Plain-text version' : 'Message'}</h2>
<pre>${linkifyText(m.textBody)}</pre>
</section>
${attachments}`,
  );
}

// A type and parameters as a header value may carry them; anything else is served as bytes.
const SAFE_CONTENT_TYPE =
  /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;\s*[a-z0-9!#$&^_.+-]+=("[^"\\\r\n]*"|[a-z0-9!#$&^_.+-]+))*$/i;

export function safeContentType(contentType: string): string {
  return SAFE_CONTENT_TYPE.test(contentType) ? contentType : 'application/octet-stream';
}

/** RFC 6266: an ASCII fallback name plus the exact name in RFC 5987 encoding. */
export function attachmentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_').trim() || 'attachment';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export const VIEWER_CSS = `:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f1a24; background: #faf7fb; }
body { margin: 0 auto; max-width: 60rem; padding: 1rem 1.25rem 3rem; line-height: 1.5; }
.banner { margin: 0 0 1rem; padding: 0.4rem 0.75rem; border-radius: 0.5rem; background: #fff4d6; color: #5c4300; font-size: 0.875rem; }
h1 { font-size: 1.5rem; margin: 0.5rem 0; }
h2 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; }
a { color: #7a2e8e; }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #7a2e8e; outline-offset: 2px; }
nav { display: flex; gap: 1rem; margin: 0.5rem 0; }
form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.75rem 0; }
input { font: inherit; padding: 0.3rem 0.5rem; border: 1px solid #8a7f90; border-radius: 0.375rem; min-width: 16rem; }
button { font: inherit; padding: 0.3rem 0.9rem; border: 0; border-radius: 0.375rem; background: #7a2e8e; color: #fff; cursor: pointer; }
table { width: 100%; border-collapse: collapse; background: #fff; }
caption { text-align: left; padding: 0.5rem 0; color: #5a5260; }
th, td { text-align: left; padding: 0.5rem; border-bottom: 1px solid #e6dfe9; vertical-align: top; }
td { overflow-wrap: anywhere; }
td:first-child { white-space: nowrap; }
@media (max-width: 40rem) {
  table, caption, tbody, tr, td { display: block; }
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  tr { padding: 0.5rem 0; border-bottom: 1px solid #e6dfe9; }
  td { padding: 0.1rem 0.5rem; border: 0; }
  input { min-width: 0; flex: 1; }
  form label { flex-basis: 100%; }
}
.note { color: #5a5260; font-size: 0.875rem; }
.status { display: inline-block; padding: 0 0.5rem; border-radius: 999px; font-size: 0.8rem; background: #eee8f0; }
.status.sent { background: #dcf5e7; color: #14532d; }
.status.failed { background: #fde2e2; color: #7f1d1d; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0.75rem 0; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
iframe { width: 100%; height: 40rem; border: 1px solid #e6dfe9; border-radius: 0.5rem; background: #fff; resize: vertical; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid #e6dfe9; border-radius: 0.5rem; padding: 1rem; font-size: 0.875rem; }
.empty { padding: 1rem; background: #fff; border-radius: 0.5rem; }
`;
