import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GET as report } from '@/app/api/web/tasks/[id]/report/route';
import { customFields, customFieldValues, tasks, tenants, users } from '@/db/schema';
import { getDb } from '@/lib/server/core/db';
import { createUser } from '../setup/fixtures';
import { call, expectTenantIsolation, signIn } from '../setup/http';
import { seedTask, taskCompany, useTemporaryStorage, type TaskCompany } from './helpers';
import { addNote, addSignature, attachFile, pngImage, readPdf, smallJpeg } from './report-fixtures';

let a: TaskCompany;
let b: TaskCompany;
let taskA: number;
let referenceA: number;
const a4 = { portrait: { width: 595, height: 842 }, landscape: { width: 842, height: 595 } };

const path = (id: number) => `/api/web/tasks/${id}/report`;
const owner = (company: TaskCompany) => ({ tenantId: company.tenantId, userId: company.owner.id });

async function fetchReport(id: number, cookie: string, query?: Record<string, string>) {
  const response = await call(report, { path: path(id), params: { id }, cookie, query });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes };
}

async function referenceOf(id: number): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ referenceNumber: tasks.referenceNumber }).from(tasks).where(eq(tasks.id, id));
  return row.referenceNumber;
}

beforeAll(async () => {
  useTemporaryStorage();
  a = await taskCompany();
  b = await taskCompany();
  const db = await getDb();
  taskA = await seedTask(a.tenantId, {
    typeId: a.types.repair,
    clientId: a.clients.active,
    assigneeId: a.worker.id,
    appointmentDate: new Date('2030-03-04T08:00:00Z'),
    durationMins: 90,
    locationAddress: 'Via Roma 1, Milano',
    contactName: 'Mario',
    contactSurname: 'Bianchi',
    contactPhone: '333 1234567',
    description: 'Boiler makes a noise',
  });
  referenceA = await referenceOf(taskA);
  await db.insert(customFieldValues).values([
    { tenantId: a.tenantId, taskId: taskA, customFieldId: a.fields.purchaseOrder, fieldValue: 'PO-4711' },
    {
      tenantId: a.tenantId,
      taskId: taskA,
      customFieldId: a.fields.materials,
      fieldValue: JSON.stringify([
        { id: 1, value: 'Filter', quantity: 2 },
        { id: 2, value: 'Valve', quantity: 1 },
      ]),
    },
  ]);
  await addNote(owner(a), taskA, 'Replaced the pressure valve', new Date('2030-03-04T09:30:00Z'));
  await addNote(owner(a), taskA, 'This note was deleted', new Date('2030-03-04T09:40:00Z'), new Date());
});

