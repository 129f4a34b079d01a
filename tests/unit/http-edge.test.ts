import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const edgeRules = new Set(['no-restricted-imports', 'no-restricted-globals', 'no-restricted-syntax']);

/** The messages of the HTTP-edge rules `npm run lint` gives for a file at `filePath` holding `code`. */
async function lintAt(filePath: string, code: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: process.cwd() }).lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId !== null && edgeRules.has(message.ruleId)).map((message) => message.message);
}

const edgeOnly = expect.stringContaining('Only lib/server/http handles HTTP');

const samples = {
  requestType: 'export function read(request: Request): string | null {\n  return request.url;\n}\n',
  responseValue: "export const answer = () => Response.json({ ok: true });\n",
  newResponse: "export const answer = () => new Response('text');\n",
  headersType: 'export const cookie = (headers: Headers) => headers.get(\'cookie\');\n',
  nextServer: "import { NextResponse } from 'next/server';\nexport const answer = () => NextResponse.json({});\n",
  httpByAlias: "import { clientIp } from '@/lib/server/http/security';\nexport const address = clientIp;\n",
  httpByPath: "import { readCsvUpload } from '../../http/csv-import/csv-file';\nexport const read = readCsvUpload;\n",
};

describe('HTTP kept at the edge by lint', () => {
  it('refuses Request, Response and Headers under the domain wings, as types and as values', async () => {
    expect(await lintAt('lib/server/tasks/files/example.ts', samples.requestType)).toEqual([edgeOnly]);
    expect(await lintAt('lib/server/people/auth/example.ts', samples.responseValue)).toEqual([edgeOnly]);
    expect(await lintAt('lib/server/messaging/links/example.ts', samples.newResponse)).toEqual([edgeOnly]);
    expect(await lintAt('lib/server/people/auth/example.ts', samples.headersType)).toEqual([edgeOnly]);
    expect(await lintAt('lib/server/core/example.ts', samples.requestType)).toEqual([edgeOnly]);
  });

  it('refuses next/server and lib/server/http under the domain wings, by alias or relative path', async () => {
    expect(await lintAt('lib/server/people/users/example.ts', samples.nextServer)).toEqual([edgeOnly]);
    expect(await lintAt('lib/server/people/auth/example.ts', samples.httpByAlias)).toEqual([edgeOnly]);
    expect(await lintAt('lib/server/tasks/import/example.ts', samples.httpByPath)).toEqual([edgeOnly]);
  });

  it('keeps the other layer rules and the env rule there', async () => {
    expect(await lintAt('lib/server/tasks/example.ts', "import { x } from '@/lib/client/task-form/time';\nexport const y = x;\n")).toEqual([
      expect.stringContaining('lib/server never imports lib/client'),
    ]);
    expect(await lintAt('lib/server/tasks/example.ts', 'export const port = process.env.PORT;\n')).toEqual([
      expect.stringContaining('Read configuration through lib/server/core/env.ts'),
    ]);
  });

  it('lets lib/server/http handle HTTP, and the integrations type what their own fetch() answers', async () => {
    for (const code of [samples.requestType, samples.responseValue, samples.headersType, samples.httpByAlias]) {
      expect(await lintAt('lib/server/http/example.ts', code)).toEqual([]);
    }
    const fetched = "import type { Fetched } from '../fetched';\nexport const ok = (response: Fetched) => response.ok;\n";
    expect(await lintAt('lib/server/integrations/geocoder/example.ts', fetched)).toEqual([]);
  });
});
