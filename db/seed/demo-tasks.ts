import { addDays, localInstant, weekdayOf, type LocalDay } from './calendar';
import { materialOptions, materialsField, purchaseOrderField, siteAccessField, siteAccessOptions } from './catalogue';
import type { SeededRandom } from './random';
import type { StatusStep, TaskPlan } from './task-rows';

type Point = { lat: number; lng: number };

export interface DemoWorker {
  id: number;
  skills: string[];
  zones: Point[][];
  /** Working hours text per weekday (0 = Sunday), from the worker's template. */
  hoursByWeekday: string[];
  /** Per-date hours that replace the template's. */
  hoursOnDate: Map<LocalDay, string>;
}

export interface DemoClient {
  id: number;
  displayName: string;
  location: { address: string; latitude: number; longitude: number };
  contact: { name?: string; surname?: string; phoneCountryCode?: string; phone?: string };
}

export interface DemoTaskType {
  id: number;
  name: string;
  durationMins: number;
  skills: string[];
  fieldNames: string[];
}

export interface DemoTaskContext {
  timeZone: string;
  today: LocalDay;
  random: SeededRandom;
  dispatcherId: number;
  billingManagerId: number;
  workers: DemoWorker[];
  clients: DemoClient[];
  taskTypes: DemoTaskType[];
  customFieldIds: Record<string, number>;
  timeSlots: Array<{ id: number; startMins: number; endMins: number }>;
  cancellationReasons: Array<{ id: number; name: string }>;
}

const demoCounts = { unscheduled: 20, unassigned: 24, assigned: 156 } as const;
const horizonDays = 14;

const descriptions = [
  'Client reports low pressure since last week.',
  'Annual check required by the building administrator.',
  'Ring the intercom twice; the office is on the second floor.',
  'Unit makes a loud noise when it starts.',
  'Bring spare parts: model details in the attached notes.',
  'Access from the courtyard, parking available.',
  'Follow-up of the previous visit.',
  'Client asks for a call 30 minutes before arrival.',
];

const noteTexts = [
  'Client called to confirm the appointment.',
  'Part ordered, expected in two days.',
  'Doorman has the keys to the technical room.',
  'Client prefers visits after 10:00.',
  'Photos of the unit sent by e-mail.',
];

const feedbackComments = ['Very professional, thank you!', 'On time and tidy work.', 'Good job.', 'Quick and friendly.', ''];

/** Ranges in minutes after midnight from the spec's 'HH:mm|HH:mm,...' text; a single space gives none. */
export function parseHours(hours: string): Array<[number, number]> {
  return hours
    .split(',')
    .map((range) => range.trim())
    .filter((range) => range.includes('|'))
    .map((range) => {
      const [from, to] = range.split('|').map((time) => {
        const [hour, minute] = time.split(':').map(Number);
        return hour * 60 + minute;
      });
      return [from, to];
    });
}

