import { createReadStream } from 'node:fs';
import path from 'node:path';
import { AppError } from '@sitelift/shared/error-codes';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import { getOutboxDir } from '../../mail/mailer';
import {
  getOutboxMessage,
  isOutboxName,
  listOutboxMessages,
  type OutboxMessage,
} from '../../mail/outbox';

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Escapes text and turns its http(s) links into anchors. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1f2937}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
pre{white-space:pre-wrap;word-break:break-all;background:#f9fafb;padding:1rem;border-radius:.5rem}a{color:#4f46e5}
.muted{color:#6b7280;font-size:.9rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

function renderList(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (
        message,
      ) => `<tr><td class="muted">${escapeHtml(message.date)}</td><td>${escapeHtml(message.to)}</td>
<td><a href="/dev/outbox/${encodeURIComponent(message.name)}">${escapeHtml(message.subject)}</a></td>
<td>${message.links.map((link) => `<a href="${escapeHtml(link)}">open link</a>`).join('<br>')}</td></tr>`,
    )
    .join('');
  const table =
    messages.length === 0
      ? '<p>No messages yet. E-mails the server sends appear here while SMTP_URL is not set.</p>'
      : `<table><thead><tr><th>Date</th><th>To</th><th>Subject</th><th>Links</th></tr></thead><tbody>${rows}</tbody></table>`;
  return page(
    'Sitelift outbox',
    `<h1>Sitelift outbox</h1><p class="muted">Development only: e-mails written to DATA_DIR/outbox, newest first.</p>${table}`,
  );
}

function renderMessage(message: OutboxMessage): string {
  return page(
    message.subject,
    `<p><a href="/dev/outbox">← Outbox</a></p><h1>${escapeHtml(message.subject)}</h1>
<p><strong>To:</strong> ${escapeHtml(message.to)}<br><strong>Date:</strong> ${escapeHtml(message.date)}<br>
<a href="/dev/outbox/${encodeURIComponent(message.name)}/raw">Raw message (.eml)</a></p>
<h2>Links</h2><ul>${message.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>
<h2>Text</h2><pre>${linkify(message.text)}</pre>`,
  );
}

/**
 * The development outbox: GET /dev/outbox (HTML list), /dev/outbox/:name (one message), /dev/outbox/:name/raw
 * (the .eml) and GET /api/dev/outbox (JSON, used by the browser tests). Never registered in production.
 */
export async function registerDevOutboxRoutes(app: FastifyInstance, options: { dataDir: string }) {
  const { dataDir } = options;

  app.get('/api/dev/outbox', { schema: { hide: true } }, async () => listOutboxMessages(dataDir));

  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await listOutboxMessages(dataDir);
    return reply.type('text/html; charset=utf-8').send(renderList(messages));
  });

  app.get<{ Params: { name: string } }>(
    '/dev/outbox/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const message = await getOutboxMessage(dataDir, request.params.name);
      if (!message) throw new AppError('API_NOT_FOUND');
      return reply.type('text/html; charset=utf-8').send(renderMessage(message));
    },
  );

  app.get<{ Params: { name: string } }>(
    '/dev/outbox/:name/raw',
    { schema: { hide: true } },
    async (request, reply) => {
      const { name } = request.params;
      if (!isOutboxName(name) || !(await getOutboxMessage(dataDir, name)))
        throw new AppError('API_NOT_FOUND');
      return reply
        .type('message/rfc822')
        .header('content-disposition', contentDisposition(name))
        .send(createReadStream(path.join(getOutboxDir(dataDir), name)));
    },
  );
}
