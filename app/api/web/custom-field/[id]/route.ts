import { CustomFieldBody } from '@/lib/contract/custom-fields';
import { IdParams } from '@/lib/contract/ids';
import { referenceReaders, settingsEditors } from '@/lib/contract/reference-data';
import { getCustomField } from '@/lib/server/reference/custom-fields/read';
import { deleteCustomField, updateCustomField } from '@/lib/server/reference/custom-fields/write';
import { route } from '@/lib/server/http/route';

/** Not among the spec's calls, which leave the screen's reads unshown: the settings drawer loads its record here. */
export const GET = route(
  {
    roles: referenceReaders,
    params: IdParams,
    refusals: ['customFields.notFound'],
  },
  ({ ctx, params }) =>
    getCustomField(ctx, params.id),
);

export const PUT = route(
  {
    roles: settingsEditors,
    params: IdParams,
    body: CustomFieldBody,
    refusals: [
      'customFields.displayTypeRequired',
      'customFields.nameTaken',
      'customFields.notFound',
      'customFields.optionsRequired',
      'customFields.requiredTypeRequired',
      'customFields.typeInUse',
    ],
  },
  ({ ctx, params, body }) =>
    updateCustomField(ctx, params.id, body),
);

export const DELETE = route(
  {
    roles: settingsEditors,
    params: IdParams,
    refusals: ['customFields.notFound'],
  },
  ({ ctx, params }) =>
    deleteCustomField(ctx, params.id),
);
