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
    customFieldsRequired: { about: 'Required custom fields are empty; details.missingFields names them.' },
    cancelled: { about: 'The task is cancelled and reads only.' },
    notCancelled: { about: 'Only a cancelled task can be restored.' },
    cancelledBillingStatus: { about: 'A cancelled task keeps its billing status.' },
    useCancellation: { about: 'Cancel a task through the cancellation call, with a reason.' },
    duplicateFailed: { about: 'Some tasks could not be duplicated; fields name them.' },
  },
  schedule: {
    invalidWorker: { about: 'The worker is not an active worker of the company.' },
    outsideTimeSlot: { about: 'The interval does not fit the task\u2019s time slot (details.slot).', params: ['slot', 'start', 'end'] },
    notPlannedForDay: { about: 'An unassigned task dropped on another day than its own (details.date).' },
    workerUnavailable: { about: 'The worker is not available over the whole interval (details.warning).' },
    confirmationRequired: { about: 'Warnings to confirm (details.warnings); send again with confirm.' },
  },
  recurrence: {
    needsSchedule: { about: 'A series needs the task\u2019s date and time first.' },
    nothingToRecur: { about: 'The rule gives no day after the task\u2019s own.' },
    alreadyRecurring: { about: 'The task already belongs to a series.' },
    parentLocked: { about: 'A series\u2019 first task cannot be changed this way.' },
    notParent: { about: 'The task does not start a series.' },
  },
  import: {
    invalidHeader: { about: 'The CSV header is not valid; each problem is in fields.csvFile.' },
    notCsv: { about: 'Only .csv files can be imported.' },
    notText: { about: 'The file is not text (a binary file named .csv).' },
    tooLarge: { about: 'The file is over the size limit.', params: ['maxMb'] },
    empty: { about: 'The file has no header line.' },
    tooManyRows: { about: 'The file has more lines than one import takes.', params: ['lines', 'max'] },
    columnUnnamed: { about: 'A header column has no name.', params: ['index'] },
    columnRepeated: { about: 'A header column appears more than once.', params: ['column'] },
    unknownColumn: { about: 'A header column the import does not know.', params: ['column'] },
    columnRequired: { about: 'A required column is missing from the header.', params: ['column'] },
    lineLength: { about: 'The line has another number of values than the header has columns.', params: ['values', 'columns'] },
    unreadable: { about: 'The line cannot be read (an unclosed quote); reason is the parser\u2019s, in English.', params: ['reason'] },
    notANumber: { about: 'The cell must be a number.' },
    referenceExists: { about: 'A task with this external reference already exists.', params: ['reference'] },
    referenceRepeated: { about: 'An earlier line of the file has this external reference.', params: ['reference', 'line'] },
    taskTypeNotFound: { about: 'No task type has this name.', params: ['name'] },
    clientNotFound: { about: 'No client has this name.', params: ['name'] },
    workerNotFound: { about: 'No worker has this name.', params: ['name'] },
    timeSlotNotFound: { about: 'No time slot has this name.', params: ['name'] },
    workerAmbiguous: { about: 'Several workers have this name; the username tells them apart.', params: ['name'] },
    durationNotWhole: { about: 'The duration must be a whole number of minutes.' },
    timeFormat: { about: 'The time must be HH:mm.' },
    dateFormat: { about: 'The date must be YYYY-MM-DD.' },
    timeAndTimeSlot: { about: 'A line gives a time or a time slot, not both.' },
    timeNeedsDate: { about: 'A time needs a scheduleDate.' },
    durationNeedsDate: { about: 'A duration needs a scheduleDate.' },
    timeSlotNeedsDate: { about: 'A time slot needs a scheduleDate.' },
    billingStatusUnknown: { about: 'Not a billing status; names lists them.', params: ['names'] },
    timeSlotsDisabled: { about: 'Time slots are not enabled for the company.' },
    clientExists: { about: 'A client with this display name already exists; the line is skipped.', params: ['name'] },
    clientRepeated: { about: 'An earlier line of the file has this display name; the line is skipped.', params: ['name', 'line'] },
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
    invalidText: { about: 'The client id or secret is not valid text (a lone surrogate).' },
    clientChosenTwice: { about: 'The same client is chosen twice in one override.' },
  },
  autoSchedule: {
    running: { about: 'An auto-schedule run for this day is under way.' },
    alreadyUndone: { about: 'The run was already undone.' },
    changedSince: { about: 'Tasks of the run changed since; it cannot be undone.' },
  },
  geocoder: {
    notConfigured: { about: 'No address search service is configured (GEOCODER_URL).' },
    unavailable: { about: 'The address search service did not answer.' },
  },
  zones: {
    notFound: { about: 'No live zone of the company has this id.' },
    nameTaken: { about: 'Another live zone already has this name (case ignored).' },
    colorInvalid: { about: 'The colour is not #rrggbb.' },
    pointsRequired: { about: 'The zone has no outline.' },
    pointsTooFew: { about: 'The outline has fewer corners than a polygon needs.', params: ['min'] },
    pointsTooMany: { about: 'The outline has more corners than allowed.', params: ['max'] },
    pointOrderRepeated: { about: 'Two corners have the same point_order.' },
  },
  skills: {
    notFound: { about: 'No skill of the company has this id.' },
    nameTaken: { about: 'Another skill already has this name (case ignored).' },
  },
  customFields: {
    notFound: { about: 'No live custom field of the company has this id.' },
    nameTaken: { about: 'Another live custom field already has this name (case ignored).' },
    optionsRequired: { about: 'A select field needs at least one option.' },
    commaInOption: { about: 'An option of a multi select contains a comma.' },
    requiredTypeRequired: { about: 'A required field needs its required type.' },
    displayTypeRequired: { about: 'The field needs a display type.' },
    typeInUse: { about: 'Tasks hold values of the field, so its type cannot change.' },
    unknownTaskType: { about: 'The linked task type is not a live one of the company.' },
  },
  taskTypes: {
    notFound: { about: 'No live task type of the company has this id.' },
    nameTaken: { about: 'Another live task type already has this name (case ignored).' },
    durationRange: { about: 'The duration is not a whole number of minutes in range.', params: ['min', 'max'] },
    deleted: { about: 'The task type was deleted and cannot be given to a task.' },
    skillsDisabled: { about: 'Skills are not enabled for the company, so a type cannot have any.' },
    unknownSkill: { about: 'The linked skill is not a live one of the company.' },
    unknownCustomField: { about: 'The linked custom field is not a live one of the company.' },
  },
  cancellationReasons: {
    notFound: { about: 'No cancellation reason of the company has this id.' },
    nameTaken: { about: 'Another cancellation reason already has this name (case ignored).' },
  },
  timeSlots: {
    notFound: { about: 'No live time slot of the company has this id.' },
    nameTaken: { about: 'Another live time slot already has this name (case ignored).' },
    timeInvalid: { about: 'The time is not HH:mm or HH:mm:ss.' },
    endBeforeStart: { about: 'The slot ends before or when it starts.' },
  },
  workingHours: {
    notFound: { about: 'No live working-hours template of the company has this id.' },
    nameTaken: { about: 'Another live template already has this name (case ignored).' },
    daysInvalid: { about: 'The template names a weekday more than once.' },
    hoursInvalid: { about: 'The hours are not HH:mm|HH:mm ranges on the half hour, or a single space.' },
  },
  unavailability: {
    notFound: { about: 'No live unavailability record of the company has this id.' },
    rangeReversed: { about: 'The range ends before it starts.' },
    rangeTooLong: { about: 'The range covers more days than one read may.', params: ['max'] },
    dayRepeated: { about: 'The same worker and day appear more than once in the body.' },
    dayTaken: { about: 'The worker already has hours saved for that day.' },
  },
  availability: {
    rangeInvalid: { about: 'The days are not YYYY-MM-DD, or the range ends before it starts.' },
    rangeTooLong: { about: 'The range covers more days than one read may.', params: ['max'] },
  },
  workers: {
    notFound: { about: 'The id is not an active worker (assignee) of the company.' },
  },
  scheduling: {
    addressRequired: { about: 'The start location needs an address.' },
    addressTooLong: { about: 'The address is longer than allowed.', params: ['max'] },
    markerMissing: { about: 'The start location has no coordinates.' },
    latitudeRange: { about: 'The latitude is not between -90 and 90.' },
    longitudeRange: { about: 'The longitude is not between -180 and 180.' },
    limitWhole: { about: 'The tasks-per-day limit is not a whole number.' },
    limitMin: { about: 'The tasks-per-day limit is below the minimum.', params: ['min'] },
    limitMax: { about: 'The tasks-per-day limit is above the maximum.', params: ['max'] },
  },
  tenantSettings: {
    notFound: { about: 'The company of the session does not exist any more.' },
    boundsInverted: { about: 'The map view\u2019s north-east corner is not north of its south-west one.' },
  },
  reports: {
    rangeReversed: { about: 'The report\u2019s range ends before it starts.' },
    rangeTooLong: { about: 'The report covers more days than allowed.', params: ['max'] },
  },
  client: {
    notFound: { about: 'No client with this id.' },
    deleted: { about: 'The client has been deleted; a task may keep it, not take it anew.' },
    nameTaken: { about: 'A live client already has this display name (case ignored).' },
    invalidEmail: { about: 'The billing e-mail is not an e-mail address.' },
    latitudeRange: { about: 'The latitude is not between -90 and 90.' },
    longitudeRange: { about: 'The longitude is not between -180 and 180.' },
  },
  notification: {
    notFound: { about: 'No live notification rule with this id.' },
    hoursRequired: { about: 'A rule before the appointment needs its number of hours.' },
    hoursRange: { about: 'The number of hours is not a whole number in the range.', params: ['min', 'max'] },
    statusRequired: { about: 'A rule on status change needs its status.' },
    statusInvalid: { about: 'Not a task status.' },
    subjectRequired: { about: 'An e-mail rule needs a subject.' },
    subjectTooLong: { about: 'The subject is longer than allowed.', params: ['max'] },
    unknownPlaceholder: { about: 'The message names a placeholder that does not exist.', params: ['token'] },
    trackingNeedsFeature: { about: 'The tracking_url placeholder needs the tracking link feature.' },
    typeFixed: { about: 'The type of an existing rule cannot change.' },
    duplicate: { about: 'A live rule with the same type, timing, recipient and message type exists.' },
  },
  publicLink: {
    feedbackUnavailable: { about: 'The feedback link is unknown, expired or already used, or its task is gone.' },
    trackingUnavailable: { about: 'The tracking link is unknown or expired, or its task is completed, cancelled or gone.' },
    ratingStep: { about: 'The rating goes in half steps.' },
    preferredTimeInvalid: { about: 'The preferred time is no date and time on the calendar.' },
    preferredTimePast: { about: 'The preferred time has already passed on the company\u2019s clock.' },
  },
  user: {
    notFound: { about: 'No user with this id in the company.' },
    someNotFound: { about: 'One or more of the listed users are not users of the company (or not active workers).' },
    usernameTaken: { about: 'A user with this username exists already, in this or another company.' },
    usernameReadOnly: { about: 'A user\u2019s username cannot be changed.' },
    ownerOnly: { about: 'Only an owner may grant or remove the owner role, or change an owner.' },
    notYourself: { about: 'Nobody may deactivate or delete themself.' },
    phoneInvalid: { about: 'A phone number takes digits, spaces and - ( ) . + only.' },
    phoneCountryCodeInvalid: { about: 'The phone country code is not one of the list.' },
    zonesOnlyForAssignees: { about: 'Only an assignee (worker) can have zones.' },
    unknownSkill: { about: 'The skill is not a live skill of the company.' },
    unknownZone: { about: 'The zone is not a live zone of the company.' },
    nothingToChange: { about: 'A bulk edit names no change to make.' },
    templateNotFound: { about: 'No working-hours template with this id in the company.' },
    templateDeleted: { about: 'The working-hours template was deleted and cannot be given.' },
    workerNotFound: { about: 'No active worker with this id in the company.' },
  },
  password: {
    length: { about: 'A password has between min and max characters.', params: ['min', 'max'] },
    mismatch: { about: 'The confirmation differs from the new password.' },
    wrongCurrent: { about: 'The current (old) password is wrong.' },
  },
  passwordReset: {
    unknownUsername: { about: 'No user signs in with this e-mail address.' },
    linkInvalid: { about: 'The reset link is unknown, already used or expired.' },
  },
  profile: {
    timezoneUnknown: { about: 'Not a time zone of the reference list.' },
    dialCodeUnknown: { about: 'Not a phone country code of the reference list.' },
    phoneInvalid: { about: 'A phone number takes digits, spaces and - ( ) . / only, at most 30.' },
    nothingToChange: { about: 'The preferences call names nothing to change.' },
    pictureNotFound: { about: 'No such profile picture for this user.' },
  },
  apiKey: {
    notFound: { about: 'No API key with this id in the company.' },
    duplicate: { about: 'An API key with this name exists already.' },
    expiryInPast: { about: 'The expiry is a day before today (company time zone).' },
    rolesRequired: { about: 'A key needs at least one role.' },
    roleNotHeld: { about: 'A key can only be given roles the saver holds.' },
  },
  feature: {
    notFound: { about: 'No feature with this id in the catalogue.' },
    alreadyOn: { about: 'The feature is already switched on.' },
    alreadyOff: { about: 'The feature is already switched off.' },
  },
  signup: {
    emailTaken: { about: 'A user with this e-mail address exists already.' },
  },
  tracking: {
    timestampInFuture: { about: 'The position\u2019s timestamp is more than maxMinutes ahead of the server\u2019s clock.', params: ['maxMinutes'] },
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
