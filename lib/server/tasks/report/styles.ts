import { StyleSheet } from '@react-pdf/renderer';

/** A4 in points; the footer sits in the bottom margin. */
export const a4 = { width: 595.28, height: 841.89 } as const;
export const margin = 36;
const footerRoom = 56;

/** The picture box of a landscape attachment page: the page less its margins, heading and footer. */
export const attachmentImageBox = {
  width: a4.height - 2 * margin,
  height: a4.width - margin - footerRoom - 58,
} as const;

export const signatureBox = { width: 220, height: 110 } as const;

const ink = '#0f172a';
const muted = '#64748b';
const rule = '#cbd5e1';

// Helvetica is one of the PDF standard fonts: every viewer has it, nothing is downloaded or embedded.
export const styles = StyleSheet.create({
  page: {
    paddingTop: margin,
    paddingHorizontal: margin,
    paddingBottom: footerRoom,
    fontFamily: 'Helvetica',
    fontSize: 10,
    color: ink,
  },
  company: { fontSize: 9, color: muted },
  heading: { fontSize: 18, fontFamily: 'Helvetica-Bold', marginTop: 4 },
  subheading: { fontSize: 12, marginTop: 4, marginBottom: 6 },
  section: { marginTop: 12 },
  sectionTitle: {
    fontSize: 11,
    fontFamily: 'Helvetica-Bold',
    borderBottomWidth: 1,
    borderBottomColor: rule,
    paddingBottom: 2,
    marginBottom: 4,
  },
  row: { flexDirection: 'row', paddingVertical: 2 },
  label: { width: '34%', color: muted, paddingRight: 8 },
  value: { flex: 1 },
  note: { marginBottom: 6, lineHeight: 1.3 },
  noteMeta: { fontSize: 8.5, color: muted },
  muted: { color: muted },
  signature: { width: signatureBox.width, height: signatureBox.height, objectFit: 'contain', marginTop: 4 },
  attachmentTitle: { fontSize: 12, fontFamily: 'Helvetica-Bold' },
  attachmentMeta: { fontSize: 9, color: muted, marginBottom: 6 },
  attachmentImage: {
    width: attachmentImageBox.width,
    height: attachmentImageBox.height,
    objectFit: 'contain',
  },
  listItem: { marginBottom: 5 },
  listName: { fontFamily: 'Helvetica-Bold' },
  footer: {
    position: 'absolute',
    left: margin,
    right: margin,
    bottom: 22,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 8.5,
    color: muted,
    borderTopWidth: 0.5,
    borderTopColor: rule,
    paddingTop: 4,
  },
});
