import pg from 'pg';
import type { CsvImportResult, CsvImportStreamLine } from '../../lib/contract/csv-import';
import type { AppServer, AppServerOptions } from './app-server';
import { signIn } from './bench-http';
import { healthy, restartApp, type CaseTally } from './restart-kill';
import { readNdjsonLines } from './ndjson-stream';

/** The app as the restart bench runs it: the server now serving, and how to start it again. */
export interface RunningApp {
  server: AppServer;
  options: AppServerOptions;
  admin: pg.Client;
}

export interface UploadAnswer {
  status: number;
  /** The last stream line's result, or null when the stream broke or ended on an error line. */
  result: CsvImportResult | null;
  /** The last progress figure the client saw: what a user watching the modal knew when the server died. */
  processedSeen: number;
}

/**
 * POST {path}/upload/csv as the import modal sends it (multipart, Accept: application/x-ndjson), reading the stream
 * to its end. Throws when the connection breaks, as it does when the server is killed.
 */
export async function uploadCsv(baseUrl: string, cookie: string, path: string, csv: string, seen?: (processed: number) => void): Promise<UploadAnswer> {
  const form = new FormData();
  form.set('csvFile', new File([csv], 'restart.csv', { type: 'text/csv' }));
  const response = await fetch(`${baseUrl}/api/web/${path}/upload/csv?validateOnly=false`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl, accept: 'application/x-ndjson' },
    body: form,
  });
  if (!response.ok || !response.body) return { status: response.status, result: null, processedSeen: 0 };
  let processedSeen = 0;
  const last = await readNdjsonLines<CsvImportStreamLine>(response.body, (line) => {
    if (line.type === 'progress') {
      processedSeen = line.processed;
      seen?.(processedSeen);
    }
  });
  return { status: response.status, result: last?.type === 'result' ? last : null, processedSeen };
}

/**
 * Starts the app again after a kill, checks that it answers, and answers a session cookie: the one given when the
 * session survived the restart (sessions live in the database), else a new sign-in, noted.
 */
export async function restart(app: RunningApp, tally: CaseTally, cookie: string, username: string, password?: string): Promise<string> {
  const { server, restartMs } = await restartApp(app.options);
  app.server = server;
  tally.restartMs.push(restartMs);
  if (!(await healthy(server.baseUrl))) tally.violations.push('GET /api/health did not answer 200 after the restart');
  const me = await fetch(`${server.baseUrl}/api/web/me`, { headers: { cookie } });
  if (me.ok) return cookie;
  tally.notes.push(`the session did not survive the restart (GET me ${me.status}); signed in again`);
  return signIn(server.baseUrl, username, password);
}
