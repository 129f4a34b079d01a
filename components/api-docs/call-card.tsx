import { getTranslations } from 'next-intl/server';
import { TextTable } from '@/components/ui/text-table';
import { featureCatalogue } from '@/lib/contract/features';
import type { DocumentedCall } from './groups';

const methodColours: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900',
  POST: 'bg-emerald-100 text-emerald-900',
  PUT: 'bg-amber-100 text-amber-900',
  PATCH: 'bg-violet-100 text-violet-900',
  DELETE: 'bg-rose-100 text-rose-900',
};

const roleKeys = ['owner', 'tasksManager', 'usersManager', 'billingManager', 'assignee'] as const;
type RoleKey = (typeof roleKeys)[number];
const isRoleKey = (role: string): role is RoleKey => (roleKeys as readonly string[]).includes(role);

function Schema({ value }: { value: unknown }) {
  return (
    <pre className="max-h-96 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap break-all text-slate-800">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** One call of the reference: method and path, who may make it, its parameters and its request body. */
export async function CallCard({ call }: { call: DocumentedCall }) {
  const t = await getTranslations('apiDocs');
  const tRoles = await getTranslations('usersAdmin.roles');
  const tFeatures = await getTranslations('featureSettings.names');
  const { method, path, operation } = call;
  const isPublic = operation.security.length === 0;
  const roles = operation['x-roles'].map((role) => (isRoleKey(role) ? tRoles(role) : role));
  const features = operation['x-features'].map((name) => {
    const feature = featureCatalogue.find((entry) => entry.name === name);
    return feature ? tFeatures(String(feature.id)) : name;
  });
  const bodies = Object.entries(operation.requestBody?.content ?? {});
  return (
    <details className="rounded border border-slate-200 bg-white" data-testid="api-call" data-call={`${method} ${path}`}>
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold ${methodColours[method] ?? 'bg-slate-100'}`}>{method}</span>
        <code className="font-mono text-sm break-all">{path}</code>
        <span className="ml-auto text-xs text-slate-600">{isPublic ? t('public') : roles.length > 0 ? roles.join(', ') : t('anyRole')}</span>
      </summary>
      <div className="flex flex-col gap-3 border-t border-slate-200 px-3 py-3 text-sm">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">{t('access')}</dt>
          <dd>{isPublic ? t('public') : t('signedIn')}</dd>
          {!isPublic && (
            <>
              <dt className="font-medium">{t('roles')}</dt>
              <dd>{roles.length > 0 ? roles.join(', ') : t('anyRole')}</dd>
            </>
          )}
          {features.length > 0 && (
            <>
              <dt className="font-medium">{t('features')}</dt>
              <dd>{features.join(', ')}</dd>
            </>
          )}
          {operation['x-idempotent'] && (
            <>
              <dt className="font-medium">{t('idempotentLabel')}</dt>
              <dd>{t('idempotent')}</dd>
            </>
          )}
          <dt className="font-medium">{t('errorCodesLabel')}</dt>
          <dd className="font-mono text-xs break-words">{operation['x-error-codes'].join(', ')}</dd>
          {operation['x-variants'] && (
            <>
              <dt className="font-medium">{t('variantsLabel')}</dt>
              <dd>{t('variants', { count: operation['x-variants'].length })}</dd>
            </>
          )}
        </dl>
        {operation.parameters.length > 0 && (
          <section>
            <h3 className="mb-1 font-medium">{t('parameters')}</h3>
            <TextTable
              headers={[t('name'), t('location'), t('required'), t('schema')]}
              rows={operation.parameters.map((parameter) => [
                parameter.name,
                t(`in.${parameter.in}`),
                parameter.required ? t('yes') : t('no'),
                JSON.stringify(parameter.schema),
              ])}
              headerClassNames={['pr-3', 'pr-3', 'pr-3']}
              columnClassNames={['pr-3 font-mono', 'pr-3', 'pr-3', 'font-mono break-all']}
              className="w-full border-collapse text-left text-xs"
              headRowClassName="border-b border-slate-200"
              headerCellClassName="py-1"
              cellClassName="py-1"
              rowClassName="border-b border-slate-100 align-top"
            />
          </section>
        )}
        {bodies.map(([mediaType, body]) => (
          <section key={mediaType}>
            <h3 className="mb-1 font-medium">
              {t('requestBody')} <code className="font-mono text-xs text-slate-600">{mediaType}</code>
            </h3>
            <Schema value={body.schema} />
          </section>
        ))}
        <p className="text-xs text-slate-600">{t('responses', { statuses: Object.keys(operation.responses).filter((status) => status !== '200').join(', ') })}</p>
      </div>
    </details>
  );
}
