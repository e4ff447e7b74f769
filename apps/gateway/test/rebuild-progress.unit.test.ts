import {
  describeRebuildProgress,
  RebuildProgress,
  type RebuildProgressReport,
} from '../src/rebuild-progress';

describe('progress of a read-model rebuild', () => {
  let now: number;
  let reports: RebuildProgressReport[];
  let progress: RebuildProgress;

  beforeEach(() => {
    now = 1_000_000;
    reports = [];
    progress = new RebuildProgress(
      100_000,
      (report) => reports.push(report),
      () => now,
      2_000,
    );
  });

  it('says nothing before the interval has passed', () => {
    now += 1_999;
    progress.onApplied(5_000);
    expect(reports).toEqual([]);
  });

  it('reports the count, the rate since the start and the time left at that rate', () => {
    now += 2_000;
    progress.onApplied(10_000);
    now += 1_000;
    progress.onApplied(12_000);
    now += 1_000;
    progress.onApplied(20_000);
    expect(reports).toEqual([
      { applied: 10_000, total: 100_000, rate: 5_000, etaSeconds: 18 },
      { applied: 20_000, total: 100_000, rate: 5_000, etaSeconds: 16 },
    ]);
  });

  it('reads as a line a person can follow', () => {
    expect(
      describeRebuildProgress({ applied: 250_000, total: 1_000_000, rate: 20_000, etaSeconds: 38 }),
    ).toBe('replayed 250,000 of 1,000,000 events (25 %), 20,000 events/s, about 38 s left');
  });
});
