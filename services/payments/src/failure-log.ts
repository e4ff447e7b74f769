import type { Clock } from '@gw/platform';
import type { Logger } from 'pino';

export interface FailureLogOptions {
  /** How long the same failure stays quiet after it was logged. Default 5 minutes. */
  repeatAfterMs?: number;
  /** The most characters of a failure's detail a line carries. Default 1,000. */
  maxDetailChars?: number;
}

const DETAIL_LINES = 5;

/**
 * Logs a loop's failures without flooding: one line per distinct failure (by fingerprint: its name and
 * the start of its message), carrying the first lines of its detail; the same failure again only after
 * `repeatAfterMs`, with how often it happened meanwhile; and one line when the loop recovers.
 * A relay retrying twice a second would otherwise write its whole failure on every pass.
 */
export class FailureLog {
  private current: { fingerprint: string; loggedAt: number; since: number } | undefined;
  private readonly repeatAfterMs: number;
  private readonly maxDetailChars: number;

  constructor(
    private readonly logger: Logger,
    private readonly clock: Clock,
    private readonly message: string,
    options: FailureLogOptions = {},
  ) {
    this.repeatAfterMs = options.repeatAfterMs ?? 5 * 60_000;
    this.maxDetailChars = options.maxDetailChars ?? 1_000;
  }

  failed(error: unknown): void {
    const now = this.clock.now().getTime();
    const detail = this.detailOf(error);
    const fingerprint = detail.split('\n', 1)[0]!.slice(0, 200);
    const current = this.current;
    if (current?.fingerprint === fingerprint) {
      current.since += 1;
      if (now - current.loggedAt < this.repeatAfterMs) return;
      this.logger.error({ failure: detail, repeated: current.since }, `${this.message} (still failing)`);
      this.current = { fingerprint, loggedAt: now, since: 0 };
      return;
    }
    this.logger.error({ failure: detail }, this.message);
    this.current = { fingerprint, loggedAt: now, since: 0 };
  }

  /** The loop worked again: says so once, if it had failed. */
  recovered(): void {
    if (!this.current) return;
    this.logger.info({ repeated: this.current.since }, `${this.message}: recovered`);
    this.current = undefined;
  }

  private detailOf(error: unknown): string {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const lines = text.split('\n').slice(0, DETAIL_LINES).join('\n');
    return lines.length > this.maxDetailChars ? `${lines.slice(0, this.maxDetailChars)}…` : lines;
  }
}
