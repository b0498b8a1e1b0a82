import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../app-context';
import { emailOutbox } from '../db/schema';
import { notFound } from '../http/problem';
import {
  attachmentDisposition,
  renderOutboxList,
  renderOutboxMessage,
  safeContentType,
  VIEWER_CSS,
  VIEWER_CSS_PATH,
  VIEWER_PATH,
  type ViewerSettings,
} from './dev-mail-pages';
import { withCompanyFooter } from './company-footer';
import { attachmentsOf } from './mail-worker';

// The development mail viewer (docs/decisions/0024): outside production, /dev/mail shows the
// outbox as the recipients would see it, so sign-in links, password resets and booking
// confirmations can be followed without a mail server. buildApp registers these routes only when
// config.devMailViewer is on, which production refuses; /dev/* is never the web app's, so there
// the path is the usual problem+json 404.

const LIST_LIMIT = 200;
const ID = /^[1-9][0-9]{0,14}$/;

function messageId(raw: string): number {
  if (!ID.test(raw)) throw notFound('No such message in the outbox.');
  return Number(raw);
}

function html(reply: FastifyReply, body: string) {
  // The pages show sign-in links: never kept by a browser cache or a proxy.
  return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);
}

export async function devMailRoutes(app: FastifyInstance, ctx: AppContext) {
  const settings: ViewerSettings = { smtpConfigured: ctx.config.smtpUrl !== null };
  const hide = { schema: { hide: true } };

  const load = async (id: number) => {
    const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!row) throw notFound('No such message in the outbox.');
    return row;
  };

  app.get(VIEWER_CSS_PATH, hide, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/css; charset=utf-8').send(VIEWER_CSS),
  );

  app.get<{ Querystring: { to?: string } }>(VIEWER_PATH, hide, async (request, reply) => {
    const raw = typeof request.query.to === 'string' ? request.query.to.trim() : '';
    const to = raw === '' ? null : raw.slice(0, 320);
    const rows = await ctx.db
      .select({
        id: emailOutbox.id,
        toAddress: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
        attachmentCount: sql<number>`case when jsonb_typeof(${emailOutbox.attachments}) = 'array'
          then jsonb_array_length(${emailOutbox.attachments}) else 0 end`.mapWith(Number),
      })
      .from(emailOutbox)
      // "Contains", so part of an address finds it (a name, a test run's suffix); strpos treats
      // what was typed as text, where LIKE would read % and _ in it as wildcards.
      .where(to ? sql`strpos(lower(${emailOutbox.toAddress}), lower(${to})) > 0` : undefined)
      .orderBy(desc(emailOutbox.id))
      .limit(LIST_LIMIT);
    return html(reply, renderOutboxList(rows, { ...settings, to, limit: LIST_LIMIT }));
  });

  app.get<{ Params: { id: string } }>(`${VIEWER_PATH}/:id`, hide, async (request, reply) => {
    const row = await load(messageId(request.params.id));
    // As it is (or will be) sent: with the company footer the mail worker adds.
    const bodies = withCompanyFooter(
      { text: row.textBody, html: row.htmlBody },
      ctx.config.company,
    );
    return html(
      reply,
      renderOutboxMessage(
        {
          id: row.id,
          from: ctx.config.mailFrom,
          toAddress: row.toAddress,
          subject: row.subject,
          textBody: bodies.text,
          htmlBody: bodies.html,
          status: row.status,
          error: row.error,
          createdAt: row.createdAt,
          sentAt: row.sentAt,
          attachments: attachmentsOf(row.attachments),
        },
        settings,
      ),
    );
  });

  app.get<{ Params: { id: string; index: string } }>(
    `${VIEWER_PATH}/:id/attachments/:index`,
    hide,
    async (request, reply) => {
      const row = await load(messageId(request.params.id));
      const index = /^[0-9]{1,3}$/.test(request.params.index) ? Number(request.params.index) : -1;
      const attachment = attachmentsOf(row.attachments)[index];
      if (!attachment) throw notFound('No such attachment on this message.');
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Type', safeContentType(attachment.contentType))
        .header('Content-Disposition', attachmentDisposition(attachment.filename))
        .send(attachment.content);
    },
  );
}
