import { performance } from 'node:perf_hooks';
import { createSearchIndex } from '../lib/client/tasks/search-index';
import type { TaskView } from '../lib/contract/tasks';
import { makeTask } from '../tests/unit/task-list/fixtures';

/**
 * The task list's free-text filter over 2,000 loaded rows, one keystroke at a time, as a user types several
 * queries. The first pass builds the per-row lowercased text; later keystrokes reuse it. Prints figures only.
 */
const rowCount = 2000;
const types = ['Boiler repair', 'Plumbing repair', 'Air conditioning installation', 'Heat pump commissioning', 'Smoke detector check'];
const clients = ['Trattoria Da Mario', 'Farmacia Centrale', 'Hotel Duomo', 'Studio Bianchi', 'Condominio Aurora'];
const streets = ['Via Roma', 'Corso Como', 'Viale Monza', 'Via Torino', 'Piazza Duomo'];
const people = [['Giulia', 'Rossi'], ['Marco', 'Bianchi'], ['Luca', 'Esposito'], ['Sara', 'Ricci']];
const statusNames = ['', 'Pending', 'In progress', 'Paused', 'Completed', 'Cancelled'];
const billingNames = ['', 'Pending', 'Not invoiceable', 'Invoiced', 'Cancelled'];

function generatedTask(index: number): TaskView {
  const [name, surname] = people[index % people.length];
  return makeTask({
    id: index + 1,
    referenceNumber: 100000 + index,
    title: types[index % types.length],
    typeId: index % types.length,
    type: { id: index % types.length, type: types[index % types.length], deleted: false },
    clientId: index % clients.length,
    client: { id: index % clients.length, displayName: clients[index % clients.length], deleted: false },
    description: `Visit number ${index}: client reports an issue with the unit`,
    assigneeId: index % people.length,
    assignee: { id: index % people.length, name, surname },
    statusId: (index % 5) + 1,
    billingStatusId: (index % 4) + 1,
    location: { address: `${streets[index % streets.length]} ${index}, Milano`, latitude: null, longitude: null },
    customFieldValues: [
      { id: index, customFieldId: 1, customFieldName: 'Customer PO number', taskId: index + 1, fieldValue: `PO-${index * 7}`, fieldType: 'TEXT', requiredType: 'ON_SAVE' },
      { id: index + rowCount, customFieldId: 2, customFieldName: 'Site access', taskId: index + 1, fieldValue: 'Key at reception', fieldType: 'SINGLE_SELECT', requiredType: null },
    ],
  });
}

const rows = Array.from({ length: rowCount }, (_, index) => generatedTask(index));
const index = createSearchIndex({ task: (id) => statusNames[id], billing: (id) => billingNames[id] });
const queries = ['giulia rossi', 'via torino 12', 'po-140', 'completed', 'no such text at all'];

const timings: number[] = [];
let firstKeystroke = 0;
let matched = 0;
for (const query of queries) {
  for (let length = 1; length <= query.length; length += 1) {
    const started = performance.now();
    matched = index.filter(rows, query.slice(0, length)).length;
    const elapsed = performance.now() - started;
    if (timings.length === 0) firstKeystroke = elapsed;
    timings.push(elapsed);
  }
}

const sorted = [...timings].sort((a, b) => a - b);
const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
console.log(`rows: ${rowCount}, keystrokes: ${timings.length}, last query matched: ${matched}`);
console.log(`first keystroke (builds the index): ${firstKeystroke.toFixed(2)} ms`);
console.log(`median: ${at(0.5).toFixed(3)} ms, p95: ${at(0.95).toFixed(3)} ms, max: ${sorted.at(-1)?.toFixed(3)} ms (target ≤ 100 ms)`);
