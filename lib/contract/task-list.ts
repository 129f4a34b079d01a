import type { ClientView } from './clients';
import type { CustomFieldView } from './custom-fields';
import type { CancellationReasonView } from './reference-data';
import type { TaskTypeView } from './task-types';
import type { TaskView } from './tasks';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A from/to pair from the URL, or today twice; a reversed range is put in order. */
export function dateRangeOf(from: string | null, to: string | null, today: string): { from: string; to: string } {
  const start = from && isoDate.test(from) ? from : today;
  const end = to && isoDate.test(to) ? to : start;
  return start <= end ? { from: start, to: end } : { from: end, to: start };
}

/** What the task list screen shows first, read by the server while it renders the page. */
export interface TaskListStart {
  user: {
    id: number;
    tenantTimeZone: string;
    preferredTimeFormat: boolean;
    preferredTaskColumns: string | null;
    /** The tenant's features (spec 01 §1 numbering). */
    features: number[];
  };
  reference: {
    taskTypes: TaskTypeView[];
    clients: ClientView[];
    customFields: CustomFieldView[];
    cancellationReasons: CancellationReasonView[];
  };
  /** The days the URL asks for (today by default) and their tasks; null on the unscheduled list, which can be long. */
  scheduled: { from: string; to: string; tasks: TaskView[] } | null;
  /** The tenant's last task change before the tasks were read: the live stream resumes after it. */
  changeSeq: number;
}
