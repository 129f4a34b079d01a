'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { TaskErrorCode, type BulkStatusFailure } from '@/lib/contract/tasks';

/** How a task is named to users: its reference number, or the id sent when it is not a task of the company. */
const numberOf = (failure: BulkStatusFailure) => `#${failure.referenceNumber ?? failure.id}`;

/**
 * Spec 01 §4, §8: after a bulk change, the tasks that could not take it. Each task refused completion is named
 * with the required fields it lacks, and the first can be opened on those fields.
 */
export function BulkFailureAlert({
  failed,
  onOpenTask,
  onDismiss,
}: {
  failed: readonly BulkStatusFailure[];
  onOpenTask: (taskId: number, missingFieldIds: number[]) => void;
  onDismiss: () => void;
}) {
  const t = useTranslations('formFixes');
  const tList = useTranslations('taskList');
  const lacking = failed.filter((failure) => failure.code === TaskErrorCode.requiredCustomFields);
  const others = failed.filter((failure) => failure.code !== TaskErrorCode.requiredCustomFields);
  const first = lacking[0];

  return (
    <div role="alert" className="flex items-start gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <div className="flex flex-1 flex-col gap-1">
        {lacking.map((failure) => (
          <p key={failure.id}>
            {t('bulkMissingFields', {
              referenceNumber: failure.referenceNumber ?? failure.id,
              fields: (failure.missingFields ?? []).map((field) => field.fieldName).join(', '),
            })}
          </p>
        ))}
        {others.length > 0 ? (
          <p>{t('bulkNotUpdated', { count: others.length, tasks: others.map(numberOf).join(', ') })}</p>
        ) : null}
        {first ? (
          <div>
            <Button
              variant="secondary"
              onClick={() => onOpenTask(first.id, (first.missingFields ?? []).map((field) => field.id))}
            >
              {t('openMissingTask', { referenceNumber: first.referenceNumber ?? first.id })}
            </Button>
          </div>
        ) : null}
      </div>
      <button type="button" className="text-red-700 underline" onClick={onDismiss}>
        {tList('dismiss')}
      </button>
    </div>
  );
}
