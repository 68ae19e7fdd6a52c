import { DOWNLOAD_MESSAGES } from '@sitelift/shared/messages';
import { toApiUrl } from '../../../lib/api-client';

/** The file name of a download (spec §9: '{project name or project}.zip'). */
export function toDownloadFileName(name: string | null | undefined): string {
  const base = (name ?? '').trim().replace(/[\\/:*?"<>|]+/g, '-');
  return `${base || 'project'}.zip`;
}

function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      return null;
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? null;
}

/**
 * A download the server answered with an error (not a connection that broke off): `reason` is the
 * server's message or status text.
 */
export class DownloadServerError extends Error {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
    this.name = 'DownloadServerError';
  }
}

/**
 * Downloads the project's zip and hands it to the browser as a file (spec §8 Functions and
 * downloads). Rejects with the spec's messages; a server's error answer as a DownloadServerError.
 */
export async function downloadProject(project: { id: string; name: string }): Promise<void> {
  const response = await fetch(
    toApiUrl(`/api/projects/${encodeURIComponent(project.id)}/download`),
    { credentials: 'include' },
  );
  if (response.status === 401) throw new Error(DOWNLOAD_MESSAGES.authRequired);
  if (!response.ok) {
    let reason: string;
    try {
      const body = (await response.json()) as { error?: { message?: string }; message?: string };
      reason = body.error?.message ?? body.message ?? response.statusText;
    } catch {
      reason = DOWNLOAD_MESSAGES.unparseable;
    }
    reason ||= String(response.status);
    throw new DownloadServerError(DOWNLOAD_MESSAGES.failed(reason), reason);
  }
  const blob = await response.blob();
  const fileName =
    fileNameFromDisposition(response.headers.get('Content-Disposition')) ??
    toDownloadFileName(project.name);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
