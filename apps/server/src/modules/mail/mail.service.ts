import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { BackgroundTasks } from '@/lib/background';

/** A file sent with a mail, as text (a meet invitation's .ics). */
export type MailAttachment = { filename: string; contentType: string; content: string };

export type MailMessage = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };

type Sender = (message: MailMessage & { from: string }) => Promise<void>;

const retryDelaysMs = [500, 2_000, 5_000];

/**
 * Sends mail after the request has answered, so that answers do not take longer when a mail
 * goes out (register and forgot-password must answer alike whether or not the account exists).
 * SMTP when SMTP_URL is set, else one .eml file per message in DATA_DIR/outbox.
 */
export class Mailer {
  private readonly send: Sender;

  constructor(
    private readonly options: {
      smtpUrl: string | undefined;
      outboxDir: string;
      from: string;
      logger: Logger;
      background: BackgroundTasks;
    },
  ) {
    this.send = options.smtpUrl ? smtpSender(options.smtpUrl) : outboxSender(options.outboxDir);
  }

  /** Queues the message; delivery failures are retried, then logged. */
  enqueue(message: MailMessage): void {
    this.options.background.run('deliver mail', () => this.deliver(message));
  }

  /**
   * One attempt to send, now, that throws when it fails: for callers that keep the message
   * themselves and retry on their own schedule (the notifications outbox).
   */
  async sendNow(message: MailMessage): Promise<void> {
    await this.send({ ...message, from: this.options.from });
    this.options.logger.info({ to: redactEmail(message.to), subject: message.subject }, 'mail sent');
  }

  /** Resolves once every queued message is delivered or given up (shutdown, tests). */
  drain(): Promise<void> {
    return this.options.background.drain();
  }

  private async deliver(message: MailMessage): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.send({ ...message, from: this.options.from });
        this.options.logger.info({ to: redactEmail(message.to), subject: message.subject }, 'mail sent');
        return;
      } catch (error) {
        const delay = retryDelaysMs[attempt];
        if (delay === undefined) {
          this.options.logger.error({ err: error, subject: message.subject }, 'mail delivery failed');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}

function smtpSender(url: string): Sender {
  // Bounded waits (nodemailer's own socket timeout is ten minutes): a server that accepts the
  // connection and then hangs must fail the attempt well within the outbox's claim lease.
  // Timeouts given in the URL's query still win.
  const transport: Transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return async (message) => {
    await transport.sendMail(message);
  };
}

function outboxSender(dir: string): Sender {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (message) => {
    const info = await transport.sendMail(message);
    await mkdir(dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
    await writeFile(path.join(dir, name), info.message as Buffer);
  };
}

/** Logs keep the domain only: a log file is no place for a person's address. */
function redactEmail(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? `${email[0]}…${email.slice(at)}` : '…';
}
