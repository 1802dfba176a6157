import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import mailparser from 'mailparser';
import selfsigned from 'selfsigned';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { SmtpEmailSender, smtpTransportOptions } from './smtp.js';
import { DeliveryError, type EmailMessage } from './types.js';

interface Received {
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  /** The message travelled over TLS (STARTTLS or implicit). */
  secure: boolean;
  user: string | undefined;
}

const USER = 'mailer';
// Characters that must be percent-encoded in the URL and decoded again.
const PASSWORD = 's3cret:p@ss/word';
const credentials = `${USER}:${encodeURIComponent(PASSWORD)}`;

let pem: { cert: string; key: string };

/** A real SMTP server on this machine, collecting what arrives. */
async function receiver(options: Partial<SMTPServerOptions> & { refuse?: string } = {}) {
  const received: Received[] = [];
  const { refuse, ...serverOptions } = options;
  const server = new SMTPServer({
    key: pem.key,
    cert: pem.cert,
    logger: false,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD)
        callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address === refuse)
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      mailparser.simpleParser(stream).then(
        (mail) => {
          received.push({
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
    ...serverOptions,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const reset: EmailMessage = {
  channel: 'email',
  to: 'kari.nordmann@example.com',
  subject: 'Set your Nordlog password',
  body: 'Open https://nordlog.example/auth/set-password/abc123 within one hour.',
};

async function failure(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

describe('SMTP e-mail adapter (nodemailer) against a local SMTP server', () => {
  const servers: { close(): Promise<void> }[] = [];
  const senders: SmtpEmailSender[] = [];
  const sender = (url: string, trust = true) => {
    const s = new SmtpEmailSender({
      url,
      from: 'Nordlog <no-reply@nordlog.example>',
      ...(trust ? { tlsCa: pem.cert } : {}),
      timeoutMs: 5000,
    });
    senders.push(s);
    return s;
  };
  const start = async (options: Parameters<typeof receiver>[0] = {}) => {
    const r = await receiver(options);
    servers.push(r);
    return r;
  };

  beforeAll(async () => {
    const generated = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
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
    pem = { cert: generated.cert, key: generated.private };
  });
  afterAll(async () => {
    for (const s of senders) s.close();
    await Promise.all(servers.map((s) => s.close()));
  });

  it('S7-CALL-021 delivers over STARTTLS with the URL credentials: recipient, From, subject and body arrive', async () => {
    const server = await start();
    await sender(`smtp://${credentials}@127.0.0.1:${server.port}`).send(reset);
    expect(server.received).toEqual([
      {
        envelopeTo: ['kari.nordmann@example.com'],
        from: '"Nordlog" <no-reply@nordlog.example>',
        to: 'kari.nordmann@example.com',
        subject: 'Set your Nordlog password',
        text: 'Open https://nordlog.example/auth/set-password/abc123 within one hour.\n',
        secure: true,
        user: USER,
      },
    ]);
  });

  it('speaks TLS from the first byte with smtps://', async () => {
    const server = await start({ secure: true });
    await sender(`smtps://${credentials}@127.0.0.1:${server.port}`).send(reset);
    expect(server.received.map((m) => [m.subject, m.secure, m.user])).toEqual([
      ['Set your Nordlog password', true, USER],
    ]);
  });

  it('never sends the password in clear: a server without STARTTLS gets nothing (service failure)', async () => {
    const server = await start({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    const error = await failure(
      sender(`smtp://${credentials}@127.0.0.1:${server.port}`).send(reset),
    );
    expect(error.scope).toBe('service');
    expect(server.received).toEqual([]);
  });

  it('without credentials it uses STARTTLS when offered, and plain SMTP only when not', async () => {
    const offering = await start({ authOptional: true });
    await sender(`smtp://127.0.0.1:${offering.port}`).send(reset);
    expect(offering.received.map((m) => [m.secure, m.user])).toEqual([[true, undefined]]);
    const plain = await start({ authOptional: true, disabledCommands: ['STARTTLS'] });
    await sender(`smtp://127.0.0.1:${plain.port}`).send(reset);
    expect(plain.received.map((m) => m.secure)).toEqual([false]);
  });

  it('verifies the certificate: an untrusted one is a service failure and nothing is sent', async () => {
    const server = await start();
    const error = await failure(
      sender(`smtp://${credentials}@127.0.0.1:${server.port}`, false).send(reset),
    );
    expect(error.scope).toBe('service');
    expect(server.received).toEqual([]);
  });

  it('tells a refused recipient (recipient failure) from a wrong password or a dead server (service failures)', async () => {
    const server = await start({ refuse: 'nobody@example.com' });
    const refused = await failure(
      sender(`smtp://${credentials}@127.0.0.1:${server.port}`).send({
        ...reset,
        to: 'nobody@example.com',
      }),
    );
    expect(refused.scope).toBe('recipient');
    expect(refused.channel).toBe('email');
    const wrong = await failure(
      sender(`smtp://${USER}:wrong@127.0.0.1:${server.port}`).send(reset),
    );
    expect(wrong.scope).toBe('service');
    expect(wrong.message).toContain('EAUTH');
    const closed = await start();
    await closed.close();
    servers.splice(servers.indexOf(closed), 1);
    const dead = await failure(sender(`smtp://127.0.0.1:${closed.port}`).send(reset));
    expect(dead.scope).toBe('service');
    expect(server.received).toEqual([]);
  });

  it('reads host, port, TLS mode and percent-encoded credentials from the URL', () => {
    expect(
      smtpTransportOptions({ url: 'smtp://user:p%40ss@mail.example:2525', from: 'a@b.no' }),
    ).toMatchObject({
      host: 'mail.example',
      port: 2525,
      secure: false,
      requireTLS: true,
      auth: { user: 'user', pass: 'p@ss' },
      tls: { rejectUnauthorized: true, minVersion: 'TLSv1.2' },
    });
    expect(smtpTransportOptions({ url: 'smtp://relay.internal', from: 'a@b.no' })).toMatchObject({
      port: 587,
      secure: false,
      requireTLS: false,
    });
    expect(smtpTransportOptions({ url: 'smtps://u:p@mail.example', from: 'a@b.no' })).toMatchObject(
      {
        port: 465,
        secure: true,
      },
    );
    expect(() => smtpTransportOptions({ url: 'http://mail.example', from: 'a@b.no' })).toThrow(
      'smtp://',
    );
  });
});
