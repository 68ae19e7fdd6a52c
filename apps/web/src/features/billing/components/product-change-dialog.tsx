import type { CheckPreview } from '@sitelift/shared/billing/api';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

const CONFIRM_LABELS: Record<CheckPreview['scenario'], string> = {
  upgrade: 'Confirm Upgrade',
  downgrade: 'Confirm Downgrade',
  switch: 'Confirm Change',
};

/**
 * The product-change dialog (spec §4 'Billing dialog flow'): what changing from the current plan to
 * another means, from the check's preview; confirming runs the attach.
 */
export function ProductChangeDialog({
  preview,
  open,
  isPending,
  onConfirm,
  onOpenChange,
}: {
  preview: CheckPreview | null;
  open: boolean;
  isPending: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  const periodEnd = preview?.current_period_end ? new Date(preview.current_period_end) : null;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!isPending) onOpenChange(next);
      }}
      title={preview?.title ?? ''}
      description={preview?.message}
    >
      {preview && (
        <>
          <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
            <div className="flex justify-between gap-4 px-4 py-3">
              <dt className="text-slate-600">Current plan</dt>
              <dd className="text-right font-medium text-slate-900">
                {preview.current_product_name}
              </dd>
            </div>
            <div className="flex justify-between gap-4 px-4 py-3">
              <dt className="text-slate-600">New plan</dt>
              <dd className="text-right font-semibold text-slate-900">{preview.product_name}</dd>
            </div>
            <div className="flex justify-between gap-4 px-4 py-3">
              <dt className="text-slate-600">Price</dt>
              <dd className="text-right font-medium text-slate-900">
                {preview.price}
                {preview.interval ? ` per ${preview.interval}` : ' one-time'}
              </dd>
            </div>
            <div className="flex justify-between gap-4 px-4 py-3">
              <dt className="text-slate-600">Credits</dt>
              <dd className="text-right font-medium text-slate-900">
                {preview.credits}
                {preview.interval ? ` per ${preview.interval}` : ''}
              </dd>
            </div>
            {periodEnd && !Number.isNaN(periodEnd.getTime()) && (
              <div className="flex justify-between gap-4 px-4 py-3">
                <dt className="text-slate-600">Current plan ends</dt>
                <dd className="text-right font-medium text-slate-900">
                  {dateFormat.format(periodEnd)}
                </dd>
              </div>
            )}
          </dl>
          <p className="mt-3 text-xs text-slate-500">
            Credits you already have stay in your account.
          </p>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" disabled={isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button disabled={isPending} onClick={onConfirm}>
              {isPending ? 'Confirming...' : CONFIRM_LABELS[preview.scenario]}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
