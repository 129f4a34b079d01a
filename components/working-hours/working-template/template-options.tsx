'use client';

import { useTranslations } from 'next-intl';
import type { ComboboxChoice } from '@/components/ui/combobox';
import type { TemplateChoice } from './use-workers';

export const templateOptions = (templates: readonly TemplateChoice[]): ComboboxChoice[] =>
  templates.map((template) => ({ value: String(template.id), label: template.name }));

/** What the selects say when the tenant has no template yet (spec 02 §2.5). */
export function NoTemplatesText() {
  const t = useTranslations('workingTemplate');
  return (
    <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
      {t('noTemplates')}
    </p>
  );
}
