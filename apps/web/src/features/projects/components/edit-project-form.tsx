import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { PROJECT_MESSAGES } from '@sitelift/shared/messages';
import { editProjectFormSchema } from '@sitelift/shared/validation/edit-project';
import type { EditProjectFormInput } from '@sitelift/shared/validation/edit-project';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FormField, inputClasses } from '../../../components/ui/form-field';
import { FormActions } from '../../../components/ui/form-actions';
import { FormShell } from '../../../components/ui/form-shell';
import { LoadingScreen } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useQueryClient } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import type { NavigationState } from '../../../utils/navigation-state';
import { useProject } from '../api/get-project';
import { PROJECTS_QUERY_KEY } from '../api/get-projects';
import type { Project } from '@sitelift/shared/schemas/project';
import { updateProject } from '../api/update-project';
import { ProjectStatusBadge } from './project-status-badge';

/** Delay before a saved project goes back to the dashboard (spec §9). */
export const PROJECT_REDIRECT_DELAY_MS = 2000;

/** Edit Project (spec §2): name and description; saved → back to the dashboard after 2 s. */
export function EditProjectForm({ projectId }: { projectId: string }) {
  const project = useProject(projectId);
  if (project.isPending) return <LoadingScreen />;
  if (project.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <Alert tone="error">{PROJECT_MESSAGES.fetchDetailsFailed}</Alert>
        <ButtonLink to={paths.dashboard.getHref()} variant="outline" className="mt-6">
          Back to Dashboard
        </ButtonLink>
      </div>
    );
  }
  return <EditProjectFormLoaded project={project.data} />;
}

function EditProjectFormLoaded({ project }: { project: Project }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isSaved, setIsSaved] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<EditProjectFormInput>({
    resolver: zodResolver(editProjectFormSchema),
    defaultValues: { name: project.name, description: project.description ?? '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!isSaved) return;
    const state: NavigationState = { message: PROJECT_MESSAGES.updated };
    const timer = setTimeout(
      () => navigate(paths.dashboard.getHref(), { state }),
      PROJECT_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [isSaved, navigate]);

  const onValid = async (values: EditProjectFormInput) => {
    try {
      await updateProject(project.id, values);
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
      setIsSaved(true);
    } catch (error) {
      reportError('update project', error);
      // An answer from the server is a failed update; anything else is a bug on our side.
      setServerError(
        isApiError(error) ? PROJECT_MESSAGES.updateFailed : PROJECT_MESSAGES.unexpected,
      );
    }
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Edit Project
        </h1>
        <div className="mt-2 flex min-w-0 flex-wrap items-center gap-2 text-sm text-slate-600">
          <ProjectStatusBadge status={project.status} />
          <span className="min-w-0 truncate">{project.source_url}</span>
        </div>
      </div>
      {isSaved && (
        <Alert tone="success" className="mb-6">
          {PROJECT_MESSAGES.updated} Taking you to your dashboard…
        </Alert>
      )}
      <FormShell
        label="Edit project"
        variant="card"
        legend="Project details"
        serverError={serverError}
        disabled={isSubmitting || isSaved}
        onSubmitStart={() => setServerError(null)}
        onSubmit={form.handleSubmit(onValid)}
        footer={
          <FormActions variant="card" cancelTo={paths.dashboard.getHref()}>
            <Button type="submit" disabled={isSubmitting || isSaved}>
              {isSubmitting ? 'Saving...' : 'Save Changes'}
            </Button>
          </FormActions>
        }
      >
        <FormField label="Project Name" error={errors.name?.message} {...form.register('name')} />
        <div>
          <label
            htmlFor="edit-project-description"
            className="mb-1.5 block text-sm font-medium text-slate-700"
          >
            Description <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id="edit-project-description"
            rows={4}
            aria-invalid={errors.description ? true : undefined}
            className={inputClasses(Boolean(errors.description), 'resize-y')}
            {...form.register('description')}
          />
          {errors.description && (
            <p className="mt-1.5 text-sm text-red-600">{errors.description.message}</p>
          )}
        </div>
      </FormShell>
    </div>
  );
}