function insidePolygon(point: Point, polygon: Point[]): boolean {
  let inside = false;
  for (let current = 0, previous = polygon.length - 1; current < polygon.length; previous = current++) {
    const a = polygon[current];
    const b = polygon[previous];
    const crosses =
      a.lat > point.lat !== b.lat > point.lat &&
      point.lng < ((b.lng - a.lng) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lng;
    if (crosses) inside = !inside;
  }
  return inside;
}

interface Placement {
  day: LocalDay;
  startMins: number;
  worker: DemoWorker | null;
  type: DemoTaskType;
  client: DemoClient;
}

function placeAssigned(context: DemoTaskContext): Placement[] {
  const { random, workers, clients, taskTypes, today } = context;
  const nextFree = new Map<string, number>();
  const placements: Placement[] = [];
  const place = (day: LocalDay, worker: DemoWorker): void => {
    const ranges = parseHours(worker.hoursOnDate.get(day) ?? worker.hoursByWeekday[weekdayOf(day)]);
    if (ranges.length === 0) return;
    const fitting = taskTypes.filter((type) => type.skills.every((skill) => worker.skills.includes(skill)));
    const type = random.pick(fitting.length > 0 ? fitting : taskTypes);
    const key = `${worker.id}|${day}`;
    const cursor = nextFree.get(key) ?? ranges[0][0] + random.int(0, 20) * 15;
    const range = ranges.find(([, end]) => end >= cursor + type.durationMins && end > cursor);
    if (!range) return;
    const startMins = Math.max(cursor, range[0]);
    if (startMins + type.durationMins > range[1]) return;
    nextFree.set(key, startMins + type.durationMins + random.pick([15, 30, 30, 45]));
    const local = clients.filter((client) =>
      worker.zones.some((zone) => insidePolygon({ lat: client.location.latitude, lng: client.location.longitude }, zone)),
    );
    const client = random.chance(0.85) && local.length > 0 ? random.pick(local) : random.pick(clients);
    placements.push({ day, startMins, worker, type, client });
  };
  // Every worker who works today gets a task today first, so a demo worker signing in always finds a day to work
  // through, whatever weekday the demo was seeded on; the rest are spread at random over the horizon.
  for (const worker of workers) place(today, worker);
  for (let attempt = 0; placements.length < demoCounts.assigned && attempt < 20_000; attempt += 1) {
    place(addDays(today, random.int(-horizonDays, horizonDays)), random.pick(workers));
  }
  return placements;
}

/** Exact shares with a floor, shuffled, so every status shows up whatever today's date is. */
function statusDeck(random: SeededRandom, size: number, shares: Array<[number, number]>): number[] {
  const deck: number[] = [];
  for (const [statusId, share] of shares.slice(1)) {
    const count = Math.max(3, Math.round(size * share));
    for (let index = 0; index < count && deck.length < size; index += 1) deck.push(statusId);
  }
  while (deck.length < size) deck.push(shares[0][0]);
  return random.sample(deck, deck.length);
}

function pickStatuses(context: DemoTaskContext, placements: Placement[]): number[] {
  const { random, today } = context;
  // Only days before today count as done, so no timeline entry lies in the future whatever the hour of seeding.
  const past = placements.filter((placement) => placement.day < today);
  const pastDeck = statusDeck(random, past.length, [[4, 0], [5, 0.1], [3, 0.05], [2, 0.05], [1, 0.04]]);
  const future = placements.filter((placement) => !past.includes(placement));
  const futureDeck = statusDeck(random, future.length, [[1, 0], [5, 0.08]]);
  return placements.map((placement) =>
    past.includes(placement) ? pastDeck[past.indexOf(placement)] : futureDeck[future.indexOf(placement)],
  );
}

function createdBefore(context: DemoTaskContext, day: LocalDay): Date {
  const { random, today, timeZone } = context;
  const candidate = addDays(day, -random.int(1, 10));
  const latest = addDays(today, -1);
  return localInstant(candidate < latest ? candidate : latest, random.int(8 * 60, 18 * 60 - 1), timeZone);
}

function minutesLater(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * 60_000);
}

/** Some minutes after `start`, but no later than yesterday evening (and never before `start`). */
function notLaterThanYesterday(context: DemoTaskContext, start: Date, minutes: number): Date {
  const latest = localInstant(addDays(context.today, -1), 20 * 60, context.timeZone).getTime();
  const wanted = minutesLater(start, minutes).getTime();
  return new Date(Math.max(Math.min(wanted, latest), start.getTime() + 60_000));
}

