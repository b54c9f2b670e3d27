import type { JobLogLevel } from './job-type';
import type { LogLine } from './job-views';

/**
 * The bounded log of one run: the first half of the allowed lines and the latest half, with one
 * line saying how many were left out between them, so a chatty run cannot grow its row without end.
 */
export class RunLog {
  private readonly head: LogLine[] = [];
  private tail: LogLine[] = [];
  private dropped = 0;

  constructor(private readonly maxLines: number) {}

  add(message: string, level: JobLogLevel = 'info'): void {
    const line: LogLine = { at: new Date().toISOString(), level, message: message.slice(0, 2000) };
    const headSize = Math.floor(this.maxLines / 2);
    if (this.head.length < headSize) {
      this.head.push(line);
      return;
    }
    this.tail.push(line);
    // The marker line takes a place only once something is left out.
    const room = this.maxLines - headSize - (this.dropped === 0 ? 0 : 1);
    if (this.tail.length > room) {
      const keep = this.maxLines - headSize - 1;
      this.dropped += this.tail.length - keep;
      this.tail = this.tail.slice(this.tail.length - keep);
    }
  }

  lines(): LogLine[] {
    if (this.dropped === 0) return [...this.head, ...this.tail];
    const marker: LogLine = {
      at: this.tail[0]?.at ?? new Date().toISOString(),
      level: 'warn',
      message: `${this.dropped} log line(s) left out (jobs.maxLogLines)`,
    };
    return [...this.head, marker, ...this.tail];
  }
}
