import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { GET as me } from '@/app/api/web/me/route';
import {
  apiKeys,
  autoScheduleRuns,
  cancellationReasons,
  clients,
  customFields,
  features,
  notifications,
  rateLimits,
  skills,
  storedFiles,
  taskFiles,
  taskNotes,
  taskSignatures,
  taskTypes,
  tasks,
  tenantFeatures,
  tenants,
  timeSlots,
  users,
  workerUnavailability,
  workingHoursTemplates,
  zones,
} from '@/db/schema';
import { seedIfEmpty } from '@/db/seed';
import { demoPassword } from '@/db/seed/people';
import type { ApiOperation } from '@/lib/server/http/openapi/types';
import { hashApiKey } from '@/lib/server/people/auth/api-keys';
import { getDb } from '@/lib/server/core/db';
import { call, signIn } from '../setup/http';
import { startXeroStandIn, type XeroStandIn } from '../support/xero-stand-in';
import { findLeak, isTextual } from './leaks';
import { hugeRequests, mainCaller, requestArbitrary, type FuzzRequest, type IdPools } from './requests';

/** 150 per operation keeps a local run short; `npm test` on CI (CI set) runs 1,000, the count. FUZZ_SEED replays a run. */
export const runsPerOperation = Number(process.env.FUZZ_RUNS ?? 150);
export const fuzzSeed = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const inFlight = 12;

/** Which seeded table a path parameter names: the segment before it, or the parameter's own name. */
const tableOf = {
  tasks, cancelRecurring: tasks, recurring: tasks, reset: tasks, 'auto-schedule': autoScheduleRuns,
  cancellation_reason: cancellationReasons, clients, 'custom-field': customFields, key: apiKeys, notification: notifications,
  skills, 'task-types': taskTypes, tenant_feature: features, 'time-slot': timeSlots, users,
  'worker-unavailability': workerUnavailability, 'working-hours': workingHoursTemplates, zones, fileId: taskFiles,
  noteId: taskNotes, signatureId: taskSignatures, pictureId: storedFiles,
} as const;
type PooledTable = (typeof tableOf)[keyof typeof tableOf];

export interface Failure {
  operation: string;
  index: number;
  status: number;
  problem: string;
  request: string;
}

export interface Tally {
  operation: string;
  requests: number;
  statuses: Map<number, number>;
}

interface Credentials {
  owner: string;
  worker: string;
  key: string;
}

/** The demo tenants seeded into this file's database, signed-in sessions, an API key, loopback stand-ins. */
export class FuzzWorld {
  readonly failures: Failure[] = [];
  readonly tallies: Tally[] = [];
  private credentials!: Credentials;
  private pools = new Map<PooledTable, number[]>();
  private geocoder!: Server;
  private xero!: XeroStandIn;
  private demoTenantId = 0;

