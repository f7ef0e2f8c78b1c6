import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; subject: string; raw: string; body: string };

/**
 * Undoes quoted-printable soft breaks and escapes so codes and links read as sent. Escaped bytes
 * are decoded as UTF-8 together, so a character of several bytes (→, é) reads as itself.
 */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .slice(1)
        .split('=')
        .map((hex) => Number.parseInt(hex, 16)),
    ).toString('utf8'),
  );
}

/** A real SMTP server on a free port that keeps every message it receives. */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  private readonly server: SMTPServer;
  private waiters: { predicate: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  port = 0;
  /** While true, every recipient is refused with a temporary error (451), as a struggling relay does. */
  isRefusing = false;
  /** Deliveries refused while `isRefusing`. */
  refusedCount = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (_address, _session, callback) => {
        if (!this.isRefusing) return callback();
        this.refusedCount += 1;
        callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          // A long subject is folded over several lines (RFC 5322 §2.2.3): unfold it.
          const folded = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
          const subject = folded.replace(/\r?\n(?=[ \t])/g, '').trim();
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject,
            raw,
            body: decodeQuotedPrintable(raw),
          };
          this.messages.push(mail);
          this.waiters = this.waiters.filter((waiter) => {
            if (!waiter.predicate(mail)) return true;
            waiter.resolve(mail);
            return false;
          });
          callback();
        });
      },
    });
  }

  /** Listens on `port` (0: any free one) and answers the SMTP URL to give the app. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Resolves with the first message (already received or arriving within the timeout) that matches. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
    const found = this.messages.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching mail arrived')), timeoutMs);
      this.waiters.push({
        predicate,
        resolve: (mail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      });
    });
  }

  messagesTo(address: string): ReceivedMail[] {
    return this.messages.filter((mail) => mail.to.includes(address));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The 6-digit code of a verification or reset mail. */
export function codeOf(mail: ReceivedMail): string {
  const code = /^\s{4}(\d{6})\s*$/m.exec(mail.body)?.[1];
  if (!code) throw new Error(`no code in mail "${mail.subject}"`);
  return code;
}

/** The token of the verification link in a mail. */
export function linkTokenOf(mail: ReceivedMail): string {
  const token = /verification\?[^\s"]*token=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
  if (!token) throw new Error(`no verification link in mail "${mail.subject}"`);
  return token;
}
