import { Writable } from 'node:stream';
import pino from 'pino';
import { createMailer } from './mailer';

describe('mailer without an SMTP server', () => {
  test('when a mail is sent, then its recipient, subject and whole text (the link included) are logged at warn level', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const mailer = createMailer('', 'GAS <no-reply@localhost>', pino({ level: 'info' }, sink));
    expect(mailer.configured).toBe(false);
    await mailer.send({
      to: 'ann@example.test',
      subject: 'Password reset',
      text: 'Open http://localhost:3000/passwordReset?hash=abc123 to choose a new password.',
    });
    const [entry] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entry).toMatchObject({ level: 40, to: 'ann@example.test', subject: 'Password reset' });
    expect(entry.text).toContain('http://localhost:3000/passwordReset?hash=abc123');
  });
});