describe('GET tasks/{id}/report', () => {
  it('answers an inline PDF named after the reference, whose text carries the reference, client, a note and a custom field value', async () => {
    const { response, bytes } = await fetchReport(taskA, a.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="task-${referenceA}.pdf"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const pdf = readPdf(bytes);
    expect(pdf.text).toContain(`Task #${referenceA}`);
    expect(pdf.text).toContain('Rossi Srl');
    expect(pdf.text).toContain('Replaced the pressure valve');
    expect(pdf.text).toContain('PO-4711');
    expect(pdf.text).toContain('Filter × 2, Valve × 1');
    expect(pdf.text).toContain('Via Roma 1, Milano');
    expect(pdf.text).toContain('Mario Bianchi');
    expect(pdf.text).not.toContain('This note was deleted');
    expect(pdf.sizes[0]).toEqual(a4.portrait);
  });

  it('answers the same report as an attachment with download=1', async () => {
    const { response, bytes } = await fetchReport(taskA, a.cookie, { download: '1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="task-${referenceA}.pdf"`);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  it('may be framed by the app itself only, for the print preview', async () => {
    const { response } = await fetchReport(taskA, a.cookie);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });

  it('puts "Page n of total" and the generation time on every page', async () => {
    const { bytes } = await fetchReport(taskA, a.cookie);
    (await import('node:fs')).writeFileSync('/tmp/report-debug.pdf', bytes);
    const pdf = readPdf(bytes);
    pdf.pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pdf.pages.length}`);
      expect(page).toMatch(/Generated \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    });
  });

  it('gives each JPEG or PNG attachment a landscape A4 page with its name and description, and lists the files it cannot show', async () => {
    const id = await seedTask(a.tenantId, { typeId: a.types.survey, clientId: a.clients.active });
    await attachFile(owner(a), id, { bytes: smallJpeg, name: 'boiler-front.jpg', mimeType: 'image/jpeg', description: 'Front panel' });
    await attachFile(owner(a), id, { bytes: pngImage(60, 40), name: 'meter.png', mimeType: 'image/png', description: 'Meter reading' });
    await attachFile(owner(a), id, { bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), name: 'manual.pdf', mimeType: 'application/pdf', description: 'Manual' });
    await attachFile(owner(a), id, { bytes: Buffer.from('a,b\n1,2\n'), name: 'readings.csv', mimeType: 'text/csv' });
    await attachFile(owner(a), id, { bytes: Buffer.from('GIF89a....'), name: 'anim.gif', mimeType: 'image/gif' });
    // Named like a picture, but the bytes are not one: listed, and the report does not fail for it.
    await attachFile(owner(a), id, { bytes: Buffer.from('not really a jpeg'), name: 'broken.jpg', mimeType: 'image/jpeg' });
    await attachFile(owner(a), id, { bytes: smallJpeg, name: 'removed.jpg', mimeType: 'image/jpeg', deleted: new Date() });

    const { response, bytes } = await fetchReport(id, a.cookie);
    expect(response.status).toBe(200);
    const pdf = readPdf(bytes);
    expect(pdf.sizes).toEqual([a4.portrait, a4.landscape, a4.landscape, a4.landscape]);
    expect(pdf.pages[1]).toContain('Attachment 1 of 2: boiler-front.jpg');
    expect(pdf.pages[1]).toContain('Front panel');
    expect(pdf.pages[2]).toContain('Attachment 2 of 2: meter.png');
    expect(pdf.pages[2]).toContain('Meter reading');
    expect(pdf.images.filter((image) => image.page === 2)).toEqual([{ page: 2, width: 24, height: 16 }]);
    expect(pdf.images.filter((image) => image.page === 3)).toEqual([{ page: 3, width: 60, height: 40 }]);
    const list = pdf.pages[3];
    expect(list).toContain('Attachments not shown');
    expect(list).toContain('cannot be shown in the report');
    for (const name of ['manual.pdf', 'Manual', 'readings.csv', 'anim.gif', 'broken.jpg']) expect(list).toContain(name);
    expect(pdf.text).not.toContain('removed.jpg');
  });

  it('shows only the newest signature that is not deleted, as an image with its date', async () => {
    const id = await seedTask(a.tenantId, { typeId: a.types.survey });
    await addSignature(owner(a), id, { bytes: pngImage(30, 10), uploadedDate: new Date('2030-01-01T10:00:00Z') });
    await addSignature(owner(a), id, { bytes: pngImage(40, 10), uploadedDate: new Date('2030-01-02T10:00:00Z') });
    await addSignature(owner(a), id, {
      bytes: pngImage(50, 10),
      uploadedDate: new Date('2030-01-03T10:00:00Z'),
      deleted: new Date(),
    });
    const pdf = readPdf((await fetchReport(id, a.cookie)).bytes);
    expect(pdf.images.map((image) => image.width)).toEqual([40]);
    // 10:00 UTC is 11:00 in the tenant's zone, Europe/Rome.
    expect(pdf.text).toContain('Signed 02/01/2030 11:00');
  });

  it("writes the report in the user's language and clock, with times in the tenant's zone", async () => {
    const db = await getDb();
    const italian = await createUser(a.tenantId, { tasksManager: true });
    await db.update(users).set({ preferredLanguage: 'it', preferredTimeFormat: false }).where(eq(users.id, italian.id));
    const [flag] = await db
      .insert(customFields)
      .values({ tenantId: a.tenantId, fieldName: 'Caldaia a norma', fieldType: 'BOOLEAN' })
      .returning({ id: customFields.id });
    const id = await seedTask(a.tenantId, { typeId: a.types.survey, clientId: a.clients.active, statusId: 4 });
    await db.insert(customFieldValues).values({ tenantId: a.tenantId, taskId: id, customFieldId: flag.id, fieldValue: 'true' });
    await addNote(owner(a), id, 'Verificata la pressione: è già a posto, però serve un\'altra visita', new Date('2030-07-01T13:05:00Z'));
    await db.update(tenants).set({ timeZone: 'America/New_York' }).where(eq(tenants.id, a.tenantId));
    try {
      const cookie = await signIn(italian.username);
      const pdf = readPdf((await fetchReport(id, cookie)).bytes);
      expect(pdf.text).toContain(`Intervento n. ${await referenceOf(id)}`);
      expect(pdf.text).toContain("Stato dell'intervento");
      expect(pdf.text).toContain('Completato');
      expect(pdf.text).toContain('Caldaia a norma');
      expect(pdf.text).toContain('Sì');
      expect(pdf.text).toContain("Verificata la pressione: è già a posto, però serve un'altra visita");
      // 13:05 UTC is 09:05 in New York (summer time), on the 12-hour clock; Italian dates with 4-digit years as the app shows them.
      expect(pdf.text).toContain('01/07/2030 09:05 am');
      expect(pdf.pages[0]).toContain('Pagina 1 di 1');
      expect(pdf.pages[0]).toContain('Generato il');
    } finally {
      await db.update(tenants).set({ timeZone: 'Europe/Rome' }).where(eq(tenants.id, a.tenantId));
    }
  });

  it('follows the browser language when the user has no preference, French accents included', async () => {
    const response = await call(report, {
      path: path(taskA),
      params: { id: taskA },
      cookie: a.cookie,
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    const pdf = readPdf(Buffer.from(await response.arrayBuffer()));
    expect(pdf.text).toContain(`Intervention n° ${referenceA}`);
    expect(pdf.text).toContain('Détails de l\'intervention');
    expect(pdf.text).toContain('Généré le');
    expect(pdf.text).toContain('Durée estimée');
  });

  it('answers 401 when signed out', async () => {
    const response = await call(report, { path: path(taskA), params: { id: taskA } });
    expect(response.status).toBe(401);
  });

  it("answers 404 on another tenant's task, exactly like a missing one", async () => {
    const taskB = await seedTask(b.tenantId, { typeId: b.types.survey });
    await expectTenantIsolation({
      handler: report,
      path: path(taskB),
      params: { id: taskB },
      otherTenantCookie: a.cookie,
      ownerCookie: b.cookie,
    });
    const missing = await call(report, { path: path(2_000_000_000), params: { id: 2_000_000_000 }, cookie: a.cookie });
    expect(missing.status).toBe(404);
  });

  it('lets a worker print the tasks assigned to them and no other', async () => {
    const workerCookie = await signIn(a.worker.username);
    const own = await fetchReport(taskA, workerCookie);
    expect(own.response.status).toBe(200);
    expect(own.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const notTheirs = await seedTask(a.tenantId, { typeId: a.types.survey });
    const other = await call(report, { path: path(notTheirs), params: { id: notTheirs }, cookie: workerCookie });
    expect(other.status).toBe(404);
  });

  it('refuses a user who manages neither tasks nor works on them', async () => {
    const people = await createUser(a.tenantId, { usersManager: true });
    const response = await call(report, { path: path(taskA), params: { id: taskA }, cookie: await signIn(people.username) });
    expect(response.status).toBe(403);
  });
});
