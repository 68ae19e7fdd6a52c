import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, PlugZap, Trash2 } from 'lucide-react';
import { formatAiCost, formatTokens } from '@sitelift/shared/billing/ai-estimate';
import { AI_PROVIDERS, AI_PROVIDER_LABELS, type AiProvider } from '@sitelift/shared/schemas/ai';
import {
  aiTestBodySchema,
  needsBaseUrl,
  type AiSettings,
  type AiTestBody,
  type AiTestResult,
} from '@sitelift/shared/schemas/ai-settings';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, inputClasses } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { useQueryClient } from '../../../lib/query-client';
import { reportError } from '../../../lib/report-error';
import {
  AI_SETTINGS_QUERY_KEY,
  deleteAiSettings,
  saveAiSettings,
  testAiConnection,
  useAiSettings,
} from '../api/ai-settings';

/** The section's texts (tests and the e2e spec read them). */
export const AI_SETTINGS_TEXT = {
  title: 'AI model',
  intro:
    'A vision model can look at your site beside its rebuild and propose fixes. Sitelift keeps a fix only when its own measurements show nothing got worse, and never changes your site’s words.',
  keySaved: 'A key is saved',
  saved: 'Saved. Your next rebuilds use this model.',
  removed: 'Your model is removed.',
  keyRemoved: 'The key is removed.',
  noDefault: 'This server has no default model: without your own, rebuilds run offline.',
} as const;

const MODEL_PLACEHOLDERS: Record<AiProvider, string> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
  google: 'gemini-2.0-flash',
  'openai-compatible': 'llama3.2-vision',
};

function describeModel(model: { provider: AiProvider; model: string }): string {
  return `${AI_PROVIDER_LABELS[model.provider].replace(/ \(.*\)$/, '')} · ${model.model}`;
}

/** This month's tokens against the budget, as a bar and in words. */
function UsageMeter({ usage }: { usage: AiSettings['usage'] }) {
  const share = usage.budget === 0 ? 1 : Math.min(1, usage.tokens / usage.budget);
  const cost = formatAiCost(usage.cost_usd);
  const spent = usage.tokens >= usage.budget;
  return (
    <div>
      <p className="text-sm text-slate-700">
        This month: {usage.tokens.toLocaleString('en-US')} of {formatTokens(usage.budget)}
        {cost ? ` (about ${cost})` : ''}
      </p>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        role="meter"
        aria-label="AI tokens used this month"
        aria-valuemin={0}
        aria-valuemax={usage.budget}
        aria-valuenow={Math.min(usage.tokens, usage.budget)}
      >
        <div
          className={spent ? 'h-full bg-amber-500' : 'h-full bg-brand-600'}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
      {spent && (
        <p className="mt-2 text-sm text-amber-800">
          The budget is spent: rebuilds run offline until next month.
        </p>
      )}
    </div>
  );
}

/**
 * Settings → AI model (issue 25): the user's own provider, model, base URL and API key, a "Test
 * connection" button, the server's default when the user has none, and this month's usage. The
 * saved key is never shown: "A key is saved" with Replace and Remove.
 */
