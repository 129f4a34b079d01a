'use client';

import { useTranslations } from 'next-intl';
import { Tag, type TagColour } from '@/components/ui/tag';
import { billingStatusCatalogue, taskStatusCatalogue } from '@/lib/contract/statuses';

const colourOf = (catalogue: readonly { id: number; color: string }[], id: number): TagColour =>
  (catalogue.find((entry) => entry.id === id)?.color ?? 'gray') as TagColour;

/** A task status as a tag in the spec's colour: pending blue, in progress orange, paused violet, … */
export function TaskStatusTag({ statusId }: { statusId: number }) {
  const t = useTranslations('statuses.task');
  return <Tag colour={colourOf(taskStatusCatalogue, statusId)}>{t(String(statusId) as '1')}</Tag>;
}

/** A billing status as a tag: pending blue, not invoiceable violet, invoiced lime, cancelled gray. */
export function BillingStatusTag({ billingStatusId }: { billingStatusId: number }) {
  const t = useTranslations('statuses.billing');
  return <Tag colour={colourOf(billingStatusCatalogue, billingStatusId)}>{t(String(billingStatusId) as '1')}</Tag>;
}
