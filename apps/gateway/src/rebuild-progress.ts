/** Where a rebuild of the read models stands: what `replay` prints and the start-up rebuild logs. */
export interface RebuildProgressReport {
  applied: number;
  total: number;
  /** Events per second since the rebuild began. */
  rate: number;
  /** Seconds left at that rate; null until there is a rate to go by. */
  etaSeconds: number | null;
}

/**
 * Turns the projector's running count into reports, at most one per `intervalMs` (the first once that
 * much time has passed), so a short rebuild says nothing until its summary and a long one is never silent.
 */
export class RebuildProgress {
  private readonly startedAt: number;
  private lastReportAt: number;

  constructor(
    private readonly total: number,
    private readonly report: (progress: RebuildProgressReport) => void,
    private readonly now: () => number = Date.now,
    private readonly intervalMs = 2_000,
  ) {
    this.startedAt = this.lastReportAt = now();
  }

  /** The projector's `onProgress`. */
  readonly onApplied = (applied: number): void => {
    const at = this.now();
    if (at - this.lastReportAt < this.intervalMs) return;
    this.lastReportAt = at;
    const seconds = (at - this.startedAt) / 1000;
    const rate = seconds > 0 ? applied / seconds : 0;
    const left = Math.max(this.total - applied, 0);
    this.report({
      applied,
      total: this.total,
      rate: Math.round(rate),
      etaSeconds: rate > 0 ? Math.ceil(left / rate) : null,
    });
  };
}

export function describeRebuildProgress({ applied, total, rate, etaSeconds }: RebuildProgressReport): string {
  const share = total > 0 ? ` (${Math.min(100, Math.floor((applied / total) * 100))} %)` : '';
  const eta = etaSeconds === null ? '' : `, about ${etaSeconds} s left`;
  return `replayed ${applied.toLocaleString('en')} of ${total.toLocaleString('en')} events${share}, ${rate.toLocaleString('en')} events/s${eta}`;
}
