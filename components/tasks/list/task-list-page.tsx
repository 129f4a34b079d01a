'use client';

import { useQueryClient } from '@tanstack/react-query';
import type { PaginationState, RowSelectionState } from '@tanstack/react-table';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { dateRangeOf } from '@/lib/contract/task-list';
import { todayIn } from '@/lib/contract/zoned-time';
import { applyCriteria, countActiveCriteria, type TaskFilterCriteria } from '@/lib/client/tasks/filters';
import type { ListScope } from '@/lib/client/tasks/merge';
import { referenceNumbersOf } from '@/lib/client/tasks/reference-numbers';
import { createSearchIndex } from '@/lib/client/tasks/search-index';
import { Feature } from '@/lib/contract/features';
import type { BulkStatusFailure, BulkStatusResult, TaskView } from '@/lib/contract/tasks';
import { BulkFailureAlert } from './bulk-failure-alert';
import { BulkStatusModal, type BulkStatusKind } from './bulk-status-modal';
import { ColumnChooser } from './column-chooser';
import { allColumnKeys, buildColumns, columnLabel } from './columns';
import { downloadTasksCsv } from './csv-export';
import { DuplicateModal } from './duplicate-modal';
import { FilterDrawer, type WorkerOption } from './filter-drawer';
import { TaskTable, taskPageSize } from './task-table';
import { TaskListToolbar, type BulkAction } from './toolbar';
import { useCellFormat } from './use-cell-format';
import { useColumnPreferences } from './use-column-preferences';
import { useServerMatches } from './use-server-matches';
import { resumeStreamAfter } from '@/lib/client/live-updates';
import { compareText } from '@/lib/contract/person-name';
import type { TaskListStart } from '@/lib/contract/task-list';
import { seedTaskListQueries, useCurrentUser, useReferenceData, useTasks } from './use-task-list';

const fallbackTimeZone = 'Europe/Rome';

/** Workers to filter by: whoever is assigned among the loaded tasks, by name. */
function workersOf(rows: readonly TaskView[]): WorkerOption[] {
  const byId = new Map<number, string>();
  for (const task of rows) {
    if (task.assignee) byId.set(task.assignee.id, `${task.assignee.name} ${task.assignee.surname}`.trim());
  }
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => compareText(a.name, b.name));
}

