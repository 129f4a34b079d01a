import { CustomFieldBody } from '@/lib/contract/custom-fields';
import { IdParams } from '@/lib/contract/ids';
import { settingsEditors } from '@/lib/contract/reference-data';
import { deleteCustomField, updateCustomField } from '@/lib/server/custom-fields/write';
import { route } from '@/lib/server/http/route';

export const PUT = route({ roles: settingsEditors, params: IdParams, body: CustomFieldBody }, ({ ctx, params, body }) =>
  updateCustomField(ctx, params.id, body),
);

export const DELETE = route({ roles: settingsEditors, params: IdParams }, ({ ctx, params }) =>
  deleteCustomField(ctx, params.id),
);
