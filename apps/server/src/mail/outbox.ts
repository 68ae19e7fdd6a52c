import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { getOutboxDir, type OutboxEntryMeta } from './mailer';

/** One message of the development outbox as /api/dev/outbox returns it. */
export interface OutboxMessage {
  name: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string;
  links: string[];
}

const OUTBOX_NAME = /^[A-Za-z0-9-]+\.eml$/;
const LINK = /https?:\/\/[^\s<>"']+/g;

/** True when `name` is a well-formed outbox file name (no path tricks). */
export function isOutboxName(name: string): boolean {
  return OUTBOX_NAME.test(name);
}

/** The links found in a message's plain-text body, in order, without duplicates. */
export function listLinks(text: string): string[] {
  return [...new Set(text.match(LINK) ?? [])];
}

async function readMessage(outboxDir: string, name: string): Promise<OutboxMessage | null> {
  try {
    const raw = await readFile(path.join(outboxDir, name.replace(/\.eml$/, '.json')), 'utf8');
    const meta = JSON.parse(raw) as OutboxEntryMeta;
    return { name, ...meta, links: listLinks(meta.text) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Every outbox message, newest first. */
export async function listOutboxMessages(dataDir: string): Promise<OutboxMessage[]> {
  const outboxDir = getOutboxDir(dataDir);
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter(isOutboxName);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const messages = await Promise.all(names.map((name) => readMessage(outboxDir, name)));
  return messages
    .filter((message): message is OutboxMessage => message !== null)
    .sort((a, b) =>
      a.date === b.date ? b.name.localeCompare(a.name) : b.date.localeCompare(a.date),
    );
}

/** One outbox message by file name, or null. */
export async function getOutboxMessage(
  dataDir: string,
  name: string,
): Promise<OutboxMessage | null> {
  if (!isOutboxName(name)) return null;
  return readMessage(getOutboxDir(dataDir), name);
}
