import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { simpleParser, type ParsedMail } from 'mailparser';
import { LocalSmtp } from '../../api/outbox/stand-ins';
import { e2eDatabaseUrl } from './database';

const run = promisify(execFile);

/**
 * A real SMTP server for one spec, on the port after the run's stand-ins (E2E_PORT + 3), and the real sender
 * pointed at it: `npm run worker -- --once --to <address>` delivers what is due for that one address. The e2e app
 * itself keeps OUTBOX_WORKER=off, so every other message stays queued for the specs that read the outbox table.
 */
export class SpecMailbox {
  private readonly smtp = new LocalSmtp();

  async start(): Promise<void> {
    this.smtp.port = Number(process.env.E2E_PORT ?? 3100) + 3;
    await this.smtp.start();
  }

  stop(): Promise<void> {
    return this.smtp.stop();
  }

  /** Runs one delivery round for `address` in its own process and returns the mail the server received. */
  async deliverTo(address: string): Promise<ParsedMail> {
    const databaseUrl = e2eDatabaseUrl();
    if (!databaseUrl) throw new Error('Delivering needs the e2e run on PostgreSQL (DATABASE_URL).');
    const before = this.smtp.received.length;
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, SMTP_URL: this.smtp.url, MAIL_FROM: 'FieldOps <office@fieldops.test>' };
    for (const name of ['SMS_URL', 'SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM']) delete env[name];
    await run('npm', ['run', '--silent', 'worker', '--', '--once', '--to', address], { env, timeout: 60_000 });
    const mails = this.smtp.received.slice(before).filter((mail) => mail.to.includes(address));
    if (mails.length !== 1) throw new Error(`Expected one mail to ${address}, the SMTP server received ${mails.length}.`);
    return simpleParser(mails[0]?.raw ?? '');
  }
}
