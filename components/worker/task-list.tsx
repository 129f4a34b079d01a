'use client';

import { Clock, MapPin, Phone } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { TaskStatusTag } from '@/components/tasks/status-tags';
import { formatClockTime, formatLongDay } from '@/lib/client/format-date-time';
import { groupByDay } from '@/lib/client/worker/pending';
import type { QueueItem } from '@/lib/client/worker/queue';
import type { TaskView } from '@/lib/contract/tasks';
import { touchTarget } from './touch';
import { useWorkerClock } from './worker-clock';

/** YYYY-MM-DD of today plus `offset` days in the tenant's zone, the calendar the tasks' dates are in. */
function dayIn(timeZone: string, offset: number): string {
  const at = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function telHref(contact: TaskView['contact']): string | null {
  if (!contact.phone) return null;
  const digits = `${contact.phoneCountryCode ?? ''}${contact.phone}`.replace(/[^\d+]/g, '');
  return digits ? `tel:${digits}` : null;
}

export function contactName(contact: TaskView['contact']): string {
  return [contact.name, contact.surname].filter(Boolean).join(' ');
}

/** The time a worker reads first: the appointment's time and, with a time slot, the slot's window. */
export function TaskTime({ task }: { task: TaskView }) {
  const t = useTranslations('worker');
  const clock = useWorkerClock();
  const slot = task.timeSlot
    ? `${task.timeSlot.nameTimeSlot} ${formatClockTime(task.timeSlot.startTime, clock)}–${formatClockTime(task.timeSlot.endTime, clock)}`
    : null;
  return (
    <span className="flex items-center gap-1 font-medium text-slate-900">
      <Clock size={16} aria-hidden />
      {task.scheduleTime ? formatClockTime(task.scheduleTime, clock) : t('noTime')}
      {slot ? <span className="font-normal text-slate-600">· {slot}</span> : null}
    </span>
  );
}

export function WorkerTaskList({
  tasks,
  queue,
  tenantTimeZone,
  onOpen,
}: {
  tasks: TaskView[] | null;
  queue: QueueItem[];
  tenantTimeZone: string;
  onOpen: (id: number) => void;
}) {
  const t = useTranslations('worker');
  const { language } = useWorkerClock();
  if (!tasks) return <p className="py-6 text-center text-sm text-slate-500">{t('loading')}</p>;
  if (tasks.length === 0) return <p className="py-6 text-center text-sm text-slate-600">{t('noTasks')}</p>;
  const today = dayIn(tenantTimeZone, 0);
  const tomorrow = dayIn(tenantTimeZone, 1);

  function dayLabel(day: string | null): string {
    if (!day) return t('unscheduled');
    const date = formatLongDay(day, language);
    if (day === today) return t('today', { date });
    if (day === tomorrow) return t('tomorrow', { date });
    return date;
  }

  return (
    <div className="flex flex-col gap-4 pt-2">
      {groupByDay(tasks).map((group) => (
        <section key={group.day ?? 'none'} aria-label={dayLabel(group.day)}>
          <h2 className="mb-2 text-sm font-semibold text-slate-600 uppercase">{dayLabel(group.day)}</h2>
          <ul className="flex flex-col gap-2">
            {group.tasks.map((task) => {
              const tel = telHref(task.contact);
              const waiting = queue.filter((item) => item.taskId === task.id).length;
              return (
                <li key={task.id} className="rounded-lg border border-slate-200 bg-white shadow-sm">
                  <button
                    type="button"
                    onClick={() => onOpen(task.id)}
                    className="flex min-h-11 w-full flex-col items-start gap-1 p-3 text-left"
                  >
                    <span className="flex w-full items-center justify-between gap-2">
                      <TaskTime task={task} />
                      <TaskStatusTag statusId={task.statusId} />
                    </span>
                    <span className="text-base font-semibold">{task.title ?? task.type.type}</span>
                    <span className="text-sm text-slate-600">
                      {task.type.type}
                      {task.client ? ` · ${task.client.displayName}` : ''}
                    </span>
                    {task.location.address ? (
                      <span className="flex items-start gap-1 text-sm text-slate-700">
                        <MapPin size={16} className="mt-0.5 shrink-0" aria-hidden /> {task.location.address}
                      </span>
                    ) : null}
                    {waiting > 0 ? <span className="text-xs text-sky-800">{t('taskPending', { count: waiting })}</span> : null}
                  </button>
                  {tel ? (
                    <a href={tel} className={`${touchTarget} mx-3 mb-2 gap-2 px-2 text-sm text-brand`}>
                      <Phone size={16} aria-hidden />
                      {t('call', { name: contactName(task.contact) || task.contact.phone || '' })}
                    </a>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
