import type { BoardTask } from '@/lib/contract/schedule-board';
import { TaskStatus } from '@/lib/contract/statuses';
import type { TaskView } from '@/lib/contract/tasks';

/**
 * A full task view (the live stream's payload, a write's answer) as the board holds it. Appointment instants are
 * rewritten through Date so both sources compare alike ('…Z' with milliseconds).
 */
export function toBoardTask(view: TaskView): BoardTask {
  return {
    id: view.id,
    referenceNumber: view.referenceNumber,
    title: view.title,
    statusId: view.statusId,
    typeId: view.typeId,
    typeName: view.type.type,
    assigneeId: view.assigneeId,
    start: view.appointment ? new Date(view.appointment.date).toISOString() : null,
    durationMins: view.appointment?.durationMins ?? view.estimatedDuration,
    timeSlotId: view.timeSlotId,
    hasLocation: view.location.latitude !== null && view.location.longitude !== null,
    cancelled: view.cancelled !== null || view.statusId === TaskStatus.cancelled,
    updated: view.updated,
  };
}

/** A stream payload is a full view unless it only announces a deletion. */
export function isTaskView(value: Record<string, unknown>): value is Record<string, unknown> & TaskView {
  return typeof value.id === 'number' && typeof value.referenceNumber === 'number' && typeof value.type === 'object';
}