  async start(): Promise<void> {
    process.env.STORAGE_DIR = mkdtempSync(path.join(tmpdir(), 'fuzz-files-'));
    this.geocoder = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify([{ display_name: 'Via Roma 1, Milano', lat: '45.46', lon: '9.19' }]));
    });
    await new Promise<void>((resolve) => this.geocoder.listen(0, '127.0.0.1', resolve));
    process.env.GEOCODER_URL = `http://127.0.0.1:${(this.geocoder.address() as AddressInfo).port}`;
    this.xero = await startXeroStandIn({ apps: [{ clientId: 'fuzz-client', clientSecret: 'fuzz-secret', kind: 'CUSTOM' }] });
    process.env.XERO_IDENTITY_URL = this.xero.identityUrl;
    process.env.XERO_API_URL = this.xero.apiUrl;
    const db = await getDb();
    await seedIfEmpty(db);
    const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.displayName, 'Demo Services'));
    this.demoTenantId = tenant.id;
    for (const table of new Set<PooledTable>(Object.values(tableOf))) {
      const rows = await db.select({ id: table.id }).from(table).orderBy(asc(table.id)).limit(60);
      this.pools.set(table, rows.map((row) => Number(row.id)));
    }
    this.credentials = { owner: '', worker: '', key: '' };
    await this.restore();
  }

  async stop(): Promise<void> {
    this.geocoder.closeAllConnections();
    this.geocoder.close();
    await this.xero.close();
    for (const name of ['STORAGE_DIR', 'GEOCODER_URL', 'XERO_IDENTITY_URL', 'XERO_API_URL']) delete process.env[name];
  }

  readonly idPools: IdPools = (routePath, param) => {
    const segments = routePath.split('/');
    const at = segments.indexOf(`{${param}}`);
    const table = lookup(param) ?? lookup(segments[at - 1]);
    return table ? (this.pools.get(table) ?? []) : [];
  };

  /**
   * Undoes what a fuzzed call may have done to the callers themselves: features switched off, roles taken,
   * accounts deactivated, sessions ended, the key deleted. Rows the calls wrote stay.
   */
  async restore(): Promise<void> {
    const db = await getDb();
    const tenantId = this.demoTenantId;
    const all = await db.select({ id: features.id }).from(features);
    await db.insert(tenantFeatures).values(all.map((feature) => ({ tenantId, featureId: feature.id }))).onConflictDoNothing();
    await db.update(users).set({ owner: true, tasksManager: true, usersManager: true, billingManager: true, active: true, deleted: null }).where(eq(users.username, 'owner@demo.test'));
    await db.update(users).set({ assignee: true, active: true, deleted: null }).where(eq(users.username, 'worker1@demo.test'));
    for (const who of ['owner', 'worker'] as const) {
      if (this.credentials[who] && (await call(me, { cookie: this.credentials[who] })).status === 200) continue;
      // The login fuzzing exhausts the sign-in limits of the loopback address; these sign-ins are the harness's own.
      await db.delete(rateLimits);
      this.credentials[who] = await signIn(`${who === 'owner' ? 'owner' : 'worker1'}@demo.test`, demoPassword);
    }
    if (!this.credentials.key || (await call(me, { headers: { authorization: `Bearer ${this.credentials.key}` } })).status !== 200) {
      const key = randomBytes(32).toString('base64url');
      const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'owner@demo.test'));
      await db.insert(apiKeys).values({ tenantId, createdById: owner.id, name: `fuzz ${key.slice(0, 6)}`, keyHash: hashApiKey(key), keyPrefix: key.slice(0, 6) });
      this.credentials.key = key;
    }
  }

  /** Generates and sends the operation's requests, restoring the callers between chunks; tallies every status. */
  async fuzz(operation: ApiOperation, operationIndex: number): Promise<void> {
    const name = `${operation.method} ${operation.path}`;
    const tally: Tally = { operation: name, requests: 0, statuses: new Map() };
    this.tallies.push(tally);
    const generated = fc.sample(requestArbitrary(operation, this.idPools), { numRuns: runsPerOperation, seed: fuzzSeed + operationIndex });
    const requests = [...generated, ...hugeRequests(operation, mainCaller(operation))];
    const chunk = 250;
    for (let start = 0; start < requests.length; start += chunk) {
      const slice = requests.slice(start, start + chunk);
      let next = 0;
      const worker = async () => {
        while (next < slice.length) {
          const index = start + next++;
          await this.send(operation, name, requests[index], index, tally);
        }
      };
      await Promise.all(Array.from({ length: inFlight }, worker));
      await this.restore();
    }
  }

  private async send(operation: ApiOperation, name: string, request: FuzzRequest, index: number, tally: Tally): Promise<void> {
    let status: number;
    let problem: string | null = null;
    try {
      const response = await call(operation.handler, { ...this.toCall(operation, request), declaredCodes: false });
      status = response.status;
      const contentType = response.headers.get('content-type');
      if (contentType?.includes('text/event-stream') || !isTextual(contentType)) {
        await response.body?.cancel();
      } else {
        const leak = findLeak(await response.text());
        if (leak) problem = `${leak.name}: ${leak.excerpt}`;
      }
      if (status >= 500) problem ??= 'server error';
    } catch (error) {
      status = 599;
      problem = `the handler threw: ${String(error)}`;
    }
    tally.requests++;
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
    if (problem) this.failures.push({ operation: name, index, status, problem, request: describe(request) });
  }

  private toCall(operation: ApiOperation, request: FuzzRequest) {
    const headers: Record<string, string> = {};
    let cookie: string | undefined;
    if (request.caller === 'owner' || request.caller === 'worker') cookie = this.credentials[request.caller];
    if (request.caller === 'key') headers.authorization = `Bearer ${this.credentials.key}`;
    if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey;
    let body: BodyInit | undefined;
    const withBody = operation.method !== 'GET';
    if (withBody && request.body && 'parts' in request.body) {
      const form = new FormData();
      for (const part of request.body.parts) {
        if (part.filename === undefined) form.append(part.name, part.value);
        else form.append(part.name, new Blob([Buffer.from(part.value, 'latin1')], { type: part.type }), part.filename);
      }
      body = form;
    } else if (withBody && request.body && 'text' in request.body) {
      body = request.body.text;
      if (request.body.contentType) headers['content-type'] = request.body.contentType;
    }
    let routePath = operation.path;
    for (const [key, value] of Object.entries(request.params)) routePath = routePath.replace(`{${key}}`, safeSegment(value));
    return { method: operation.method, path: routePath, params: request.params, query: request.query, body, cookie, headers, ip: '127.0.0.1' };
  }
}

function lookup(name: string | undefined): PooledTable | undefined {
  return name !== undefined && name in tableOf ? tableOf[name as keyof typeof tableOf] : undefined;
}

function safeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return 'x';
  }
}

function describe(request: FuzzRequest): string {
  return JSON.stringify(request, (_key, value: unknown) => (typeof value === 'string' && value.length > 300 ? `${value.slice(0, 300)}…(${value.length} chars)` : value));
}

/** The table for the issue note: per operation the requests and the count of each status. */
export function summary(tallies: readonly Tally[]): string {
  const statuses = [...new Set(tallies.flatMap((tally) => [...tally.statuses.keys()]))].sort((a, b) => a - b);
  const header = ['operation', 'requests', ...statuses.map(String)];
  const rows = tallies.map((tally) => [tally.operation, String(tally.requests), ...statuses.map((status) => String(tally.statuses.get(status) ?? ''))]);
  const total = ['total', String(tallies.reduce((sum, tally) => sum + tally.requests, 0)), ...statuses.map((status) => String(tallies.reduce((sum, tally) => sum + (tally.statuses.get(status) ?? 0), 0)))];
  const widths = header.map((_, column) => Math.max(...[header, ...rows, total].map((row) => row[column].length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  return [line(header), ...rows.map(line), line(total)].join('\n');
}