export function AiModelSettings() {
  const query = useAiSettings();
  return (
    <section
      aria-labelledby="ai-model-title"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="ai-model-title" className="text-base font-semibold text-slate-900">
        {AI_SETTINGS_TEXT.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{AI_SETTINGS_TEXT.intro}</p>
      {query.isPending ? (
        <p className="mt-4 text-sm text-slate-500" role="status">
          Loading...
        </p>
      ) : query.isError ? (
        <Alert tone="error" className="mt-4">
          {getErrorMessage(query.error, 'The AI settings could not be loaded.')}
        </Alert>
      ) : (
        <AiModelForm settings={query.data} />
      )}
    </section>
  );
}

function AiModelForm({ settings }: { settings: AiSettings }) {
  const queryClient = useQueryClient();
  const selectId = useId();
  const own = settings.own;
  const [replacingKey, setReplacingKey] = useState(!own?.has_key);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [testResult, setTestResult] = useState<AiTestResult | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | 'remove' | 'remove-key' | null>(null);
  const form = useForm<AiTestBody>({
    resolver: zodResolver(aiTestBodySchema),
    defaultValues: {
      provider: own?.provider ?? settings.default?.provider ?? 'openai',
      model: own?.model ?? '',
      base_url: own?.base_url ?? '',
      api_key: '',
    },
  });
  const { errors } = form.formState;
  const provider = useWatch({ control: form.control, name: 'provider' });

  const apply = (next: AiSettings, text: string) => {
    queryClient.setQueryData(AI_SETTINGS_QUERY_KEY, next);
    setNotice({ tone: 'success', text });
  };
  const fail = (what: string, error: unknown, fallback: string) => {
    reportError(what, error);
    setNotice({ tone: 'error', text: getErrorMessage(error, fallback) });
  };
  const toBody = (values: AiTestBody): AiTestBody => ({
    provider: values.provider,
    model: values.model,
    ...(values.base_url ? { base_url: values.base_url } : {}),
    ...(replacingKey && values.api_key ? { api_key: values.api_key } : {}),
  });

  const onSave = form.handleSubmit(async (values) => {
    setBusy('save');
    setNotice(null);
    try {
      const next = await saveAiSettings(toBody(values));
      form.reset({ ...values, api_key: '' });
      setReplacingKey(!next.own?.has_key);
      apply(next, AI_SETTINGS_TEXT.saved);
    } catch (error) {
      // The form keeps what was typed; the message says what to fix.
      fail('Saving the AI model failed', error, 'The AI model could not be saved.');
    } finally {
      setBusy(null);
    }
  });

  const onTest = form.handleSubmit(async (values) => {
    setBusy('test');
    setTestResult(null);
    setNotice(null);
    try {
      setTestResult(await testAiConnection(toBody(values)));
    } catch (error) {
      setTestResult({
        ok: false,
        message: getErrorMessage(error, 'The connection could not be tested.'),
      });
    } finally {
      setBusy(null);
    }
  });

  const onRemoveKey = async () => {
    if (!own) return;
    setBusy('remove-key');
    setNotice(null);
    try {
      const next = await saveAiSettings({
        provider: own.provider,
        model: own.model,
        ...(own.base_url ? { base_url: own.base_url } : {}),
        remove_key: true,
      });
      setReplacingKey(true);
      apply(next, AI_SETTINGS_TEXT.keyRemoved);
    } catch (error) {
      fail('Removing the AI key failed', error, 'The key could not be removed.');
    } finally {
      setBusy(null);
    }
  };

  const onRemoveModel = async () => {
    setBusy('remove');
    setNotice(null);
    try {
      const next = await deleteAiSettings();
      form.reset({
        provider: next.default?.provider ?? 'openai',
        model: '',
        base_url: '',
        api_key: '',
      });
      setReplacingKey(true);
      setTestResult(null);
      apply(next, AI_SETTINGS_TEXT.removed);
    } catch (error) {
      fail('Removing the AI model failed', error, 'The model could not be removed.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mt-5 space-y-5">
      <div className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        {own ? (
          <p>
            Your rebuilds use <strong className="text-slate-900">{describeModel(own)}</strong>
            {settings.default
              ? ` (instead of the server default, ${describeModel(settings.default)})`
              : ''}
            .
          </p>
        ) : settings.default ? (
          <p>
            You use the server default:{' '}
            <strong className="text-slate-900">{describeModel(settings.default)}</strong>. Add your
            own model below to use it instead.
          </p>
        ) : (
          <p>{AI_SETTINGS_TEXT.noDefault}</p>
        )}
        <div className="mt-3">
          <UsageMeter usage={settings.usage} />
        </div>
      </div>

      <form noValidate onSubmit={(event) => void onSave(event)} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-slate-700">
              Provider
            </label>
            <select
              id={selectId}
              className={inputClasses(Boolean(errors.provider))}
              {...form.register('provider')}
            >
              {AI_PROVIDERS.map((value) => (
                <option key={value} value={value}>
                  {AI_PROVIDER_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <FormField
            label="Model"
            placeholder={MODEL_PLACEHOLDERS[provider]}
            autoComplete="off"
            spellCheck={false}
            error={errors.model?.message}
            {...form.register('model')}
          />
        </div>
        <FormField
          label={needsBaseUrl(provider) ? 'Base URL' : 'Base URL (optional)'}
          type="url"
          inputMode="url"
          placeholder={
            needsBaseUrl(provider)
              ? 'https://openrouter.ai/api/v1'
              : "Leave empty for the provider's own API"
          }
          hint={
            needsBaseUrl(provider)
              ? 'The API root of your server: Ollama, LM Studio, vLLM or OpenRouter. It must be reachable from the internet.'
              : undefined
          }
          error={errors.base_url?.message}
          {...form.register('base_url')}
        />
        {own?.has_key && !replacingKey ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-4">
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <KeyRound className="size-4 text-slate-500" aria-hidden />
              {AI_SETTINGS_TEXT.keySaved}
              {own.key_last4 ? (
                <span className="font-mono text-slate-500">(ends in {own.key_last4})</span>
              ) : null}
            </p>
            <div className="flex gap-2">
              <Button size="sm" variant="outline" onClick={() => setReplacingKey(true)}>
                Replace
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={busy !== null}
                onClick={() => void onRemoveKey()}
              >
                {busy === 'remove-key' ? 'Removing...' : 'Remove'}
              </Button>
            </div>
          </div>
        ) : (
          <FormField
            label={provider === 'openai-compatible' ? 'API key (optional)' : 'API key'}
            type="password"
            autoComplete="off"
            revealable
            hint="Stored encrypted and never shown again."
            error={errors.api_key?.message}
            {...form.register('api_key')}
          />
        )}

        {testResult && (
          <Alert tone={testResult.ok ? 'success' : 'error'} title="Test connection">
            {testResult.ok
              ? `Connected: ${testResult.model} answered in ${testResult.ms} ms.`
              : testResult.message}
          </Alert>
        )}
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}

        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
          {own ? (
            <Button
              variant="ghost"
              disabled={busy !== null}
              onClick={() => void onRemoveModel()}
              className="text-red-700"
            >
              <Trash2 className="size-4" aria-hidden />
              {busy === 'remove' ? 'Removing...' : 'Remove my model'}
            </Button>
          ) : (
            <span />
          )}
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button variant="outline" disabled={busy !== null} onClick={() => void onTest()}>
              <PlugZap className="size-4" aria-hidden />
              {busy === 'test' ? 'Testing...' : 'Test connection'}
            </Button>
            <Button type="submit" disabled={busy !== null}>
              {busy === 'save' ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </div>
      </form>
    </div>
  );
}
