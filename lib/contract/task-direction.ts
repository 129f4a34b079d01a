import { z } from 'zod';
import { Id } from './ids';
import { rule } from './problems';

/** The route map covers the board's visible range: at most a month view with the days around it. */
export const maxDirectionRangeDays = 42;

/**
 * GET task/direction?appointmentFrom=&appointmentTo=&assigneeId= (spec 02 §7): the worker's tasks whose appointment
 * starts in [appointmentFrom, appointmentTo), instants with an offset, as the board's visible range.
 */
export const DirectionQuery = z
  .object({
    appointmentFrom: z.iso.datetime({ offset: true }),
    appointmentTo: z.iso.datetime({ offset: true }),
    assigneeId: Id,
  })
  .refine((query) => Date.parse(query.appointmentTo) > Date.parse(query.appointmentFrom), {
    ...rule('schedule.rangeReversed', 'appointmentTo must be after appointmentFrom.'),
    path: ['appointmentTo'],
  })
  .refine((query) => Date.parse(query.appointmentTo) - Date.parse(query.appointmentFrom) <= maxDirectionRangeDays * 86_400_000, {
    ...rule('schedule.rangeTooLong', `The route map reads at most ${maxDirectionRangeDays} days.`, { max: maxDirectionRangeDays }),
    path: ['appointmentTo'],
  });
export type DirectionQuery = z.infer<typeof DirectionQuery>;

/** One end of a leg: a located task (spec 02 §3 route leg). */
export interface RouteStop {
  id: number;
  referenceNumber: number;
  title: string;
  location: { latitude: number; longitude: number; address: string | null };
  /** Appointment start, ISO instant. */
  appointment: { date: string };
}

/**
 * The way from one task to the worker's next located task, in appointment order. Coordinates are [longitude,
 * latitude] as GeoJSON writes them; the line starts at taskFrom and ends at taskTo.
 */
export interface RouteLeg {
  geometry: { coordinates: [number, number][] };
  taskFrom: RouteStop;
  taskTo: RouteStop;
}

/**
 * The answer is the spec's bare list of legs. Fewer than two located tasks give an empty list ('No route found');
 * tasks without a location are not in it: the modal lists those from the board's own tasks (BoardTask.hasLocation).
 */
export type DirectionAnswer = RouteLeg[];
