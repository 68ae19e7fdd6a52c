import { describe, expect, it } from 'vitest';
import { buildQueryClient } from '../../../lib/query-client';
import type { InfiniteData } from '../../../lib/query-client';
import type { Project, ProjectListResponse as ProjectPage } from '@sitelift/shared/schemas/project';
import { createMockProject } from '../../../testing/mocks/db';
import { applyProjectChange, parseProjectChange } from './apply-project-event';

const COUNTS = { total: 0, completed: 0, in_progress: 0 };

const project = (id: string, overrides: Partial<Project> = {}): Project =>
  createMockProject({
    id,
    name: `Site ${id}`,
    source_url: `https://${id}.example.com`,
    status: 'queued',
    job_id: null,
    job_status: null,
    generated_code_url: null,
    created_at: '2026-11-21T08:00:00.000Z',
    ...overrides,
  });

describe('project events', () => {
  it("reads the server's `event: project` messages and ignores the rest", () => {
    const inserted = project('a');
    expect(
      parseProjectChange({
        event: 'project',
        data: JSON.stringify({ type: 'INSERT', project: inserted }),
      }),
    ).toEqual({ kind: 'insert', project: inserted });
    expect(
      parseProjectChange({
        event: 'project',
        data: JSON.stringify({ type: 'UPDATE', project: inserted }),
      }),
    ).toEqual({ kind: 'update', project: inserted });
    expect(
      parseProjectChange({
        event: 'project',
        data: JSON.stringify({ type: 'DELETE', project: { id: 'a' } }),
      }),
    ).toEqual({ kind: 'delete', id: 'a' });
    expect(parseProjectChange({ event: 'ready', data: '{}' })).toBeNull();
    expect(
      parseProjectChange({ event: 'job', data: JSON.stringify({ id: 'j', status: 'RUNNING' }) }),
    ).toBeNull();
    expect(parseProjectChange({ event: 'project', data: 'not json' })).toBeNull();
  });

  it('inserts only into the lists whose filter and search it matches', () => {
    const queryClient = buildQueryClient();
    const page = (items: Project[]): InfiniteData<ProjectPage> => ({
      pages: [{ items, total: items.length, nextCursor: null, counts: COUNTS }],
      pageParams: [null],
    });
    queryClient.setQueryData(['projects', 'list', 'all', ''], page([project('old')]));
    queryClient.setQueryData(['projects', 'list', 'completed', ''], page([]));
    queryClient.setQueryData(['projects', 'list', 'all', 'bakery'], page([]));
    applyProjectChange(queryClient, { kind: 'insert', project: project('new') });
    const read = (key: unknown[]) =>
      queryClient.getQueryData<InfiniteData<ProjectPage>>(key)!.pages[0]!;
    expect(read(['projects', 'list', 'all', '']).items.map((p) => p.id)).toEqual(['new', 'old']);
    expect(read(['projects', 'list', 'all', '']).total).toBe(2);
    expect(read(['projects', 'list', 'completed', '']).items).toEqual([]);
    expect(read(['projects', 'list', 'all', 'bakery']).items).toEqual([]);

    applyProjectChange(queryClient, { kind: 'delete', id: 'old' });
    expect(read(['projects', 'list', 'all', '']).items.map((p) => p.id)).toEqual(['new']);
    expect(read(['projects', 'list', 'all', '']).total).toBe(1);
  });
});
