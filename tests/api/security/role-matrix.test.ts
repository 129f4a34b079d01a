import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOperations } from '@/app/api/operations';
import { createUser } from '../setup/fixtures';
import { future, seedTask, useTemporaryStorage } from '../tasks/helpers';
import { bodyCases, permissions, type Permission } from './permissions';
import { buildRequest, callsOf, inPool, pathParamKind, pathParams, queryOf, send, type Call } from './requests';
import { closeOutsideServices, seedTenant, type SeededTenant } from './tenant-seed';

/**
 * Drives every cell of the hand-written permissions table (tests/api/security/permissions.ts): a principal outside
 * a cell gets 403 (a worker on someone else's task: 404), one inside gets neither 401 nor 403.
 */

type Principal = 'owner' | 'tasksManager' | 'usersManager' | 'billingManager' | 'worker' | 'apiKey';
const managers: Permission[] = ['owner', 'tasksManager', 'usersManager', 'billingManager'];
/** The roles each principal holds: an owner (and a key given the owner role) holds the four manager roles. */
const held: Record<Principal, Permission[]> = {
  owner: managers,
  apiKey: managers,
  tasksManager: ['tasksManager'],
  usersManager: ['usersManager'],
  billingManager: ['billingManager'],
  worker: ['assignee', 'ownTask'],
};
const principals = Object.keys(held) as Principal[];
const neverUsedId = 2_000_000_000;

let tenant: SeededTenant;
let othersTask: number;

beforeAll(async () => {
  useTemporaryStorage();
  closeOutsideServices();
  tenant = await seedTenant('MATRIXMARK', 'matrix', { ownerIsAssignee: false });
  const otherWorker = await createUser(tenant.tenantId, { assignee: true });
  othersTask = await seedTask(tenant.tenantId, { typeId: tenant.ids.type, title: 'Another worker’s task', assigneeId: otherWorker.id, appointmentDate: new Date(future(1)), durationMins: 60 });
});

afterAll(() => {
  delete process.env.XERO_IDENTITY_URL;
  delete process.env.XERO_API_URL;
  delete process.env.XERO_TIMEOUT_MS;
});

interface Cell {
  row: string;
  call: Call;
  principal: Principal;
  /** allowed: not 401/403; forbidden: 403; notFound: 404 (a worker on another worker's task). */
  expect: 'allowed' | 'forbidden' | 'notFound';
  taskId?: number;
}

function rowsOf(call_: Call): string[] {
  const cases = Object.keys(bodyCases).filter((row) => row.startsWith(`${call_.name} (`));
  return cases.length > 0 ? cases : [call_.name];
}

function cellsOf(row: string, call_: Call, rule: Permission[]): Cell[] {
  return principals.flatMap((principal): Cell[] => {
    const roles = held[principal];
    const inside =
      rule.includes('signedIn') || (rule.includes('session') && principal !== 'apiKey') || rule.some((permission) => roles.includes(permission));
    if (principal === 'worker' && rule.includes('ownTask')) {
      return [
        { row, call: call_, principal, expect: 'allowed', taskId: tenant.ids.task },
        { row, call: call_, principal, expect: 'notFound', taskId: othersTask },
      ];
    }
    return [{ row, call: call_, principal, expect: inside ? 'allowed' : 'forbidden' }];
  });
}

async function drive(cell: Cell): Promise<string | undefined> {
  const { call: call_, principal } = cell;
  const write = call_.operation.method !== 'GET';
  const params = Object.fromEntries(
    pathParams(call_.operation.path).map((name) => {
      const kind = pathParamKind(call_.operation.path, name);
      if (cell.taskId && kind === 'task') return [name, cell.taskId];
      // A manager's allowed write names a never-used id: the role check passed once it answers 404, and the
      // seeded records stay for the other cells.
      if (write && cell.expect === 'allowed' && !cell.taskId) return [name, neverUsedId];
      return [name, tenant.ids[kind]];
    }),
  );
  if (call_.operation.path === '/api/web/users/{id}/profile-picture') params.id = tenant.ids.owner;
  const { query, json, form } = buildRequest(call_, tenant, params);
  const body = bodyCases[cell.row] && json !== undefined ? { ...(json as object), ...bodyCases[cell.row] } : json;
  const auth = principal === 'apiKey' ? { headers: { authorization: `Bearer ${tenant.apiKey}` } } : { cookie: tenant.cookies[principal] };
  const answer = await send(call_, { ...auth, params, query: queryOf(query), ...(form ? { form: form(body) } : body !== undefined ? { json: body } : {}) });
  const seen = `${cell.row} as ${principal}${cell.taskId === othersTask ? ' (another worker’s task)' : ''}: ${answer.status} ${answer.text.slice(0, 160)}`;
  if (cell.expect === 'forbidden' && answer.status !== 403) return `expected 403, ${seen}`;
  if (cell.expect === 'notFound' && answer.status !== 404) return `expected 404, ${seen}`;
  if (cell.expect === 'allowed' && [401, 403].includes(answer.status)) return `expected access, ${seen}`;
  if (cell.expect === 'allowed' && cell.taskId && answer.status === 404) return `expected the worker's own task, ${seen}`;
  if (answer.status >= 500 && answer.code !== 'geocoder.notConfigured') return `server error, ${seen}`;
  return undefined;
}

describe('role matrix', () => {
  it('every call in the permissions table, and every table row a call', async () => {
    const calls = callsOf(await apiOperations()).filter((call_) => call_.contract.access === 'authenticated');
    const rows = calls.flatMap(rowsOf);
    expect(rows.filter((row) => !permissions[row]), 'calls missing from the permissions table').toEqual([]);
    expect(Object.keys(permissions).filter((row) => !rows.includes(row)), 'table rows without a call').toEqual([]);
  });

  it('answers 403 outside each cell, 404 on another worker’s task, and neither inside', async () => {
    const calls = callsOf(await apiOperations()).filter((call_) => call_.contract.access === 'authenticated');
    const cells = calls.flatMap((call_) => rowsOf(call_).flatMap((row) => (permissions[row] ? cellsOf(row, call_, permissions[row]) : [])));
    // Reads first, then writes: a write may change what a later read sees, never the other way round.
    const ordered = [...cells.filter((cell) => cell.call.operation.method === 'GET'), ...cells.filter((cell) => cell.call.operation.method !== 'GET')];
    const failures: string[] = [];
    await inPool(ordered, 8, async (cell) => {
      const failure = await drive(cell);
      if (failure) failures.push(failure);
    });
    const passed = cells.length - failures.length;
    console.info(`role matrix: ${cells.length} cells (${calls.length} calls × ${principals.length} principals, + worker-on-another's-task cells), ${passed} as specified (${((passed / cells.length) * 100).toFixed(1)} %)`);
    expect(failures.sort()).toEqual([]);
  });
});
