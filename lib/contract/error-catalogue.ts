/**
 * Every code a refusal can carry, whole-request (`error.code`) or per field (`error.fields[path][].code`), with what
 * it means and the params it comes with. Codes are `<namespace>.<name>` and stable: a client (the browser, an
 * integrator) tells refusals apart and translates them by code, never by the English `message`, which is only the
 * spec's wording and may change. The browser's texts are `errors.<code>` in messages/<language>.json, in all four
 * languages (tests/unit/error-catalogue.test.ts holds them to this list).
 */
export const errorCatalogue = {
  request: {
    invalid: { about: 'The request is not valid; each problem is in `fields` under its body, query or path name.' },
    invalidJson: { about: 'The body (or a JSON part of it) is not valid JSON.' },
    notMultipart: { about: 'The body must be multipart/form-data with the named part.', params: ['part'] },
    incomplete: { about: 'The body ended before it was complete.' },
    crossOrigin: { about: 'A browser request from another origin.' },
    tooLarge: { about: 'The body is larger than the call accepts.', params: ['limitBytes'] },
    rateLimited: { about: 'Too many requests; try again after Retry-After seconds.' },
    notFound: { about: 'No call or item at this address.' },
    duplicate: { about: 'An item with these details already exists.' },
    staleUpdate: { about: 'The item changed since it was read; read it again.' },
    internal: { about: 'An unexpected error; the request id finds it in the log.' },
    unavailable: { about: 'The service is briefly unavailable; retry after Retry-After seconds.' },
    idempotencyKeyReused: { about: 'The Idempotency-Key was already used for another call.' },
    idempotencyInProgress: { about: 'A request with this Idempotency-Key is still running.' },
  },
  auth: {
    unauthorized: { about: 'Not signed in, or the API key is not valid.' },
    invalidCredentials: { about: 'The username or password is wrong.' },
    forbidden: { about: 'The caller lacks a role this call needs.' },
    passwordChangeRequired: { about: 'A first sign-in: only the password change may run.' },
  },
  tenant: {
    featureDisabled: { about: 'A feature this call needs is not enabled for the company.' },
  },
  validation: {
    required: { about: 'A required value is missing or blank.' },
    invalidType: { about: 'The value is of the wrong type.', params: ['expected'] },
    tooShort: { about: 'The text is shorter than allowed.', params: ['min'] },
    tooLong: { about: 'The text is longer than allowed.', params: ['max'] },
    tooSmall: { about: 'The number is below the minimum.', params: ['min'] },
    tooBig: { about: 'The number is above the maximum.', params: ['max'] },
    tooFewItems: { about: 'The list has fewer items than allowed.', params: ['min'] },
    tooManyItems: { about: 'The list has more items than allowed.', params: ['max'] },
    notInteger: { about: 'The number must be whole.' },
    notMultipleOf: { about: 'The number must be a multiple of the step.', params: ['step'] },
    email: { about: 'Not an e-mail address.' },
    url: { about: 'Not a web address.' },
    date: { about: 'Not a date (YYYY-MM-DD).' },
    dateTime: { about: 'Not a date and time (ISO 8601).' },
    time: { about: 'Not a time of day (HH:mm).' },
    format: { about: 'The text does not have the expected form.' },
    option: { about: 'Not one of the values this field takes.' },
    unknownKeys: { about: 'The object has keys the call does not take.', params: ['keys'] },
    nulCharacter: { about: 'Text must not contain the NUL character.' },
    invalid: { about: 'The value is not valid.' },
  },
  task: {
    completed: { about: 'A completed task cannot change status any more.' },
    statusChangeNotAllowed: { about: 'The task cannot move to this status from its current one.' },
    customFieldsRequired: { about: 'Required custom fields are empty; details.missingFields names them.', params: ['fields'] },
    cancelled: { about: 'The task is cancelled and reads only.' },
    notCancelled: { about: 'Only a cancelled task can be restored.' },
    cancelledBillingStatus: { about: 'A cancelled task keeps its billing status.' },
    useCancellation: { about: 'Cancel a task through the cancellation call, with a reason.' },
    duplicateFailed: { about: 'Some tasks could not be duplicated; fields name them.' },
    notFound: { about: 'No task with this id (or not one the caller may see).' },
    typeUnknown: { about: 'The task type does not exist.' },
    typeDeleted: { about: 'The task type was deleted; only a task that has it keeps it.' },
    clientUnknown: { about: 'The client does not exist.' },
    clientDeleted: { about: 'The client was deleted; only a task that has it keeps it.' },
    workerNotActive: { about: 'Only an active worker can be assigned.' },
    workerNeedsDate: { about: 'A worker is chosen only with a date.' },
    appointmentInPast: { about: 'A newly chosen appointment must start after now.' },
    timeSlotUnknown: { about: 'The time slot does not exist or was deleted.' },
    reasonUnknown: { about: 'The cancellation reason does not exist or was deleted.' },
    customFieldUnknown: { about: 'No custom field with this id.' },
    customFieldRequired: { about: 'This required custom field has no value.' },
    customFieldNotOnTask: { about: 'The custom field is not one of the task type\u2019s.' },
    valueNotNumber: { about: 'The custom field takes a number.' },
    valueNotDate: { about: 'The custom field takes a date.' },
    valueNotBoolean: { about: 'The custom field takes yes or no.' },
    valueNotOption: { about: 'The custom field takes one of its options.' },
    valueNotQuantityList: { about: 'The custom field takes items of its options, each with a quantity.' },
    duplicateCancelled: { about: 'A cancelled task cannot be duplicated.' },
    billingStatusRange: { about: 'A billing status is 1 to 4.' },
    unknownColumn: { about: 'Not a column of the task list.', params: ['column'] },
    dateNotReal: { about: 'The date does not exist in the calendar.' },
  },
  schedule: {
    invalidWorker: { about: 'The worker is not an active worker of the company.' },
    outsideTimeSlot: { about: 'The interval does not fit the task\u2019s time slot (details.slot).', params: ['slot', 'start', 'end'] },
    notPlannedForDay: { about: 'An unassigned task dropped on another day than its own (details.date).' },
    workerUnavailable: { about: 'The worker is not available over the whole interval (details.warning).' },
    confirmationRequired: { about: 'Warnings to confirm (details.warnings); send again with confirm.' },
    rangeReversed: { about: 'The end of the range is before its start.' },
    rangeTooLong: { about: 'The range is longer than the call reads.', params: ['max'] },
  },
  recurrence: {
    needsSchedule: { about: 'A series needs the task\u2019s date and time first.' },
    nothingToRecur: { about: 'The rule gives no day after the task\u2019s own.' },
    alreadyRecurring: { about: 'The task already belongs to a series.' },
    parentLocked: { about: 'A series\u2019 first task cannot be changed this way.' },
    notParent: { about: 'The task does not start a series.' },
    endRequired: { about: 'A custom rule needs an end date.' },
    endTooEarly: { about: 'The end date is before the earliest allowed.', params: ['min'] },
    endTooLate: { about: 'The end date is after the latest allowed.', params: ['max'] },
    weekdaysRequired: { about: 'A weekly rule needs at least one weekday.' },
    parentMismatch: { about: 'parentTaskId is not the task of the path.' },
  },
  import: {
    invalidHeader: { about: 'The CSV header names an unknown or repeated column, or lacks a required one.' },
    invalidFile: { about: 'Not a CSV file, not text, empty, or over the limits.' },
  },
  file: {
    required: { about: 'Choose a file to upload.' },
    tooLarge: { about: 'The upload is larger than allowed.' },
    unsupportedType: { about: 'The upload is of a type this call does not take.' },
  },
  accounting: {
    invalidCredentials: { about: 'The accounting provider refuses the credentials.' },
    subscriptionInactive: { about: 'The credentials are valid but the subscription is inactive.' },
    notConnected: { about: 'The accounting provider is not connected.' },
    invalidState: { about: 'The authorisation is unknown, already used or expired.' },
    unavailable: { about: 'The accounting provider did not answer.' },
    encryptionKeyMismatch: { about: 'The stored credentials were encrypted with another key.' },
  },
  autoSchedule: {
    running: { about: 'An auto-schedule run for this day is under way.' },
    alreadyUndone: { about: 'The run was already undone.' },
    changedSince: { about: 'Tasks of the run changed since; it cannot be undone.' },
    notFound: { about: 'No auto-schedule run with this id.' },
    dateNotAfterToday: { about: 'Auto-schedule plans a day after today only.' },
  },
  geocoder: {
    notConfigured: { about: 'No address search service is configured (GEOCODER_URL).' },
    unavailable: { about: 'The address search service did not answer.' },
  },
  taskFile: {
    notFound: { about: 'No attachment with this id on the task.' },
  },
  taskSignature: {
    notFound: { about: 'No signature with this id on the task.' },
  },
  note: {
    notFound: { about: 'The note does not exist any more.' },
  },
} as const satisfies Record<string, Record<string, CatalogueEntry>>;

export interface CatalogueEntry {
  about: string;
  /** The names of the params the code comes with; the translations use no others. */
  params?: readonly string[];
}

type Catalogue = typeof errorCatalogue;

export type ErrorCodeName = {
  [Namespace in keyof Catalogue]: `${Namespace}.${keyof Catalogue[Namespace] & string}`;
}[keyof Catalogue];

/** Every code of the catalogue, with its entry, in catalogue order. */
export function catalogueEntries(): [ErrorCodeName, CatalogueEntry][] {
  return Object.entries(errorCatalogue).flatMap(([namespace, entries]) =>
    Object.entries(entries).map(([name, entry]): [ErrorCodeName, CatalogueEntry] => [`${namespace}.${name}` as ErrorCodeName, entry]),
  );
}
