import { Document, Image as PdfImage, Page, Text, View } from '@react-pdf/renderer';
import type { ReportAttachment, ReportData } from './data';
import type { ReportReader } from './format';
import { ClientSection, CustomFieldsSection, DetailsSection, NotesSection, SignatureSection } from './sections';
import { styles } from './styles';

/** Spec 01 §9: every page carries its number and the time the report was made, in the tenant's zone. */
function Footer({ reader, generatedAt }: { reader: ReportReader; generatedAt: Date }) {
  return (
    <View style={styles.footer} fixed>
      <Text>{reader.t('generated', { date: reader.instant(generatedAt) })}</Text>
      <Text render={({ pageNumber, totalPages }) => reader.t('page', { page: pageNumber, total: totalPages })} />
    </View>
  );
}

const longest = 120;
const shortened = (text: string) => (text.length > longest ? `${text.slice(0, longest - 1)}…` : text);

function uploadedLine(attachment: ReportAttachment, reader: ReportReader): string {
  const date = reader.instant(attachment.uploadedDate);
  return attachment.uploader
    ? reader.t('uploadedBy', { date, name: attachment.uploader })
    : reader.t('uploaded', { date });
}

type Shown = ReportAttachment & { image: NonNullable<ReportAttachment['image']> };

/** One landscape page per picture, scaled to fit; the page never spills over, whatever the text above it. */
function AttachmentPage(props: {
  attachment: Shown;
  index: number;
  count: number;
  reader: ReportReader;
  generatedAt: Date;
}) {
  const { attachment, index, count, reader, generatedAt } = props;
  return (
    <Page size="A4" orientation="landscape" style={styles.page}>
      <Text style={styles.attachmentTitle}>
        {reader.t('attachmentHeading', { index, count, filename: shortened(attachment.filename) })}
      </Text>
      <Text style={styles.attachmentMeta}>
        {[attachment.description, uploadedLine(attachment, reader)].filter(Boolean).join(' · ')}
      </Text>
      <PdfImage style={styles.attachmentImage} src={attachment.image.data} cache={false} />
      <Footer reader={reader} generatedAt={generatedAt} />
    </Page>
  );
}

/** Files a PDF cannot show (PDF, CSV, GIF, BMP, TIFF...) are named, so the reader knows they exist. */
function NotShownPage({ files, reader, generatedAt }: { files: ReportAttachment[]; reader: ReportReader; generatedAt: Date }) {
  return (
    <Page size="A4" orientation="landscape" style={styles.page}>
      <Text style={styles.sectionTitle}>{reader.t('sections.attachments')}</Text>
      <Text style={[styles.muted, { marginBottom: 8 }]}>{reader.t('notShownNote')}</Text>
      {files.map((file, index) => (
        <View key={index} style={styles.listItem} wrap={false}>
          <Text style={styles.listName}>{file.filename}</Text>
          <Text style={styles.noteMeta}>{[file.description, uploadedLine(file, reader)].filter(Boolean).join(' · ')}</Text>
        </View>
      ))}
      <Footer reader={reader} generatedAt={generatedAt} />
    </Page>
  );
}

export function TaskReportDocument({
  data,
  reader,
  generatedAt,
}: {
  data: ReportData;
  reader: ReportReader;
  generatedAt: Date;
}) {
  const { task } = data;
  const shown = data.attachments.filter((attachment): attachment is Shown => attachment.image !== null);
  const notShown = data.attachments.filter((attachment) => attachment.image === null);
  const reference = reader.t('reference', { referenceNumber: task.referenceNumber });
  return (
    <Document
      title={reader.t('documentTitle', { referenceNumber: task.referenceNumber })}
      author={data.companyName}
      language={reader.language}
      creationDate={generatedAt}
    >
      <Page size="A4" style={styles.page}>
        {data.companyName ? <Text style={styles.company}>{data.companyName}</Text> : null}
        <Text style={styles.heading}>{reader.t('heading')}</Text>
        <Text style={styles.subheading}>{`${reference} · ${task.type.type}`}</Text>
        <DetailsSection task={task} reader={reader} />
        <ClientSection task={task} reader={reader} />
        <CustomFieldsSection task={task} reader={reader} />
        <NotesSection notes={data.notes} reader={reader} />
        <SignatureSection signature={data.signature} reader={reader} />
        <Footer reader={reader} generatedAt={generatedAt} />
      </Page>
      {shown.map((attachment, index) => (
        <AttachmentPage
          key={index}
          attachment={attachment}
          index={index + 1}
          count={shown.length}
          reader={reader}
          generatedAt={generatedAt}
        />
      ))}
      {notShown.length > 0 ? <NotShownPage files={notShown} reader={reader} generatedAt={generatedAt} /> : null}
    </Document>
  );
}
