import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

/** Subject and bodies of one e-mail. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** One e-mail to send. */
export interface MailMessage extends MailContent {
  to: string;
}

/** Sends e-mail without making the caller wait (so answers do not reveal whether a message was sent). */
export interface Mailer {
  kind: 'smtp' | 'outbox';
  /** Queues a message; failures are logged, never thrown to the caller. */
  enqueue(message: MailMessage): void;
  /** Sends a message and waits for the result. */
  send(message: MailMessage): Promise<void>;
  /** Resolves when every queued message has been handled. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Folder under DATA_DIR where messages are written when no SMTP server is configured. */
export function getOutboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** Metadata written beside each .eml file so the dev outbox can list it without parsing MIME. */
export interface OutboxEntryMeta {
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string;
}

/**
 * Builds the mailer: SMTP through nodemailer when `smtpUrl` is set, otherwise an outbox that writes each
 * message as an .eml file (nodemailer's stream transport renders the raw message) in DATA_DIR/outbox.
 */
export function buildMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: Logger;
}): Mailer {
  const { logger } = options;
  const pending = new Set<Promise<void>>();
  let deliver: (message: MailMessage, date: Date) => Promise<void>;
  let closeTransport: () => void;

  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    deliver = async (message, date) => {
      await transport.sendMail({ from: options.from, date, ...message });
    };
    closeTransport = () => transport.close();
  } else {
    const outboxDir = getOutboxDir(options.dataDir);
    let sequence = 0;
    const transport = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    });
    deliver = async (message, date) => {
      const info = await transport.sendMail({ from: options.from, date, ...message });
      await mkdir(outboxDir, { recursive: true });
      sequence += 1;
      // Time, then a per-process sequence (orders messages of the same millisecond), then randomness.
      const name = `${date.toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
      const meta: OutboxEntryMeta = {
        to: message.to,
        subject: message.subject,
        date: date.toISOString(),
        text: message.text,
        html: message.html,
      };
      await writeFile(path.join(outboxDir, `${name}.json`), JSON.stringify(meta, null, 2));
      await writeFile(path.join(outboxDir, `${name}.eml`), info.message as Buffer);
    };
    closeTransport = () => transport.close();
  }

  // The date is taken when a message is handed over, so the outbox lists messages in the order the
  // server produced them even when a later one is written first.
  const send = async (message: MailMessage, date = new Date()) => {
    await deliver(message, date);
    logger.info({ mail: { subject: message.subject } }, 'e-mail sent');
  };

  return {
    kind: options.smtpUrl ? 'smtp' : 'outbox',
    send,
    enqueue(message) {
      const task = send(message)
        .catch((error: unknown) => {
          logger.error(
            { err: error, mail: { subject: message.subject } },
            'e-mail could not be sent',
          );
        })
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      while (pending.size > 0) await Promise.all([...pending]);
      closeTransport();
    },
  };
}
