import { describe, expect, it } from 'vitest';
import { findLeak } from '../api/fuzz/leaks';

const leaking: [string, string][] = [
  ['stack frame', 'TypeError: x is undefined\n    at getTask (/work/app/lib/server/tasks/read.ts:10:5)\n    at async run (node:internal/x:1:1)'],
  ['stack frame', JSON.stringify({ error: { stack: 'Error: boom\n    at Object.<anonymous> (file:///srv/app/.next/server/chunk.js:1:200)' } })],
  ['stack frame', 'at processTicksAndRejections (node:internal/process/task_queues:95:5)'],
  ['error class', '{"error":{"message":"TypeError: Cannot convert undefined"}}'],
  ['internal message', "Cannot read properties of undefined (reading 'id')"],
  ['file path', '{"message":"ENOENT: no such file or directory, open \'/work/main/lib/server/x.ts\'"}'],
  ['file path', 'see node_modules/drizzle-orm/pg-core/session.js'],
  ['sql', 'Failed query: select "id", "title" from "tasks" where "tasks"."id" = $1\nparams: NaN'],
  ['sql', '{"message":"select * from tasks where id = $1"}'],
  ['sql', 'select count(*) from "clients"'],
  ['sql', 'insert into "clients" ("name", "tenant_id") values ($1, $2)'],
  ['sql', 'update "tasks" set "status_id" = $1 where "id" = $2'],
  ['sql', 'delete from "zones" where "id" = $1'],
  ['sql error', 'error: syntax error at or near "from"'],
  ['sql error', 'invalid input syntax for type integer: "NaN"'],
  ['sql error', 'insert or update on table "tasks" violates foreign key constraint "tasks_client_id_fkey"'],
  ['sql error', 'relation "taskz" does not exist'],
  ['sql error', 'value "99999999999" is out of range for type integer'],
  ['sql error', 'invalid byte sequence for encoding "UTF8": 0x00'],
  ['sql error', '{"code":"22P02","routine":"pg_strtoint32_safe"}'],
  ['sql error', '{"error":{"code":"42703"}}'],
];

const clean: string[] = [
  '{"error":{"code":"VALIDATION","message":"The request is not valid.","fields":{"id":["Too big: expected number to be <=2147483647"]},"requestId":"3f1c"}}',
  '{"error":{"code":"NOT_FOUND","message":"No such task.","requestId":"a1"}}',
  '{"error":{"code":"INTERNAL","message":"An error occurred. Please try again.","requestId":"b2"}}',
  '{"id":22003,"title":"Select a client from the list","notes":"Meet at 10:30, update the boiler settings"}',
  '{"address":"Via Roma 1, 20121 Milano","description":"delete the old filter; insert a new one"}',
  'id,title,client\n1,"Boiler check",ACME\n',
  '{"name":"\\u0000\\ud800 ☃ مرحبا 1\' OR \'1\'=\'1 --"}',
];

describe('the leak detector of the fuzzing suite', () => {
  it.each(leaking)('finds a %s', (name, text) => {
    expect(findLeak(text)?.name).toBe(name);
  });

  it.each(clean)('passes an answer that leaks nothing: %s', (text) => {
    expect(findLeak(text)).toBeNull();
  });
});
