// How a message reaches a person. The embedded default keeps every message in the outbox table
// (and says so in the log); with SMTP_URL, e-mail is sent for real. There is no SMS provider, so
// text messages always stay in the outbox.
import type { FastifyBaseLogger } from 'fastify';
import type Nodemailer from 'nodemailer';
import type { Clock } from '../../platform/clock';
import { newHex24 } from '../../platform/ids';
import { loadOnUse } from '../../platform/load-on-use';
import type { Channel } from './codes';
import type { MessageRepo } from './repo';

// Loaded with the first SMTP delivery: the embedded default keeps messages in the outbox.
const loadNodemailer = loadOnUse<typeof Nodemailer>('nodemailer');

export type OutgoingMessage = { to: string; channel: Channel; subject: string; body: string };

/** Resolves once the message is handed over; rejects when it could not be. */
export interface MessageDelivery {
  deliver(message: OutgoingMessage): Promise<void>;
}

export type DeliveryLog = Pick<FastifyBaseLogger, 'info'>;

export class OutboxDelivery implements MessageDelivery {
  readonly #repo: MessageRepo;
  readonly #clock: Clock;
  readonly #log: DeliveryLog;
  readonly #why: string;

  /** `why` ends the log line: why the message was kept rather than sent. */
  constructor(repo: MessageRepo, clock: Clock, log: DeliveryLog, why: string) {
    this.#repo = repo;
    this.#clock = clock;
    this.#log = log;
    this.#why = why;
  }

  async deliver({ to, channel, subject, body }: OutgoingMessage): Promise<void> {
    const now = this.#clock.now();
    await this.#repo.insertOutboxMessage({
      recordId: newHex24(now),
      toAddress: to,
      channel,
      subject,
      body,
      createDate: now.toISOString(),
    });
    // The log is where a developer reads the code when nothing is really sent (DOMAIN §2.4).
    this.#log.info({ channel, to, subject, body }, `message kept in the outbox: ${this.#why}`);
  }
}

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export class SmtpDelivery implements MessageDelivery {
  readonly #transport: Nodemailer.Transporter;
  readonly #from: string;
  readonly #log: DeliveryLog;

  constructor(url: string, from: string, log: DeliveryLog) {
    // Timeouts keep a silent server from holding the caller's request for long.
    this.#transport = loadNodemailer().createTransport({ url, ...SMTP_TIMEOUTS });
    this.#from = from;
    this.#log = log;
  }

  async deliver({ to, subject, body }: OutgoingMessage): Promise<void> {
    const info = await this.#transport.sendMail({ from: this.#from, to, subject, text: body });
    this.#log.info({ channel: 'email', to, messageId: info.messageId }, 'e-mail sent through SMTP');
  }
}

/** Sends each message on the delivery configured for its channel. */
export class ChannelDelivery implements MessageDelivery {
  readonly #byChannel: Record<Channel, MessageDelivery>;

  constructor(byChannel: Record<Channel, MessageDelivery>) {
    this.#byChannel = byChannel;
  }

  deliver(message: OutgoingMessage): Promise<void> {
    return this.#byChannel[message.channel].deliver(message);
  }
}

export type DeliverySettings = { smtpUrl: string | null; smtpFrom: string };

export function createDelivery(
  settings: DeliverySettings,
  repo: MessageRepo,
  clock: Clock,
  log: DeliveryLog,
): MessageDelivery {
  const email =
    settings.smtpUrl === null
      ? new OutboxDelivery(repo, clock, log, 'SMTP_URL is not set, so e-mail is not sent')
      : new SmtpDelivery(settings.smtpUrl, settings.smtpFrom, log);
  const sms = new OutboxDelivery(repo, clock, log, 'no SMS provider is configured, so text messages are not sent');
  return new ChannelDelivery({ email, sms });
}
