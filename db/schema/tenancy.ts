import { foreignKey, integer, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/** The owning company. Cascades so that removing a tenant removes everything it owns, and nothing else. */
export const tenantIdColumn = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

type ReferenceAction = 'cascade' | 'restrict' | 'no action';

/**
 * A reference that also carries the tenant: (tenant_id, x_id) -> parent(tenant_id, id). The database then refuses
 * a row that points at another tenant's record, whatever the application code does. Parents expose a unique
 * (tenant_id, id) for this. A null x_id skips the check, as a plain foreign key would.
 */
export function sameTenantReference(
  name: string,
  tenantColumn: AnyPgColumn,
  column: AnyPgColumn,
  parent: { tenantId: AnyPgColumn; id: AnyPgColumn },
  onDelete: ReferenceAction = 'no action',
) {
  return foreignKey({ name, columns: [tenantColumn, column], foreignColumns: [parent.tenantId, parent.id] }).onDelete(
    onDelete,
  );
}
