import type { Readable } from 'node:stream';
import { zipSync, type Zippable } from 'fflate';
import { ARTIFACT_NAMES, type ArtifactStore } from '../artifacts/artifact-store';
import { listCreditEntries } from '../db/credits.repository';
import type { AppDb } from '../db/database';
import { listProjectsForUser } from '../db/projects.repository';
import { getProfile } from '../services/get-profile';
import { toProjectJson } from '../services/project-json';
import { listAccountRecords } from '../db/account-export.repository';

/** The archive's name in the artifact store (under the export's id) and in the download. */
export const EXPORT_ARCHIVE_NAME = 'sitelift-export.zip';
/** How long a prepared archive can be downloaded. */
export const EXPORT_LIFETIME_MS = 7 * 24 * 3600 * 1000;
/** The format of account.json (raised when its shape changes). */
export const EXPORT_FORMAT_VERSION = 1;

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

/** A file-system-safe, readable file name for a project's zip: `my-site-1a2b3c4d.zip`. */
export function projectZipName(name: string, id: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60);
  return `${slug || 'project'}-${id.slice(0, 8)}.zip`;
}

/**
 * Builds the "Export my data" archive of a user: `account.json` (profile, projects with their report
 * summaries, full reports, credit history, purchases, connections without their secrets) and, under
 * `projects/`, the zip of every project that has one.
 */
export async function buildAccountExport(
  deps: { db: AppDb; artifacts: ArtifactStore },
  userId: string,
  now = new Date(),
): Promise<Uint8Array> {
  const { db, artifacts } = deps;
  const profile = await getProfile(db, userId);
  const projects = [];
  let cursor;
  do {
    const page = await listProjectsForUser(db, userId, { filter: 'all', limit: 100, cursor });
    projects.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const credits = [];
  let before: number | undefined;
  for (;;) {
    const page = await listCreditEntries(db, userId, 500, before);
    credits.push(...page);
    if (page.length < 500) break;
    before = page.at(-1)?.id;
  }
  const records = await listAccountRecords(db, userId);
  const files: Zippable = {};
  const reports: Record<string, unknown> = {};
  const projectEntries = [];
  for (const project of projects) {
    const report = await artifacts.open(project.id, ARTIFACT_NAMES.report);
    if (report) {
      const text = Buffer.from(await readAll(report.stream)).toString('utf8');
      try {
        reports[project.id] = JSON.parse(text) as unknown;
      } catch {
        reports[project.id] = text;
      }
    }
    const zip = await artifacts.open(project.id, ARTIFACT_NAMES.zip);
    let zipFile: string | null = null;
    if (zip) {
      zipFile = `projects/${projectZipName(project.name, project.id)}`;
      // Zips are compressed already: stored as they are.
      files[zipFile] = [await readAll(zip.stream), { level: 0 }];
    }
    projectEntries.push({ ...toProjectJson(project), zip_file: zipFile });
  }
  const account = {
    format_version: EXPORT_FORMAT_VERSION,
    exported_at: now.toISOString(),
    profile,
    projects: projectEntries,
    reports,
    credit_history: credits,
    ...records,
  };
  files['account.json'] = new TextEncoder().encode(`${JSON.stringify(account, null, 2)}\n`);
  files['README.txt'] = new TextEncoder().encode(
    [
      'Your Sitelift data',
      '',
      'account.json  your profile, projects, reports, credit history, purchases and connections',
      'projects/     the zip of every project that has one',
      '',
      'Secrets (passwords, access tokens, API keys, two-factor keys) are never exported.',
      '',
    ].join('\n'),
  );
  return zipSync(files, { level: 6 });
}