function buildPlan(context: DemoTaskContext, placement: Placement | null, statusId: number, unscheduledDay?: LocalDay): TaskPlan {
  const { random, timeZone, dispatcherId, billingManagerId, customFieldIds } = context;
  const type = placement?.type ?? random.pick(context.taskTypes);
  const client = placement?.client ?? random.pick(context.clients);
  const appointment = placement ? localInstant(placement.day, placement.startMins, timeZone) : null;
  const created = placement ? createdBefore(context, placement.day) : createdBefore(context, unscheduledDay ?? context.today);
  const workerId = placement?.worker?.id ?? null;
  const actorId = workerId ?? dispatcherId;
  const slot = placement
    ? context.timeSlots.find((candidate) => candidate.startMins <= placement.startMins && placement.startMins + type.durationMins <= candidate.endMins)
    : undefined;

  const steps: StatusStep[] = [];
  let completedAt: Date | null = null;
  let cancelled: Date | null = null;
  let reason: { id: number; name: string } | undefined;
  if (statusId === 5) {
    reason = random.pick(context.cancellationReasons);
    cancelled = notLaterThanYesterday(context, created, random.int(60, 48 * 60));
    steps.push({ statusId: 5, at: cancelled, userId: dispatcherId });
  } else if (appointment && statusId !== 1) {
    const started = minutesLater(appointment, random.int(-10, 15));
    steps.push({ statusId: 2, at: started, userId: actorId });
    const paused = statusId === 3 || (statusId === 4 && random.chance(0.15));
    if (paused) steps.push({ statusId: 3, at: minutesLater(started, Math.round(type.durationMins / 2)), userId: actorId });
    if (statusId === 4) {
      if (paused) steps.push({ statusId: 2, at: minutesLater(started, type.durationMins), userId: actorId });
      completedAt = minutesLater(started, Math.round(type.durationMins * (0.7 + random.next() * 0.7)) + (paused ? 30 : 0));
      steps.push({ statusId: 4, at: completedAt, userId: actorId });
    }
  }

  let billingStatusId = 1;
  if (statusId === 5) billingStatusId = 4;
  else if (statusId === 4) billingStatusId = random.pick([1, 1, 2, 3, 3, 3]);
  const billingAt = completedAt ?? cancelled;

  const rated = statusId === 4 && random.chance(0.4);
  const fieldValues: NonNullable<TaskPlan['fieldValues']> = [];
  if (type.fieldNames.includes(purchaseOrderField)) {
    fieldValues.push({ customFieldId: customFieldIds[purchaseOrderField], fieldValue: `PO-2026-${random.int(1000, 9999)}` });
  }
  if (type.fieldNames.includes(materialsField) && statusId === 4) {
    const items = random.sample(materialOptions, random.int(1, 3)).map((value) => ({
      id: materialOptions.indexOf(value) + 1,
      value,
      quantity: random.int(1, 4),
    }));
    fieldValues.push({ customFieldId: customFieldIds[materialsField], fieldValue: JSON.stringify(items) });
  }
  if (type.fieldNames.includes(siteAccessField) && random.chance(0.5)) {
    fieldValues.push({ customFieldId: customFieldIds[siteAccessField], fieldValue: random.pick(siteAccessOptions) });
  }
  const notes = random.chance(0.15)
    ? [{ note: random.pick(noteTexts), authorId: dispatcherId, date: minutesLater(created, random.int(5, 120)) }]
    : [];

  return {
    creatorId: dispatcherId,
    statusSteps: steps,
    cancellationReasonName: reason?.name,
    billingChange: billingAt ? { at: notLaterThanYesterday(context, billingAt, 12 * 60), userId: billingManagerId } : undefined,
    fieldValues,
    notes,
    task: {
      title: `${type.name} - ${client.displayName}`,
      typeId: type.id,
      clientId: client.id,
      description: random.chance(0.7) ? random.pick(descriptions) : null,
      assigneeId: workerId,
      statusId,
      billingStatusId,
      cancelled,
      cancellationReasonId: reason?.id ?? null,
      appointmentDate: appointment,
      durationMins: type.durationMins,
      timeSlotId: slot && random.chance(0.3) ? slot.id : null,
      locationAddress: client.location.address,
      locationLatitude: client.location.latitude,
      locationLongitude: client.location.longitude,
      contactName: client.contact.name ?? null,
      contactSurname: client.contact.surname ?? null,
      contactPhoneCountryCode: client.contact.phoneCountryCode ?? null,
      contactPhone: client.contact.phone ?? null,
      externalReference: random.chance(0.1) ? `WO-${random.int(10000, 99999)}` : null,
      completedAt,
      rating: rated ? random.pick([3, 3.5, 4, 4.5, 4.5, 5, 5]) : null,
      feedbackComment: rated ? random.pick(feedbackComments) || null : null,
      created,
      updated: [created, ...steps.map((step) => step.at)].reduce((latest, at) => (at > latest ? at : latest)),
    },
  };
}

/** The demo's 200 tasks: unscheduled, unassigned and assigned, in every status, oldest first. */
export function planDemoTasks(context: DemoTaskContext): TaskPlan[] {
  const { random, today } = context;
  const assigned = placeAssigned(context);
  if (assigned.length < demoCounts.assigned) throw new Error('the demo workers have too few working hours for the demo tasks');
  const statuses = pickStatuses(context, assigned);
  const plans = assigned.map((placement, index) => buildPlan(context, placement, statuses[index]));

  const unassignedStatuses = statusDeck(random, demoCounts.unassigned, [[1, 0], [5, 0.08]]);
  for (const statusId of unassignedStatuses) {
    const day = addDays(today, random.int(-3, horizonDays));
    const type = random.pick(context.taskTypes);
    const startMins = random.int(8 * 4, 17 * 4 - 1) * 15;
    plans.push(buildPlan(context, { day, startMins, worker: null, type, client: random.pick(context.clients) }, statusId));
  }

  const unscheduledStatuses = statusDeck(random, demoCounts.unscheduled, [[1, 0], [5, 0.1]]);
  for (const statusId of unscheduledStatuses) {
    plans.push(buildPlan(context, null, statusId, addDays(today, -random.int(0, horizonDays))));
  }
  return plans.sort((first, second) => first.task.created.getTime() - second.task.created.getTime());
}
