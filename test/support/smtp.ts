import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The text/plain part (decoded), or the whole body for single-part mails. */
  text: string;
  html?: string;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving within timeoutMs) that matches. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  clear(): void;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(source.slice(i + 1, i + 3))) {
      bytes.push(parseInt(source.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in header values. */
function decodeHeaderValue(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_m, _charset: string, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const index = raw.search(/\r?\n\r?\n/);
  const head = index < 0 ? raw : raw.slice(0, index);
  const body = index < 0 ? '' : raw.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** Collects the text/plain and text/html leaves of a (possibly nested multipart) message. */
function leaves(part: Part, out: { text?: string; html?: string }): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      leaves(splitPart(section.replace(/^\r?\n/, '')), out);
    }
    return;
  }
  if (/^text\/html/i.test(type)) out.html ??= decodeBody(part);
  else if (/^text\/plain/i.test(type)) out.text ??= decodeBody(part);
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const root = splitPart(raw);
  const out: { text?: string; html?: string } = {};
  leaves(root, out);
  return { ...envelope, subject: decodeHeaderValue(root.headers.get('subject') ?? ''), text: out.text ?? '', html: out.html, raw };
}

/**
 * A real SMTP server in this process (127.0.0.1, a free port, no TLS, no authentication) that
 * keeps every message it receives. Point the app at it with mail.url = server.url.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<{ predicate: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        messages.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.predicate(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 5000) {
      const existing = messages.find(predicate);
      if (existing) return Promise.resolve(existing);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    clear() {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset token from the link in a mail's text. */
export function resetTokenFrom(mail: ReceivedMail): string {
  const match = /\/passwordReset\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in the mail: ${mail.text}`);
  return match[1];
}
