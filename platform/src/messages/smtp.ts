import nodemailer, { type SMTPTransportOptions, type Transporter } from 'nodemailer';
import { DeliveryError, type EmailMessage } from './types.js';

export interface SmtpOptions {
  /**
   * `smtp://user:pass@host:587` (STARTTLS) or `smtps://user:pass@host:465` (TLS from the start);
   * user and password percent-encoded.
   */
  url: string;
  /** The From header, e.g. `Nordlog <no-reply@nordlog.example>`. */
  from: string;
  /** Extra trusted CA certificates (PEM). Production normally uses NODE_EXTRA_CA_CERTS instead. */
  tlsCa?: string;
  /** Connect, greeting and idle-socket timeout of one delivery (default 10 s). */
  timeoutMs?: number;
}

/**
 * Transport options from an SMTP URL. TLS rules: `smtps:` speaks TLS from the first byte;
 * `smtp:` upgrades with STARTTLS whenever the server offers it, and with a user and password it
 * requires STARTTLS, so credentials never cross the wire in clear. Certificates are verified.
 */
export function smtpTransportOptions(options: SmtpOptions): SMTPTransportOptions {
  const url = new URL(options.url);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  const secure = url.protocol === 'smtps:';
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  const hasAuth = user !== '' || pass !== '';
  // WHATWG URLs keep IPv6 hosts in brackets; net.connect wants them bare.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const timeout = options.timeoutMs ?? 10_000;
  return {
    host,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTLS: !secure && hasAuth,
    ...(hasAuth ? { auth: { user, pass } } : {}),
    tls: {
      minVersion: 'TLSv1.2',
      rejectUnauthorized: true,
      ...(options.tlsCa ? { ca: options.tlsCa } : {}),
    },
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 3,
  };
}

interface SmtpFailure {
  code?: string;
  command?: string;
  responseCode?: number;
  message?: string;
}

/**
 * E-mail over SMTP with nodemailer: one connection per message (resets and notices are rare).
 * A recipient the server refuses permanently (5xx to RCPT TO) is a `recipient` failure; anything
 * else (connection, TLS, authentication, sender refused, temporary 4xx) is a `service` failure.
 */
export class SmtpEmailSender {
  private readonly transporter: Transporter;

  constructor(private readonly options: SmtpOptions) {
    this.transporter = nodemailer.createTransport(smtpTransportOptions(options));
  }

  async send(message: EmailMessage): Promise<void> {
    try {
      await this.transporter.sendMail({
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        text: message.body,
      });
    } catch (err) {
      const failure = err as SmtpFailure;
      const refusedRecipient =
        failure.code === 'EENVELOPE' &&
        failure.command === 'RCPT TO' &&
        (failure.responseCode ?? 0) >= 500;
      throw new DeliveryError(
        'email',
        refusedRecipient ? 'recipient' : 'service',
        `SMTP delivery failed (${failure.code ?? 'error'}${failure.responseCode ? ` ${failure.responseCode}` : ''}): ${failure.message ?? String(err)}`,
        { cause: err },
      );
    }
  }

  close(): void {
    this.transporter.close();
  }
}
