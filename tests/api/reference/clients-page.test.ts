import { beforeAll, describe, expect, it } from 'vitest';
import { DELETE as remove } from '@/app/api/web/clients/[id]/route';
import { GET as list, POST as create } from '@/app/api/web/clients/route';
import type { ClientPage } from '@/lib/contract/client-csv';
import type { ClientView } from '@/lib/contract/clients';
import { companyWithSessions, expectError, expectOk } from './helpers';

type Company = Awaited<ReturnType<typeof companyWithSessions>>;
let a: Company;
let b: Company;

const add = (cookie: string, json: unknown) => expectOk<ClientView>(create, { method: 'POST', cookie, json });

beforeAll(async () => {
  [a, b] = await Promise.all([companyWithSessions(), companyWithSessions()]);
  for (let index = 1; index <= 12; index += 1) await add(a.cookies.owner, { displayName: `Client ${String(index).padStart(2, '0')}` });
  await add(a.cookies.owner, {
    displayName: 'Zeta 100% Impianti',
    defaultContact: { name: 'Mario', phone: '3331234567' },
    defaultTaskLocation: { address: 'Via Garibaldi 5, Torino' },
    billingContact: { email: 'conti@zeta.example' },
  });
  const gone = await add(a.cookies.owner, { displayName: 'Client Deleted' });
  await expectOk(remove, { method: 'DELETE', cookie: a.cookies.owner, params: { id: gone.id } });
  await add(b.cookies.owner, { displayName: 'Client of B' });
});

const page = (cookie: string, query: Record<string, string>) => expectOk<ClientPage>(list, { cookie, query });

describe('GET clients with page and size', () => {
  it('answers one page by name with the total of live clients of the tenant', async () => {
    const first = await page(a.cookies.tasksManager, { page: '1', size: '5' });
    expect(first).toMatchObject({ total: 13, page: 1, size: 5 });
    expect(first.items.map((client) => client.displayName)).toEqual(['Client 01', 'Client 02', 'Client 03', 'Client 04', 'Client 05']);
    const last = await page(a.cookies.tasksManager, { page: '3', size: '5' });
    expect(last.items.map((client) => client.displayName)).toEqual(['Client 11', 'Client 12', 'Zeta 100% Impianti']);
    expect((await page(a.cookies.tasksManager, { page: '9', size: '5' })).items).toEqual([]);
    expect(await page(a.cookies.tasksManager, { size: '20' })).toMatchObject({ total: 13, page: 1 });
  });

  it('filters by name and shown details, any case, with % and _ taken literally', async () => {
    const byAddress = await page(a.cookies.owner, { page: '1', size: '10', filter: 'GARIBALDI' });
    expect(byAddress.items.map((client) => client.displayName)).toEqual(['Zeta 100% Impianti']);
    expect((await page(a.cookies.owner, { page: '1', size: '10', filter: 'conti@zeta' })).total).toBe(1);
    expect((await page(a.cookies.owner, { page: '1', size: '10', filter: '333123' })).total).toBe(1);
    expect((await page(a.cookies.owner, { page: '1', size: '10', filter: '100%' })).total).toBe(1);
    expect((await page(a.cookies.owner, { page: '1', size: '10', filter: 'Client _1' })).total).toBe(0);
    expect((await page(a.cookies.owner, { page: '1', size: '10', filter: 'deleted' })).total).toBe(0);
  });

  it('keeps the answer without page or size a plain list, which the filter narrows', async () => {
    const all = await expectOk<ClientView[]>(list, { cookie: a.cookies.owner });
    expect(all).toHaveLength(13);
    const filtered = await expectOk<ClientView[]>(list, { cookie: a.cookies.owner, query: { filter: 'client 1' } });
    expect(filtered.map((client) => client.displayName)).toEqual(['Client 10', 'Client 11', 'Client 12']);
  });

  it('never shows another tenant’s clients', async () => {
    const ofB = await page(b.cookies.owner, { page: '1', size: '100' });
    expect(ofB.items.map((client) => client.displayName)).toEqual(['Client of B']);
    expect((await page(a.cookies.owner, { page: '1', size: '10', filter: 'of B' })).total).toBe(0);
  });

  it('refuses a page or size out of range', async () => {
    await expectError(list, { cookie: a.cookies.owner, query: { page: '0' } }, 400, 'request.invalid');
    await expectError(list, { cookie: a.cookies.owner, query: { size: '101' } }, 400, 'request.invalid');
    await expectError(list, { cookie: a.cookies.owner, query: { size: 'ten' } }, 400, 'request.invalid');
  });
});