function TaskList({ unscheduled }: { unscheduled: boolean }) {
  const t = useTranslations('taskList');
  const tShell = useTranslations('shellFixes');
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const { data: user } = useCurrentUser();
  const reference = useReferenceData();
  const timeZone = user?.tenantTimeZone ?? fallbackTimeZone;

  const range = useMemo(
    () => (unscheduled || !user ? null : dateRangeOf(searchParams.get('from'), searchParams.get('to'), todayIn(timeZone))),
    [unscheduled, user, searchParams, timeZone],
  );
  const scope = useMemo<ListScope | null>(() => {
    if (unscheduled) return { kind: 'unscheduled' };
    return range ? { kind: 'scheduled', ...range } : null;
  }, [unscheduled, range]);
  const { rows, isLoading, isFetching, refetch } = useTasks(scope);

  const format = useCellFormat(user?.preferredTimeFormat ?? true, timeZone);
  const knownKeys = useMemo(() => allColumnKeys(reference.customFields), [reference.customFields]);
  const { shown, choose } = useColumnPreferences(user, knownKeys);
  const columns = useMemo(() => buildColumns(shown, reference.customFields, format), [shown, reference.customFields, format]);
  const labelOf = useCallback((key: string) => columnLabel(key, reference.customFields, format), [reference.customFields, format]);

  const [searchText, setSearchText] = useState('');
  const [criteria, setCriteria] = useState<TaskFilterCriteria>({});
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: taskPageSize });
  const [bulkKind, setBulkKind] = useState<BulkStatusKind | null>(null);
  const [duplicating, setDuplicating] = useState(false);
  const [failures, setFailures] = useState<BulkStatusFailure[]>([]);

  const searchIndex = useMemo(
    () => createSearchIndex({ task: format.taskStatus, billing: format.billingStatus }),
    [format],
  );
  const loadedIds = useMemo(() => rows.map((task) => task.id), [rows]);
  const serverMatches = useServerMatches(criteria, loadedIds);
  const visibleRows = useMemo(
    () => applyCriteria(searchIndex.filter(rows, searchText), criteria, serverMatches),
    [rows, searchIndex, searchText, criteria, serverMatches],
  );

  const rowsById = useMemo(() => new Map(rows.map((task) => [task.id, task])), [rows]);
  const selectedIds = Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number)
    .filter((id) => rowsById.has(id) && rowsById.get(id)?.cancelled === null);

  const firstPage = () => setPagination((current) => ({ ...current, pageIndex: 0 }));
  const lastPageIndex = Math.max(0, Math.ceil(visibleRows.length / taskPageSize) - 1);
  const shownPagination = pagination.pageIndex > lastPageIndex ? { ...pagination, pageIndex: lastPageIndex } : pagination;

  const withParams = (change: (params: URLSearchParams) => void) => {
    const params = new URLSearchParams(searchParams.toString());
    change(params);
    return `${pathname}?${params}`;
  };
  const openTask = (taskId: number | 'new') => router.push(withParams((params) => params.set('task', String(taskId))));
  const changeRange = (from: string, to: string) => {
    router.replace(
      withParams((params) => {
        params.set('from', from);
        params.set('to', to);
      }),
    );
    setSelection({});
    firstPage();
  };

  const onAction = (action: BulkAction) => {
    if (action === 'duplicate') setDuplicating(true);
    else setBulkKind(action === 'taskStatus' ? 'task' : 'billing');
  };

  const onBulkDone = (result: BulkStatusResult) => {
    setBulkKind(null);
    setSelection({});
    setFailures(result.failed);
    if (result.updated.length > 0) toast.success(t('bulkStatus.updated', { count: result.updated.length }));
    void refetch();
  };

  const exportCsv = () => {
    downloadTasksCsv(visibleRows, shown, reference.customFields, format, {
      timeZone,
      minutesHeader: (column) => tShell('csvMinutesHeader', { column }),
    });
  };

  return (
    <section className="flex flex-col gap-4" aria-labelledby="task-list-title">
      <h1 id="task-list-title" className="text-lg font-semibold text-slate-900">
        {unscheduled ? t('titleUnscheduled') : t('titleScheduled')}
      </h1>
      <TaskListToolbar
        range={range}
        onRangeChange={changeRange}
        onReload={() => void refetch()}
        reloading={isFetching}
        onExport={exportCsv}
        columnChooser={<ColumnChooser keys={knownKeys} labelOf={labelOf} shown={shown} onChange={choose} />}
        searchText={searchText}
        onSearchChange={(text) => {
          setSearchText(text);
          firstPage();
        }}
        activeFilters={countActiveCriteria(criteria)}
        onOpenFilters={() => setFiltersOpen(true)}
        selectedCount={selectedIds.length}
        onAction={onAction}
        onAdd={() => openTask('new')}
      />
      {failures.length > 0 ? (
        <BulkFailureAlert
          failed={failures}
          onDismiss={() => setFailures([])}
          onOpenTask={(taskId, missingFieldIds) =>
            router.push(
              withParams((params) => {
                params.set('task', String(taskId));
                params.set('missingFields', missingFieldIds.join(','));
              }),
            )
          }
        />
      ) : null}
      <TaskTable
        rows={visibleRows}
        columns={columns}
        loading={isLoading || (!unscheduled && !user)}
        selection={selection}
        onSelectionChange={setSelection}
        pagination={shownPagination}
        onPaginationChange={setPagination}
        onOpenTask={openTask}
      />
      {filtersOpen ? (
        <FilterDrawer
          open
          initial={criteria}
          taskTypes={reference.taskTypes}
          clients={reference.clients}
          workers={workersOf(rows)}
          customFields={reference.customFields}
          onClose={() => setFiltersOpen(false)}
          onApply={(next) => {
            setCriteria(next);
            setFiltersOpen(false);
            firstPage();
          }}
        />
      ) : null}
      {bulkKind ? (
        <BulkStatusModal
          kind={bulkKind}
          taskIds={selectedIds}
          cancellationReasons={reference.cancellationReasons}
          onClose={() => setBulkKind(null)}
          onDone={onBulkDone}
        />
      ) : null}
      {duplicating ? (
        <DuplicateModal
          taskIds={selectedIds}
          referenceNumbersOf={(taskIds) => referenceNumbersOf(taskIds, rowsById)}
          customFields={reference.customFields}
          timeSlotsEnabled={user?.features.includes(Feature.timeSlots) ?? false}
          onClose={() => setDuplicating(false)}
          onDone={(copies) => {
            setDuplicating(false);
            setSelection({});
            toast.success(t('duplicate.done', { count: copies.length }));
            void refetch();
          }}
        />
      ) : null}
    </section>
  );
}

/** The task list screen, its cached lists seeded with what the server read while rendering the page. */
export function TaskListPage({ unscheduled, start }: { unscheduled: boolean; start: TaskListStart }) {
  const queryClient = useQueryClient();
  // Seeded before the list's first render, once per opening, so that render already has the server's rows.
  useState(() => seedTaskListQueries(queryClient, start));
  // The stream replays what changed since the server read the list.
  useEffect(() => resumeStreamAfter(start.changeSeq), [start.changeSeq]);
  return <TaskList key={unscheduled ? 'unscheduled' : 'scheduled'} unscheduled={unscheduled} />;
}
