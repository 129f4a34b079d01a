import { Image as PdfImage, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import type { TaskView } from '@/lib/contract/tasks';
import type { ReportNote, ReportSignature } from './data';
import type { ReportReader } from './format';
import { styles } from './styles';

type Fields = ReportReader['t'] extends (key: infer Key, ...rest: never[]) => string ? Key : never;
type FieldKey = Extract<Fields, `fields.${string}`>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <View style={styles.section}>
      {/* A title never ends a page alone: it moves on with the first lines of its section. */}
      <Text style={styles.sectionTitle} minPresenceAhead={40}>
        {title}
      </Text>
      {children}
    </View>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.row} wrap={false}>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{value}</Text>
    </View>
  );
}

/** Rows whose value is empty are left out, so a short task reads short. */
function Rows({ reader, rows }: { reader: ReportReader; rows: Array<[FieldKey, string | null | undefined]> }) {
  const shown = rows.filter((row): row is [FieldKey, string] => typeof row[1] === 'string' && row[1].trim() !== '');
  if (shown.length === 0) return <Text style={styles.muted}>{reader.t('none')}</Text>;
  return (
    <>
      {shown.map(([key, value]) => (
        <Row key={key} label={reader.t(key)} value={value} />
      ))}
    </>
  );
}

function minutes(reader: ReportReader, value: number | null): string | null {
  return value === null ? null : reader.t('minutes', { minutes: value });
}

export function DetailsSection({ task, reader }: { task: TaskView; reader: ReportReader }) {
  const slot = task.timeSlot;
  return (
    <Section title={reader.t('sections.details')}>
      <Rows
        reader={reader}
        rows={[
          ['fields.taskType', task.type.type],
          ['fields.title', task.title],
          ['fields.status', reader.taskStatus(task.statusId)],
          ['fields.billingStatus', reader.billingStatus(task.billingStatusId)],
          ['fields.worker', task.assignee ? `${task.assignee.name} ${task.assignee.surname}`.trim() : null],
          ['fields.scheduleDate', task.scheduleDate ? reader.date(task.scheduleDate) : null],
          ['fields.scheduleTime', task.scheduleTime && !slot ? reader.time(task.scheduleTime) : null],
          [
            'fields.timeSlot',
            slot
              ? reader.t('timeSlotRange', {
                  name: slot.nameTimeSlot,
                  start: reader.time(slot.startTime),
                  end: reader.time(slot.endTime),
                })
              : null,
          ],
          ['fields.estimatedDuration', task.appointment ? minutes(reader, task.estimatedDuration) : null],
          ['fields.actualDuration', minutes(reader, task.actualDuration)],
          ['fields.externalReference', task.externalReference],
          ['fields.created', reader.instant(task.created)],
          ['fields.completed', task.completedAt ? reader.instant(task.completedAt) : null],
          ['fields.cancelled', task.cancelled ? reader.instant(task.cancelled) : null],
          ['fields.cancellationReason', task.cancelled ? reader.cancellationReason(task.cancellationReason) : null],
          ['fields.rating', task.rating === null ? null : String(task.rating)],
          ['fields.feedback', task.feedbackComment],
          ['fields.description', task.description],
        ]}
      />
    </Section>
  );
}

export function ClientSection({ task, reader }: { task: TaskView; reader: ReportReader }) {
  const { contact, location } = task;
  const contactName = [contact.name, contact.surname].filter(Boolean).join(' ');
  const phone = [contact.phoneCountryCode, contact.phone].filter(Boolean).join(' ');
  const coordinates =
    location.latitude !== null && location.longitude !== null ? `${location.latitude}, ${location.longitude}` : null;
  return (
    <>
      <Section title={reader.t('sections.client')}>
        <Rows reader={reader} rows={[['fields.client', task.client?.displayName]]} />
      </Section>
      <Section title={reader.t('sections.contact')}>
        <Rows
          reader={reader}
          rows={[
            ['fields.contactName', contactName],
            ['fields.phone', phone],
          ]}
        />
      </Section>
      <Section title={reader.t('sections.location')}>
        <Rows
          reader={reader}
          rows={[
            ['fields.address', location.address],
            ['fields.coordinates', coordinates],
          ]}
        />
      </Section>
    </>
  );
}

export function CustomFieldsSection({ task, reader }: { task: TaskView; reader: ReportReader }) {
  return (
    <Section title={reader.t('sections.customFields')}>
      {task.customFieldValues.length === 0 ? (
        <Text style={styles.muted}>{reader.t('none')}</Text>
      ) : (
        task.customFieldValues.map((value) => (
          <Row key={value.customFieldId} label={value.customFieldName} value={reader.fieldValue(value)} />
        ))
      )}
    </Section>
  );
}

export function NotesSection({ notes, reader }: { notes: ReportNote[]; reader: ReportReader }) {
  return (
    <Section title={reader.t('sections.notes')}>
      {notes.length === 0 ? (
        <Text style={styles.muted}>{reader.t('none')}</Text>
      ) : (
        notes.map((note, index) => (
          <View key={index} style={styles.note}>
            <Text style={styles.noteMeta}>
              {reader.t('noteBy', { author: note.author ?? reader.t('unknownUser'), date: reader.instant(note.date) })}
            </Text>
            <Text>{note.note}</Text>
          </View>
        ))
      )}
    </Section>
  );
}

export function SignatureSection({ signature, reader }: { signature: ReportSignature | null; reader: ReportReader }) {
  return (
    <View wrap={false}>
      <Section title={reader.t('sections.signature')}>
        {!signature ? (
          <Text style={styles.muted}>{reader.t('noSignature')}</Text>
        ) : (
          <>
            {signature.image ? (
              <PdfImage style={styles.signature} src={signature.image.data} cache={false} />
            ) : (
              <Text style={styles.muted}>{reader.t('signatureNotShown')}</Text>
            )}
            <Text style={styles.noteMeta}>{reader.t('signedAt', { date: reader.instant(signature.uploadedDate) })}</Text>
          </>
        )}
      </Section>
    </View>
  );
}
