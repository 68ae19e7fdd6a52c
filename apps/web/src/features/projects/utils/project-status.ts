/** Status labels of spec §4 Project status (matched case-insensitively). */
const STATUS_LABELS = {
  completed: 'Completed',
  pending: 'Pending',
  'in-progress': 'In Progress',
  processing: 'Processing',
  generating: 'Generating',
  failed: 'Failed',
  queued: 'QUEUED',
} as const;

/** A known project status. */
export type ProjectStatus = keyof typeof STATUS_LABELS;

/** The status normalised: lower case; anything unknown is shown as queued (spec §4). */
export function toProjectStatus(status: string | null | undefined): ProjectStatus {
  const key = (status ?? '').trim().toLowerCase();
  return key in STATUS_LABELS ? (key as ProjectStatus) : 'queued';
}

/** The label of a status ('In Progress', 'QUEUED'...). */
export function toStatusLabel(status: string | null | undefined): string {
  return STATUS_LABELS[toProjectStatus(status)];
}

/** True when the project's job has ended (completed or failed). */
export function isTerminalStatus(status: string | null | undefined): boolean {
  const value = toProjectStatus(status);
  return value === 'completed' || value === 'failed';
}

/** True when the project passes a list filter (DESIGN.md §3: in-progress = every non-terminal). */
export function matchesStatusFilter(
  status: string | null | undefined,
  filter: 'all' | 'completed' | 'in-progress',
): boolean {
  if (filter === 'all') return true;
  if (filter === 'completed') return toProjectStatus(status) === 'completed';
  return !isTerminalStatus(status);
}
