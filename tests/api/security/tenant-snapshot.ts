import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/lib/server/core/db';

/** Every row a tenant owns, table by table: the tenant's row and each table with a tenant_id column. */
export async function tenantRows(tenantId: number): Promise<Record<string, unknown[]>> {
  const db = await getDb();
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select distinct table_name from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id' order by table_name`,
  );
  const dump: Record<string, unknown[]> = { tenants: await queryRows(db, sql`select * from tenants where id = ${tenantId}`) };
  for (const { table_name: table } of tables) {
    dump[table] = await queryRows(db, sql`select * from ${sql.identifier(table)} t where tenant_id = ${tenantId} order by t::text`);
  }
  return dump;
}
