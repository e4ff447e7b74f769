/**
 * Orders commits for `readAll` and the outbox without a shared counter: FerretDB 1.24 applies
 * `$inc`/`findAndModify` without isolation (concurrent increments return the same value), so a counter
 * document cannot hand out sequence numbers there.
 *
 * A sequence is microseconds since the epoch, strictly increasing within this process, and always above
 * the sequence of the stream's previous commit. Per stream that makes it strictly increasing whatever the
 * clocks of other writers say (a stream's next commit is only appended after its previous one was read);
 * across streams it is wall-clock order, which nothing downstream relies on.
 */
export class CommitSequence {
  private last = 0;

  constructor(private readonly now: () => number = Date.now) {}

  next(afterStreamHead: number): number {
    const next = Math.max(this.now() * 1000, this.last + 1, afterStreamHead + 1);
    this.last = next;
    return next;
  }
}
