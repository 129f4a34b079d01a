import { expect } from 'vitest';
import type { FieldProblems } from '@/lib/contract/errors';
import { createCompany, createUser } from '../setup/fixtures';
import { call, signIn, type CallOptions } from '../setup/http';

type Handler = Parameters<typeof call>[0];

export interface ErrorBody {
  error: { code: string; message: string; fields?: FieldProblems };
}

/** A company with signed-in sessions of its owner, a worker and one user of each single manager role. */
export async function companyWithSessions(features: number[] = []) {
  const company = await createCompany({ features });
  const tasksManager = await createUser(company.tenantId, { tasksManager: true });
  const usersManager = await createUser(company.tenantId, { usersManager: true });
  const billingManager = await createUser(company.tenantId, { billingManager: true });
  const [owner, tasksManagerCookie, usersManagerCookie, billingManagerCookie, worker] = await Promise.all([
    signIn(company.owner.username),
    signIn(tasksManager.username),
    signIn(usersManager.username),
    signIn(billingManager.username),
    signIn(company.worker.username),
  ]);
  return {
    tenantId: company.tenantId,
    ownerId: company.owner.id,
    cookies: {
      owner,
      tasksManager: tasksManagerCookie,
      usersManager: usersManagerCookie,
      billingManager: billingManagerCookie,
      worker,
    },
  };
}

export async function send(handler: Handler, options: CallOptions & { cookie: string }) {
  const response = await call(handler, { method: options.json === undefined ? 'GET' : 'POST', ...options });
  return { status: response.status, body: (await response.json()) as unknown };
}

export async function expectOk<T>(handler: Handler, options: CallOptions & { cookie: string }): Promise<T> {
  const response = await send(handler, options);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as T;
}

/** The answer must be this status with this error code, and the error body is returned for further checks. */
export async function expectError(
  handler: Handler,
  options: CallOptions & { cookie: string },
  status: number,
  code: string,
): Promise<ErrorBody['error']> {
  const response = await send(handler, options);
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const { error } = response.body as ErrorBody;
  expect(error.code).toBe(code);
  return error;
}

export const forbiddenMessage = 'You are not allowed to perform this operation.';
