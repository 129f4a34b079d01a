'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { RecordDrawer } from '@/components/record-drawer/record-drawer';
import { useRecordDrawerTexts } from '@/components/record-drawer/record-drawer-texts';
import { useRecordActions } from '@/components/record-drawer/use-record-actions';
import { Field, TextInput } from '@/components/ui/field';
import { useErrorText } from '@/lib/client/error-text';
import type { Problem } from '@/lib/contract/errors';
import { codedParse, problemOfIssue } from '@/lib/contract/problems';
import { noHoursText, TemplateBody, weekDays, type DayKey, type TemplateView } from '@/lib/contract/working-hours';
import { WeekGrid } from './week-grid';

type WeekHours = Record<DayKey, string>;

interface TemplateForm {
  name: string;
  hours: WeekHours;
}

const formOf = (view: TemplateView | null): TemplateForm => ({
  name: view?.name ?? '',
  hours: Object.fromEntries(
    weekDays.map((day) => [day, view?.days.find((entry) => entry.day === day)?.hours ?? noHoursText]),
  ) as WeekHours,
});

/** The spec's template drawer width (spec 02 §9): room for 48 half-hour cells a day. */
const templateDrawerWidth = 850;
const nameMaxLength = 100;

/** Adds (templateId null) or modifies a working-hours template: its name and its week of half-hour cells. */
export function TemplateDrawer({
  open,
  templateId,
  onClose,
  onSaved,
  onDeleted,
}: {
  open: boolean;
  templateId: number | null;
  onClose: () => void;
  onSaved?: (template: TemplateView) => void;
  onDeleted?: (id: number) => void;
}) {
  const t = useTranslations('workingHours.templates');
  const texts = useRecordDrawerTexts('workingHours.templates');
  const formId = useId();
  const [initial, setInitial] = useState<TemplateForm>(() => formOf(null));
  const [name, setName] = useState(initial.name);
  const [hours, setHours] = useState<WeekHours>(initial.hours);
  const errorText = useErrorText();
  /** What is wrong with the name, the form's own check or the server's (a name already taken), by its code. */
  const [nameProblem, setNameProblem] = useState<Problem | undefined>();
  const nameError = nameProblem ? errorText(nameProblem) : undefined;
  const editing = templateId !== null;
  const dirty = name !== initial.name || weekDays.some((day) => hours[day] !== initial.hours[day]);

  const resetTo = (view: TemplateView | null) => {
    const start = formOf(view);
    setInitial(start);
    setName(start.name);
    setHours(start.hours);
    setNameProblem(undefined);
  };

  const { loading, busy, close, save, remove } = useRecordActions<TemplateView>({
    open,
    collection: 'working-hours',
    id: templateId,
    namespace: 'workingHours.templates',
    resetTo,
    onFieldError: (path, problem) => {
      if (path === 'name') setNameProblem(problem);
    },
    // A name already taken (409) is said beside the name, by its code.
    fieldErrorStatuses: [400, 409],
    onClose,
    onSaved,
    onDeleted,
    updateQuery: `?changeName=${name.trim() !== initial.name.trim()}`,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = TemplateBody.safeParse({ name, days: weekDays.map((day) => ({ day, hours: hours[day] })) }, codedParse);
    if (!parsed.success) {
      const issue = parsed.error.issues.find((entry) => entry.path[0] === 'name');
      setNameProblem(issue ? problemOfIssue(issue) : undefined);
      return;
    }
    void save(parsed.data);
  };

  return (
    <RecordDrawer
      open={open}
      title={editing ? t('editTitle') : t('addTitle')}
      formId={formId}
      texts={texts}
      loading={loading}
      dirty={dirty}
      editing={editing}
      busy={busy}
      onClose={close}
      onDelete={remove}
      width={templateDrawerWidth}
    >
      <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field label={t('name')} error={nameError}>
          <TextInput
            value={name}
            maxLength={nameMaxLength}
            invalid={nameError !== undefined}
            onChange={(event) => {
              setName(event.target.value);
              setNameProblem(undefined);
            }}
          />
        </Field>
        <WeekGrid value={hours} onChange={setHours} disabled={busy} label={t('grid')} />
      </form>
    </RecordDrawer>
  );
}
