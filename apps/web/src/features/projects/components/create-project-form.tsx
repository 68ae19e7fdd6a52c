import { useState } from 'react';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { HelpCircle, Rocket } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { AUTH_MESSAGES, PROJECT_MESSAGES } from '@sitelift/shared/messages';
import {
  DEFAULT_MODERNIZATION_STRATEGY,
  MODERNIZATION_STRATEGIES,
  createProjectFormSchema,
  isAbsoluteHttpUrl,
  withDefaultScheme,
} from '@sitelift/shared/validation/create-project';
import type { CreateProjectFormInput } from '@sitelift/shared/validation/create-project';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, inputClasses } from '../../../components/ui/form-field';
import { FormActions } from '../../../components/ui/form-actions';
import { FormShell } from '../../../components/ui/form-shell';
import { landingAnchors, paths } from '../../../config/paths';
import { getErrorMessage, isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { useQueryClient } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import { cn } from '../../../utils/cn';
import type { NavigationState } from '../../../utils/navigation-state';
import { createProject } from '../api/create-project';
import { PROJECTS_QUERY_KEY } from '../api/get-projects';
import { STRATEGY_OPTIONS } from '../utils/strategy-options';
import { HowItWorksDialog } from './how-it-works-dialog';
import { useSiteCheck } from '../api/check-site';
import { PageScopeFields, type PageScopeValue } from './page-scope-fields';
import { SiteCheckPanel } from './site-check-panel';

type FormInput = z.input<typeof createProjectFormSchema>;

/** The first message of a list field's errors: the list's own, else its first item's. */
function toFirstMessage(error: unknown): string | undefined {
  if (error === undefined || error === null || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const item of Object.values(error)) {
    const message = toFirstMessage(item);
    if (message !== undefined) return message;
  }
  return undefined;
}

type SubmitProblem =
  | { kind: 'no-credits'; message: string }
  | { kind: 'unverified'; message: string }
  | { kind: 'other'; message: string };

/**
 * Create Project (spec §2, §5): website URL, name, optional description and strategy. Success goes
 * to the dashboard with the spec's message; no credit (402) links to pricing; an unverified e-mail
 * (403) offers to resend the verification e-mail.
 */
/** The project's choice of letting the model write what the site lacks (issue 25). */
export interface AiAdditionsChoice {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function CreateProjectForm({
  onResendVerification,
  creditNotice,
  renderAiNotice,
}: {
  onResendVerification: () => Promise<void>;
  /** What a submit costs (the credit balance), shown above the form. */
  creditNotice?: ReactNode;
  /**
   * Whether a model will take part and what it may cost, for the pages the check expects, with the
   * project's choice of letting it write what the site lacks (issue 25).
   */
  renderAiNotice?: (pages: number | null, additions: AiAdditionsChoice) => ReactNode;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, isLoading: isAuthLoading } = useSession();
  const [problem, setProblem] = useState<SubmitProblem | null>(null);
  const [resendState, setResendState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [isHowItWorksOpen, setIsHowItWorksOpen] = useState(false);
  const form = useForm<FormInput, unknown, CreateProjectFormInput>({
    resolver: zodResolver(createProjectFormSchema),
    defaultValues: {
      sourceUrl: '',
      name: '',
      description: '',
      modernizationStrategy: DEFAULT_MODERNIZATION_STRATEGY,
      includePaths: [],
      excludePaths: [],
      unbuiltLinks: 'keep',
      aiAdditions: true,
    },
  });
  const aiAdditions = form.watch('aiAdditions') ?? true;
  const { errors, isSubmitting } = form.formState;
  const canSubmit = !isSubmitting && !isAuthLoading && user !== null;
  // The address the quick check ran on (issue 15 item 2): set when the URL field is left.
  const [checkedUrl, setCheckedUrl] = useState<string | null>(null);
  // A bare host ('example.com') becomes https://example.com, in the value and, on blur, in the field.
  const urlField = form.register('sourceUrl', {
    setValueAs: (value: unknown) => (typeof value === 'string' ? withDefaultScheme(value) : value),
  });
  const onUrlBlur: typeof urlField.onBlur = async (event) => {
    const typed = event.target.value.trim();
    const normalized = withDefaultScheme(typed);
    if (event.target.value !== normalized) form.setValue('sourceUrl', normalized);
    // The check gets the address as typed: a bare host:port that only speaks http:// is found over
    // http (issue 22), and the field then takes the address that answered, so the job reads it too.
    setCheckedUrl(isAbsoluteHttpUrl(normalized) ? typed : null);
    await urlField.onBlur(event);
  };
  const siteCheck = useSiteCheck(errors.sourceUrl ? null : checkedUrl);
  const [includePaths = [], excludePaths = [], unbuiltLinks = 'keep'] = form.watch([
    'includePaths',
    'excludePaths',
    'unbuiltLinks',
  ]);
  const onScopeChange = (scope: PageScopeValue) => {
    // Checked as typed once a submit has shown the errors; before that, on submit.
    const options = { shouldValidate: form.formState.isSubmitted, shouldDirty: true };
    form.setValue('includePaths', scope.includePaths, options);
    form.setValue('excludePaths', scope.excludePaths, options);
    form.setValue('unbuiltLinks', scope.unbuiltLinks, options);
  };
  const onSiteChecked = (answeredUrl: string) => {
    if (checkedUrl !== null && form.getValues('sourceUrl') === withDefaultScheme(checkedUrl))
      if (answeredUrl !== form.getValues('sourceUrl')) form.setValue('sourceUrl', answeredUrl);
  };
  const isUnverified = problem?.kind === 'unverified' || (user !== null && !user.emailVerified);

  const onValid = async (values: CreateProjectFormInput) => {
    if (!user) {
      setProblem({ kind: 'other', message: PROJECT_MESSAGES.notLoggedIn });
      return;
    }
    try {
      await createProject(values);
      void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['me', 'credits'] });
      const state: NavigationState = { message: PROJECT_MESSAGES.created };
      await navigate(paths.dashboard.getHref(), { state });
    } catch (error) {
      if (isApiError(error) && error.status === 402) {
        setProblem({
          kind: 'no-credits',
          message: getErrorMessage(error, PROJECT_MESSAGES.noCredits),
        });
      } else if (isApiError(error) && error.status === 403) {
        setResendState('idle');
        setProblem({
          kind: 'unverified',
          message: getErrorMessage(error, PROJECT_MESSAGES.emailNotVerified),
        });
      } else {
        reportError('create project', error);
        setProblem({
          kind: 'other',
          message: PROJECT_MESSAGES.createFailed(
            getErrorMessage(error, PROJECT_MESSAGES.unknownError),
          ),
        });
      }
    }
  };

  const resend = async () => {
    setResendState('sending');
    try {
      await onResendVerification();
      setResendState('sent');
    } catch (error) {
      reportError('resend verification', error);
      setResendState('failed');
    }
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Create Project
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Give us a website and we&apos;ll hand it back as a modern React project.
          </p>
        </div>
        <Button
          variant="outline"
          onClick={() => setIsHowItWorksOpen(true)}
          className="self-start sm:self-auto"
        >
          <HelpCircle className="size-4" aria-hidden /> How It Works
        </Button>
      </div>

      {creditNotice && <div className="mb-6">{creditNotice}</div>}
      {!isAuthLoading && !user && (
        <Alert tone="error" className="mb-6">
          {PROJECT_MESSAGES.notLoggedIn}
        </Alert>
      )}
      {problem?.kind === 'no-credits' && (
        <Alert tone="warning" className="mb-6" title="No credits left">
          <p>{problem.message}</p>
          <Link
            to={`${paths.home.getHref()}#${landingAnchors.pricing}`}
            className="mt-1 inline-block font-semibold underline"
          >
            See plans and pricing
          </Link>
        </Alert>
      )}
      {isUnverified && (
        <Alert tone="warning" className="mb-6" title="Verify your e-mail">
          <p>
            {problem?.kind === 'unverified' ? problem.message : PROJECT_MESSAGES.emailNotVerified}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <Button
              size="sm"
              variant="outline"
              onClick={() => void resend()}
              disabled={resendState === 'sending' || resendState === 'sent'}
            >
              {resendState === 'sending' ? 'Sending...' : 'Resend verification e-mail'}
            </Button>
            {resendState === 'sent' && <span>{AUTH_MESSAGES.verificationSent}</span>}
            {resendState === 'failed' && <span>{AUTH_MESSAGES.verificationFailed}</span>}
          </div>
        </Alert>
      )}

      <FormShell
        label="Create project"
        variant="card"
        legend="Project details"
        serverError={problem?.kind === 'other' ? problem.message : null}
        disabled={isSubmitting}
        onSubmitStart={() => setProblem(null)}
        onSubmit={form.handleSubmit(onValid)}
        footer={
          <FormActions variant="card" cancelTo={paths.dashboard.getHref()}>
            <Button type="submit" disabled={!canSubmit}>
              <Rocket className="size-4" aria-hidden />
              {isSubmitting ? 'Creating Project...' : 'Create Project'}
            </Button>
          </FormActions>
        }
      >
        <FormField
          label="Website URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com"
          autoComplete="url"
          error={errors.sourceUrl?.message}
          {...urlField}
          onBlur={onUrlBlur}
        />
        <SiteCheckPanel
          sourceUrl={errors.sourceUrl ? null : checkedUrl}
          onChecked={onSiteChecked}
        />
        <PageScopeFields
          check={siteCheck.data}
          value={{ includePaths, excludePaths, unbuiltLinks }}
          onChange={onScopeChange}
          errors={{
            includePaths: toFirstMessage(errors.includePaths),
            excludePaths: toFirstMessage(errors.excludePaths),
          }}
        />
        {renderAiNotice?.(
          siteCheck.data
            ? Math.min(siteCheck.data.estimated_pages, siteCheck.data.page_limit)
            : null,
          {
            checked: aiAdditions,
            onChange: (checked) => form.setValue('aiAdditions', checked, { shouldDirty: true }),
          },
        )}
        <FormField
          label="Project Name"
          placeholder="My company website"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <div>
          <label
            htmlFor="project-description"
            className="mb-1.5 block text-sm font-medium text-slate-700"
          >
            Description <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id="project-description"
            rows={3}
            placeholder="What should we know about this site?"
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? 'project-description-error' : undefined}
            className={inputClasses(Boolean(errors.description), 'resize-y')}
            {...form.register('description')}
          />
          {errors.description && (
            <p id="project-description-error" className="mt-1.5 text-sm text-red-600">
              {errors.description.message}
            </p>
          )}
        </div>
        <Controller
          control={form.control}
          name="modernizationStrategy"
          render={({ field }) => (
            <div role="radiogroup" aria-labelledby="strategy-label">
              <p id="strategy-label" className="mb-2 text-sm font-medium text-slate-700">
                Modernization Strategy
              </p>
              <div className="grid gap-3 md:grid-cols-3">
                {MODERNIZATION_STRATEGIES.map((strategy) => {
                  const option = STRATEGY_OPTIONS[strategy];
                  const isChecked = field.value === strategy;
                  return (
                    <label
                      key={strategy}
                      className={cn(
                        'relative flex cursor-pointer flex-col rounded-xl border p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300',
                        isChecked
                          ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500'
                          : 'border-slate-200 hover:border-slate-300',
                      )}
                    >
                      <input
                        type="radio"
                        name={field.name}
                        value={strategy}
                        checked={isChecked}
                        onChange={() => field.onChange(strategy)}
                        onBlur={field.onBlur}
                        className="sr-only"
                      />
                      <span className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
                        {option.title}
                        {option.recommended && (
                          <span className="rounded-full bg-brand-600 px-2 py-0.5 text-[11px] font-semibold text-white">
                            Recommended
                          </span>
                        )}
                      </span>
                      <span className="mt-1 text-xs leading-5 text-slate-600">
                        {option.features}
                      </span>
                    </label>
                  );
                })}
              </div>
            </div>
          )}
        />
      </FormShell>
      <HowItWorksDialog open={isHowItWorksOpen} onOpenChange={setIsHowItWorksOpen} />
    </div>
  );
}
