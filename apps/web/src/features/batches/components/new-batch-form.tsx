import { useId, useRef, useState, type ChangeEvent } from 'react';
import { CheckCircle2, FileUp, ListChecks, XCircle } from 'lucide-react';
import { MAX_BATCH_URLS, type BatchCheck } from '@sitelift/shared/schemas/batches';
import {
  DEFAULT_MODERNIZATION_STRATEGY,
  MODERNIZATION_STRATEGIES,
  type ModernizationStrategy,
} from '@sitelift/shared/validation/create-project';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { useMutation, useQueryClient } from '../../../lib/query-client';
import { BATCHES_QUERY_KEY, checkBatch, createBatch } from '../api/batches';
import { parseUrlList } from './parse-url-list';

const CARD = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/** A pasted or uploaded list → the pre-check of every line → the reservation → the batch. */
export function NewBatchForm({
  strategyLabels,
  pricingHref,
  onStarted,
}: {
  /** Each strategy's name as the create form shows it. */
  strategyLabels: Record<ModernizationStrategy, string>;
  pricingHref: string;
  onStarted: (batchId: string) => void;
}) {
  const queryClient = useQueryClient();
  const listId = useId();
  const nameId = useId();
  const strategyId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [strategy, setStrategy] = useState<ModernizationStrategy>(DEFAULT_MODERNIZATION_STRATEGY);
  const [listError, setListError] = useState<string | null>(null);
  const [checked, setChecked] = useState<{ urls: string[]; result: BatchCheck } | null>(null);
  const urls = parseUrlList(text);

  const check = useMutation({
    mutationFn: (list: string[]) => checkBatch(list),
    onSuccess: (result, list) => setChecked({ urls: list, result }),
  });
  const start = useMutation({
    mutationFn: (allowPartial: boolean) =>
      createBatch({
        urls: checked?.urls ?? urls,
        name: name.trim() || undefined,
        modernization_strategy: strategy,
        allow_partial: allowPartial,
      }),
    onSuccess: (batch) => {
      void queryClient.invalidateQueries({ queryKey: BATCHES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['me', 'credits'] });
      onStarted(batch.id);
    },
  });

  const runCheck = () => {
    if (urls.length === 0) {
      setListError('Paste at least one address, or upload a CSV file.');
      return;
    }
    if (urls.length > MAX_BATCH_URLS) {
      setListError(`A batch holds at most ${MAX_BATCH_URLS} URLs; this list has ${urls.length}.`);
      return;
    }
    setListError(null);
    start.reset();
    check.mutate(urls);
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const content = await file.text();
    setText(parseUrlList(content).join('\n'));
    setChecked(null);
  };

  const result = checked?.result;
  const rejected = result ? result.lines.filter((line) => !line.ok).length : 0;
  const isShort = result ? result.accepted > result.balance : false;

  return (
    <div className="space-y-6">
      <section aria-labelledby="batch-list-title" className={CARD}>
        <h2
          id="batch-list-title"
          className="flex items-center gap-2 text-base font-semibold text-slate-900"
        >
          <ListChecks className="size-5 text-brand-600" aria-hidden /> Your list of sites
        </h2>
        <div className="mt-4 space-y-4">
          <div>
            <div className="mb-1.5 flex items-center justify-between gap-2">
              <label htmlFor={listId} className="text-sm font-medium text-slate-700">
                Website addresses, one per line
              </label>
              <span className="text-xs text-slate-500">
                {urls.length} / {MAX_BATCH_URLS}
              </span>
            </div>
            <textarea
              id={listId}
              rows={8}
              value={text}
              spellCheck={false}
              placeholder={'https://client-one.example\nclient-two.example/shop\n…'}
              onChange={(event) => {
                setText(event.target.value);
                setChecked(null);
              }}
              aria-invalid={listError ? true : undefined}
              aria-describedby={listError ? `${listId}-error` : undefined}
              className={inputClasses(Boolean(listError), 'font-mono text-sm leading-6')}
            />
            {listError && (
              <p id={`${listId}-error`} className="mt-1.5 text-sm text-red-600">
                {listError}
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <input
              ref={fileInput}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              className="sr-only"
              aria-label="Upload a CSV file"
              onChange={upload}
            />
            <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
              <FileUp className="size-4" aria-hidden /> Upload CSV
            </Button>
            <p className="text-xs text-slate-500">
              In a CSV file, the first cell of each row that is a web address is used.
            </p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={nameId} className="mb-1.5 block text-sm font-medium text-slate-700">
                Batch name (optional)
              </label>
              <input
                id={nameId}
                value={name}
                maxLength={100}
                placeholder="Client microsites"
                onChange={(event) => setName(event.target.value)}
                className={inputClasses(false)}
              />
            </div>
            <div>
              <label
                htmlFor={strategyId}
                className="mb-1.5 block text-sm font-medium text-slate-700"
              >
                Modernization strategy
              </label>
              <select
                id={strategyId}
                value={strategy}
                onChange={(event) => setStrategy(event.target.value as ModernizationStrategy)}
                className={inputClasses(false)}
              >
                {MODERNIZATION_STRATEGIES.map((value) => (
                  <option key={value} value={value}>
                    {strategyLabels[value]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {check.isError && (
            <Alert tone="error">
              {getErrorMessage(check.error, 'The list could not be checked. Try again.')}
            </Alert>
          )}
          <div className="flex justify-end">
            <Button onClick={runCheck} disabled={check.isPending} className="w-full sm:w-auto">
              {check.isPending ? `Checking ${urls.length} sites…` : 'Check sites'}
            </Button>
          </div>
        </div>
      </section>

      {result && (
        <section aria-labelledby="batch-check-title" className={CARD}>
          <h2 id="batch-check-title" className="text-base font-semibold text-slate-900">
            Pre-check
          </h2>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              { label: 'Sites accepted', value: result.accepted, tone: 'text-emerald-700' },
              { label: 'Lines rejected', value: rejected, tone: 'text-red-700' },
              { label: 'Credits to reserve', value: result.accepted, tone: 'text-slate-900' },
              { label: 'Your balance', value: result.balance, tone: 'text-slate-900' },
            ].map((item) => (
              <div key={item.label} className="rounded-xl bg-slate-50 px-4 py-3">
                <dt className="text-xs text-slate-600">{item.label}</dt>
                <dd className={`mt-0.5 text-2xl font-bold ${item.tone}`}>{item.value}</dd>
              </div>
            ))}
          </dl>
          <ol className="mt-5 max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200">
            {result.lines.map((line) => (
              <li key={line.line} className="flex items-start gap-3 px-4 py-2.5 text-sm">
                <span className="w-7 shrink-0 pt-0.5 text-right text-xs text-slate-400 tabular-nums">
                  {line.line}
                </span>
                {line.ok ? (
                  <CheckCircle2
                    className="mt-0.5 size-4 shrink-0 text-emerald-600"
                    aria-label="Accepted"
                  />
                ) : (
                  <XCircle className="mt-0.5 size-4 shrink-0 text-red-600" aria-label="Rejected" />
                )}
                <div className="min-w-0">
                  <p className="font-mono text-xs break-all text-slate-900">{line.url}</p>
                  <p className={`text-xs ${line.ok ? 'text-slate-500' : 'text-red-700'}`}>
                    {line.ok ? (line.title ?? 'Reachable') : line.reason}
                  </p>
                </div>
              </li>
            ))}
          </ol>
          <div className="mt-5 space-y-3">
            {result.accepted === 0 ? (
              <Alert tone="error">
                None of these addresses can be modernized. Nothing will be charged; fix the lines
                above and check again.
              </Alert>
            ) : isShort ? (
              <Alert tone="warning" title="Your balance does not cover every site">
                This batch needs {result.accepted} credits (one per site accepted) and your balance
                is {result.balance}. Nothing is charged until you start. Buy more credits, remove
                sites, or start only the first {result.balance}.
              </Alert>
            ) : (
              <p className="text-sm text-slate-600">
                Starting reserves {result.accepted} credit{result.accepted === 1 ? '' : 's'} now,
                one per site; rejected lines cost nothing and a site that fails gets its credit
                back.
              </p>
            )}
            {start.isError && (
              <Alert tone="error">
                {getErrorMessage(start.error, 'The batch could not be started. Try again.')}
              </Alert>
            )}
            {result.accepted > 0 && (
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                {isShort ? (
                  <>
                    <ButtonLink to={pricingHref} variant="outline">
                      Buy credits
                    </ButtonLink>
                    {result.balance > 0 && (
                      <Button onClick={() => start.mutate(true)} disabled={start.isPending}>
                        {start.isPending
                          ? 'Starting…'
                          : `Start the first ${result.balance} site${result.balance === 1 ? '' : 's'}`}
                      </Button>
                    )}
                  </>
                ) : (
                  <Button onClick={() => start.mutate(false)} disabled={start.isPending}>
                    {start.isPending
                      ? 'Starting…'
                      : `Start batch (${result.accepted} credit${result.accepted === 1 ? '' : 's'})`}
                  </Button>
                )}
              </div>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
