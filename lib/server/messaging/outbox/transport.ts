import 'server-only';
import nodemailer from 'nodemailer';
import { env } from '@/lib/server/core/env';

export type Channel = 'EMAIL' | 'SMS';

export interface OutgoingMessage {
  channel: Channel;
  recipient: string;
  subject: string | null;
  body: string;
  /** E-mail only. */
  attachments?: readonly { filename: string; contentType: string; content: Buffer }[];
}

/** Which channels have a provider configured; an unconfigured channel's messages wait in the outbox. */
export function configuredChannels(): Record<Channel, boolean> {
  return {
    EMAIL: env.smtpUrl !== undefined,
    SMS: env.smsUrl !== undefined && env.smsAccountSid !== undefined && env.smsAuthToken !== undefined && env.smsFrom !== undefined,
  };
}

/** How long one provider call may take before it counts as a failed attempt (a hung SMTP server must not stall the job). */
const providerTimeoutMs = 20_000;

async function sendEmail(smtpUrl: string, message: OutgoingMessage): Promise<void> {
  // The timeouts are the transport's own options beside its URL (a second argument would be message defaults).
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: providerTimeoutMs,
    greetingTimeout: providerTimeoutMs,
    socketTimeout: providerTimeoutMs,
  });
  try {
    await transport.sendMail({
      from: env.mailFrom,
      to: message.recipient,
      subject: message.subject ?? '',
      text: message.body,
      attachments: (message.attachments ?? []).map(({ filename, contentType, content }) => ({ filename, contentType, content })),
    });
  } finally {
    transport.close();
  }
}

/** Twilio's Messages resource: a form POST with basic auth; any 2xx means the provider took the message. */
async function sendSms(message: OutgoingMessage): Promise<void> {
  const sid = env.smsAccountSid ?? '';
  const url = `${(env.smsUrl ?? '').replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${sid}:${env.smsAuthToken ?? ''}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ From: env.smsFrom ?? '', To: message.recipient, Body: message.body }),
    signal: AbortSignal.timeout(providerTimeoutMs),
    // The account's credentials go in this request: a redirect must not carry them to another host.
    redirect: 'error',
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new Error(`SMS provider answered ${response.status}: ${text.slice(0, 300)}`);
  }
}

/** Hands one message to its provider; resolves only once the provider accepted it. */
export async function deliver(message: OutgoingMessage): Promise<void> {
  if (message.channel === 'EMAIL') {
    if (!env.smtpUrl) throw new Error('SMTP_URL is not set');
    await sendEmail(env.smtpUrl, message);
  } else {
    await sendSms(message);
  }
}
