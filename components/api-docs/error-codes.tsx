import { getTranslations } from 'next-intl/server';
import { TextTable } from '@/components/ui/text-table';
import { catalogueEntries } from '@/lib/contract/error-catalogue';

/** The catalogue of refusal codes, each with the text the app shows for it in the reader's language. */
export async function ErrorCodes() {
  const t = await getTranslations('apiDocs');
  const tErrors = await getTranslations('errors');
  const entries = catalogueEntries();
  return (
    <section id="error-codes" aria-labelledby="heading-error-codes" className="flex flex-col gap-2">
      <h2 id="heading-error-codes" className="text-base font-semibold">
        {t('errorCodesTitle')}
      </h2>
      <p className="text-sm text-slate-700">{t('errorCodesIntro')}</p>
      <TextTable
        headers={[t('errorCode'), t('errorText'), t('errorParams')]}
        rows={entries.map(([code, entry]) => [code, tErrors.raw(code) as string, (entry.params ?? []).join(', ')])}
        headerClassNames={['pr-3', 'pr-3']}
        columnClassNames={['pr-3 font-mono', 'pr-3', 'font-mono']}
        className="w-full border-collapse bg-white text-left text-xs"
        headRowClassName="border-b border-slate-200"
        headerCellClassName="px-2 py-1"
        cellClassName="px-2 py-1"
        rowClassName="border-b border-slate-100 align-top"
      />
    </section>
  );
}
