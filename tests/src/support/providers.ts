import mailparser from 'mailparser';
import selfsigned from 'selfsigned';
import { SMTPServer } from 'smtp-server';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Stand-ins for the message providers on this machine, for tests of `MESSAGE_DELIVERY=live`:
 * an HTTP server that takes LINK Mobility's `POST /sms/send`, and a real SMTP server (smtp-server)
 * with STARTTLS under a certificate made for the run.
 */

export interface SmsRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface SmsProvider {
  url: string;
  requests: SmsRequest[];
  /** Answer every following request with this HTTP status (200 accepts the message). */
  answer(status: number): void;
  /** Reads login codes: `mark()` before the request, `read(phone, mark)` after it. */
  tokens: { mark(): number; read(phone: string, mark: number): Promise<string | undefined> };
  close(): Promise<void>;
}

export async function startSmsProvider(): Promise<SmsProvider> {
  const requests: SmsRequest[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(raw || '{}') as Record<string, unknown>,
      });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        status === 200
          ? JSON.stringify({
              messageId: `m${requests.length}`,
              resultCode: 1005,
              description: 'Queued',
            })
          : JSON.stringify({ description: 'unavailable' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const read = async (phone: string, mark: number) => {
    for (let i = 0; i < 200; i++) {
      const sms = requests.slice(mark).filter((r) => r.body.destination === phone);
      const text = sms[sms.length - 1]?.body.userData;
      const code = /\b(\d{6})\b/.exec(typeof text === 'string' ? text : '')?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return undefined;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (s) => void (status = s),
    tokens: { mark: () => requests.length, read },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface ReceivedMail {
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  /** Arrived over TLS (STARTTLS). */
  secure: boolean;
  user: string | undefined;
}

export interface MailReceiver {
  /** `smtp://user:pass@127.0.0.1:port`: authentication and STARTTLS required. */
  url: string;
  /** A PEM file with the receiver's certificate, to trust (SMTP_CA_FILE). */
  caFile: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail to `to` at index `from` or later. */
  next(to: string, from?: number): Promise<ReceivedMail>;
  /** Stops the server (again: nothing more). */
  close(): Promise<void>;
}

export async function startMailReceiver(): Promise<MailReceiver> {
  const user = 'nordlog';
  const pass = 'mail-secret';
  const pem = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const dir = await mkdtemp(path.join(tmpdir(), 'nordlog-smtp-'));
  const caFile = path.join(dir, 'ca.pem');
  await writeFile(caFile, pem.cert);
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    key: pem.private,
    cert: pem.cert,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      mailparser.simpleParser(stream).then(
        (mail) => {
          mails.push({
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            from: mail.from?.text ?? '',
            to: Array.isArray(mail.to)
              ? mail.to.map((t) => t.text).join(', ')
              : (mail.to?.text ?? ''),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            secure: session.secure,
            user: typeof session.user === 'string' ? session.user : undefined,
          });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  let closing: Promise<void> | null = null;
  return {
    url: `smtp://${user}:${pass}@127.0.0.1:${port}`,
    caFile,
    mails,
    next: async (to, from = 0) => {
      for (let i = 0; i < 300; i++) {
        const mail = mails.slice(from).find((m) => m.envelopeTo.includes(to));
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no mail to ${to} arrived`);
    },
    close: () =>
      (closing ??= (async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await rm(dir, { recursive: true, force: true });
      })()),
  };
}

/** The environment of a start with `MESSAGE_DELIVERY=live` against these stand-ins. */
export function liveEnv(sms: SmsProvider, mail: MailReceiver): Record<string, string> {
  return {
    MESSAGE_DELIVERY: 'live',
    PUBLIC_URL: 'https://nordlog.example',
    SMTP_URL: mail.url,
    SMTP_CA_FILE: mail.caFile,
    MAIL_FROM: 'Nordlog <no-reply@nordlog.example>',
    SMS_PROVIDER_URL: sms.url,
    SMS_PROVIDER_USER: 'nordlog',
    SMS_PROVIDER_PASSWORD: 'sms-secret',
    SMS_PLATFORM_ID: 'COMMON_API',
    SMS_PLATFORM_PARTNER_ID: '4711',
    SMS_SENDER: 'Nordlog',
  };
}
