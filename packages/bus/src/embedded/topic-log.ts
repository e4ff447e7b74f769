/**
 * A message's value as the embedded bus keeps it: the bytes the codec encoded, exactly what Kafka would
 * store, or, from a codec that offers `encodeValue`, the frozen value all consumers share, which is
 * what those bytes would decode to.
 */
export type LoggedPayload = { bytes: Buffer } | { value: unknown };

/** One message as the embedded bus keeps it. */
export interface LoggedMessage {
  key: string;
  payload: LoggedPayload;
  headers: Record<string, string>;
  offset: number;
}

/** FNV-1a: stable across processes, so a key always lands on the same partition. */
export function partitionForKey(key: string, partitionCount: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitionCount;
}

/** One partition's log: offsets grow forever, old entries are dropped past the retention bound. */
export class PartitionLog {
  private entries: LoggedMessage[] = [];
  private firstOffset = 0;

  constructor(private readonly retention: number) {}

  get startOffset(): number {
    return this.firstOffset;
  }

  get endOffset(): number {
    return this.firstOffset + this.entries.length;
  }

  append(key: string, payload: LoggedPayload, headers: Record<string, string>): void {
    this.entries.push({ key, payload, headers, offset: this.endOffset });
  }

  at(offset: number): LoggedMessage | undefined {
    return this.entries[offset - this.firstOffset];
  }

  /** Drops entries beyond the retention bound, but never one a live consumer has not yet passed. */
  trim(lowestLiveCursor: number): void {
    const excess = this.entries.length - this.retention;
    const droppable = Math.min(excess, lowestLiveCursor - this.firstOffset);
    // Trimming in chunks keeps the cost of Array#splice amortised.
    if (droppable < Math.max(1, Math.floor(this.retention / 10))) return;
    this.entries.splice(0, droppable);
    this.firstOffset += droppable;
  }
}

export class TopicLog {
  readonly partitions: PartitionLog[];

  constructor(
    readonly name: string,
    partitionCount: number,
    retention: number,
  ) {
    this.partitions = Array.from({ length: partitionCount }, () => new PartitionLog(retention));
  }

  append(key: string, payload: LoggedPayload, headers: Record<string, string>): number {
    const partition = partitionForKey(key, this.partitions.length);
    this.partitions[partition]!.append(key, payload, headers);
    return partition;
  }
}
