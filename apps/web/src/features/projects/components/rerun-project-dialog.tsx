import { useEffect, useState } from 'react';
import { Repeat } from 'lucide-react';
import { Link } from 'react-router';
import type { Project } from '@sitelift/shared/schemas/project';
import { MODERNIZATION_STRATEGIES } from '@sitelift/shared/validation/create-project';
import type { ModernizationStrategy } from '@sitelift/shared/validation/create-project';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { landingAnchors, paths } from '../../../config/paths';
import { cn } from '../../../utils/cn';
import { STRATEGY_OPTIONS } from '../utils/strategy-options';

/** Why the last confirm failed: no credit (402, with a link to pricing) or anything else. */
export type RerunProblem = { kind: 'no-credits' | 'other'; message: string };

/**
 * 'Run again' (issue 13): choose the same or another strategy, then confirm spending one credit. The
 * previous result stays downloadable until the new run completes.
 */
export function RerunProjectDialog({
  project,
  open,
  isPending,
  problem,
  onConfirm,
  onOpenChange,
}: {
  project: Project | null;
  open: boolean;
  isPending: boolean;
  problem: RerunProblem | null;
  onConfirm: (strategy: ModernizationStrategy) => void;
  onOpenChange: (open: boolean) => void;
}) {
  const current = project?.modernization_strategy ?? null;
  const [strategy, setStrategy] = useState<ModernizationStrategy | null>(current);
  useEffect(() => setStrategy(current), [current, project?.id]);

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!isPending) onOpenChange(next);
      }}
      title={project ? `Run "${project.name}" again?` : ''}
      description="A new run uses 1 credit (refunded if it fails). The current result stays available for download until the new run completes."
      size="large"
    >
      {project && (
        <form
          aria-label="Run again"
          onSubmit={(event) => {
            event.preventDefault();
            if (strategy) onConfirm(strategy);
          }}
        >
          <fieldset disabled={isPending}>
            <legend className="mb-2 text-sm font-medium text-slate-700">
              Modernization Strategy
            </legend>
            <div className="grid gap-3 md:grid-cols-3">
              {MODERNIZATION_STRATEGIES.map((value) => {
                const option = STRATEGY_OPTIONS[value];
                const isChecked = strategy === value;
                return (
                  <label
                    key={value}
                    className={cn(
                      'relative flex cursor-pointer flex-col rounded-xl border p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300',
                      isChecked
                        ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500'
                        : 'border-slate-200 hover:border-slate-300',
                    )}
                  >
                    <input
                      type="radio"
                      name="rerun-strategy"
                      value={value}
                      checked={isChecked}
                      onChange={() => setStrategy(value)}
                      className="sr-only"
                    />
                    <span className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
                      {option.title}
                      {value === current && (
                        <span className="rounded-full bg-slate-200 px-2 py-0.5 text-[11px] font-semibold text-slate-700">
                          Same as last run
                        </span>
                      )}
                    </span>
                    <span className="mt-1 text-xs leading-5 text-slate-600">{option.features}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          {problem && (
            <Alert
              tone={problem.kind === 'no-credits' ? 'warning' : 'error'}
              className="mt-5"
              title={problem.kind === 'no-credits' ? 'No credits left' : undefined}
            >
              <p>{problem.message}</p>
              {problem.kind === 'no-credits' && (
                <Link
                  to={`${paths.home.getHref()}#${landingAnchors.pricing}`}
                  className="mt-1 inline-block font-semibold underline"
                >
                  See plans and pricing
                </Link>
              )}
            </Alert>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending || !strategy}>
              <Repeat className="size-4" aria-hidden />
              {isPending ? 'Starting...' : 'Run Again (1 credit)'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
