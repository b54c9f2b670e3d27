import type { Transporter } from 'nodemailer';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly configured: boolean;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Sends mail through the SMTP server in mail.url (SMTP_URL, e.g. smtp://user:pass@host:587).
 * Without one, messages are logged as a warning instead, so password reset still works on a
 * fresh install for an operator reading the log.
 */
export function createMailer(url: string, from: string, logger: Logger): Mailer {
  if (!url) {
    return {
      configured: false,
      async send(message) {
        // The whole text (a reset link included) goes to the log, so an operator can pass it on.
        logger.warn(
          { to: message.to, subject: message.subject, text: message.text },
          'mail not sent: no SMTP server configured (set SMTP_URL); its text is in this line',
        );
      },
      close() {},
    };
  }
  const transport: Transporter = nodemailer.createTransport(url);
  return {
    configured: true,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
