import { CustomFieldBody } from '@/lib/contract/custom-fields';
import { referenceReaders, settingsEditors } from '@/lib/contract/reference-data';
import { listCustomFields } from '@/lib/server/reference/custom-fields/read';
import { createCustomField } from '@/lib/server/reference/custom-fields/write';
import { route } from '@/lib/server/http/route';

export const GET = route(
  {
    roles: referenceReaders,
  },
  ({ ctx }) => listCustomFields(ctx),
);

export const POST = route(
  {
    roles: settingsEditors,
    body: CustomFieldBody,
    refusals: [
      'customFields.displayTypeRequired',
      'customFields.nameTaken',
      'customFields.optionsRequired',
      'customFields.requiredTypeRequired',
      'customFields.unknownTaskType',
    ],
  },
  ({ ctx, body }) =>
    createCustomField(ctx, body),
);
