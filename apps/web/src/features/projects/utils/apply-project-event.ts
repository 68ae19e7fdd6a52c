import type { InfiniteData, QueryClient } from '../../../lib/query-client';
import type { StreamEvent } from '../../../lib/event-stream';
import { PROJECTS_QUERY_KEY } from '../api/get-projects';
import type { ProjectStatusFilter } from '../api/get-projects';
import { projectSchema } from '@sitelift/shared/schemas/project';
import type { Project, ProjectListResponse as ProjectPage } from '@sitelift/shared/schemas/project';
import { matchesStatusFilter } from './project-status';

/** A change to one of the user's projects, read from `/api/events`. */
export type ProjectChange =
  | { kind: 'insert'; project: Project }
  | { kind: 'update'; project: Project }
  | { kind: 'delete'; id: string };

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

function toKind(name: string): ProjectChange['kind'] | null {
  const key = name.toLowerCase();
  if (/insert|create/.test(key)) return 'insert';
  if (/update|change/.test(key)) return 'update';
  if (/delete|remove/.test(key)) return 'delete';
  return null;
}

/**
 * Reads a project event: `event: project.insert|project.update|project.delete` with the project
 * (or `{ project }`, `{ new }`) as JSON data; a `message` event may name its type in the data.
 */
export function parseProjectChange(event: StreamEvent): ProjectChange | null {
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return null;
  }
  const record = asRecord(data);
  if (!record) return null;
  const typeName =
    event.event === 'message'
      ? String(record.type ?? record.event ?? '')
      : `${event.event} ${String(record.type ?? '')}`;
  if (!/project/i.test(typeName) && event.event !== 'message') return null;
  const kind = toKind(typeName);
  if (!kind) return null;
  const payload =
    asRecord(record.project) ?? asRecord(record.new) ?? asRecord(record.record) ?? record;
  if (kind === 'delete') {
    const old = asRecord(record.old);
    const id = payload.id ?? old?.id ?? record.projectId ?? record.project_id;
    return typeof id === 'string' ? { kind, id } : null;
  }
  const parsed = projectSchema.safeParse(payload);
  return parsed.success ? { kind, project: parsed.data } : null;
}

function matchesSearch(project: Project, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return (
    project.name.toLowerCase().includes(needle) || project.source_url.toLowerCase().includes(needle)
  );
}

/**
 * Applies a project change to every cached list (spec §4): inserts go to the top of the lists they
 * match, updates merge into the matching item, deletes remove it. Totals follow; the caller
 * refetches later for exact stat-card counts.
 */
export function applyProjectChange(queryClient: QueryClient, change: ProjectChange): void {
  const lists = queryClient.getQueriesData<InfiniteData<ProjectPage>>({
    queryKey: [...PROJECTS_QUERY_KEY, 'list'],
  });
  for (const [key, data] of lists) {
    if (!data) continue;
    const status = key[2] as ProjectStatusFilter;
    const search = String(key[3] ?? '');
    const contains = (id: string) =>
      data.pages.some((page) => page.items.some((item) => item.id === id));
    let pages = data.pages;
    let delta = 0;
    if (change.kind === 'insert') {
      if (contains(change.project.id)) {
        pages = pages.map((page) => ({
          ...page,
          items: page.items.map((item) => (item.id === change.project.id ? change.project : item)),
        }));
      } else if (
        matchesStatusFilter(change.project.status, status) &&
        matchesSearch(change.project, search)
      ) {
        pages = pages.map((page, index) =>
          index === 0 ? { ...page, items: [change.project, ...page.items] } : page,
        );
        delta = 1;
      }
    } else if (change.kind === 'update') {
      pages = pages.map((page) => ({
        ...page,
        items: page.items.map((item) =>
          item.id === change.project.id ? { ...item, ...change.project } : item,
        ),
      }));
    } else if (contains(change.id)) {
      pages = pages.map((page) => ({
        ...page,
        items: page.items.filter((item) => item.id !== change.id),
      }));
      delta = -1;
    }
    if (pages === data.pages) continue;
    queryClient.setQueryData<InfiniteData<ProjectPage>>(key, {
      ...data,
      pages: pages.map((page) => ({ ...page, total: Math.max(0, page.total + delta) })),
    });
  }
  if (change.kind !== 'delete') {
    queryClient.setQueryData([...PROJECTS_QUERY_KEY, 'detail', change.project.id], change.project);
  }
}
