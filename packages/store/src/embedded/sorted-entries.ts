import { compareValues } from './document-values';

interface Chunk {
  values: unknown[];
  ids: string[];
}

/**
 * (value, id) entries in (value, id) order, held in chunks of at most `maxChunk` entries so that an
 * insert or a removal anywhere moves one chunk's entries, not all of them: with one flat array, a
 * million payments inserted by order id (in no particular order) spent minutes in splice.
 */
export class SortedEntries {
  private readonly chunks: Chunk[] = [];
  private count = 0;

  constructor(private readonly maxChunk = 512) {}

  get size(): number {
    return this.count;
  }

  insert(value: unknown, id: string): void {
    this.count++;
    if (this.chunks.length === 0) {
      this.chunks.push({ values: [value], ids: [id] });
      return;
    }
    // Most entries come in order (a creation time, a time-ordered id, or a missing value and such an
    // id): one comparison with the last entry appends them, instead of two binary searches, and a full
    // last chunk is followed by a new one rather than split, so appended chunks stay full.
    const last = this.chunks[this.chunks.length - 1]!;
    const end = last.ids.length;
    if (compareEntries(last.values[end - 1], last.ids[end - 1]!, value, id) <= 0) {
      if (end >= this.maxChunk) this.chunks.push({ values: [value], ids: [id] });
      else {
        last.values.push(value);
        last.ids.push(id);
      }
      return;
    }
    const index = Math.min(this.chunkFor(value, id), this.chunks.length - 1);
    const chunk = this.chunks[index]!;
    const at = positionIn(chunk, value, id);
    chunk.values.splice(at, 0, value);
    chunk.ids.splice(at, 0, id);
    if (chunk.ids.length > this.maxChunk) {
      const half = chunk.ids.length >>> 1;
      this.chunks.splice(index + 1, 0, { values: chunk.values.splice(half), ids: chunk.ids.splice(half) });
    }
  }

  /** Removes the entry of `id` stored with `value`; false when there is none. */
  delete(value: unknown, id: string): boolean {
    const index = this.chunkFor(value, id);
    const chunk = this.chunks[index];
    if (!chunk) return false;
    const at = positionIn(chunk, value, id);
    if (chunk.ids[at] !== id || compareValues(chunk.values[at], value) !== 0) return false;
    chunk.values.splice(at, 1);
    chunk.ids.splice(at, 1);
    if (chunk.ids.length === 0) this.chunks.splice(index, 1);
    this.count--;
    return true;
  }

  *ascending(): Iterable<string> {
    for (const chunk of this.chunks) yield* chunk.ids;
  }

  *descending(): Iterable<string> {
    for (let c = this.chunks.length - 1; c >= 0; c--) {
      const ids = this.chunks[c]!.ids;
      for (let i = ids.length - 1; i >= 0; i--) yield ids[i]!;
    }
  }

  /**
   * Descending from the last entry whose value is below `value` (a keyset page's `$lt` bound; from the
   * last entry when undefined), stopping at the first value `past` says is beyond the range.
   */
  *descendingBelow(value: unknown, past: (value: unknown) => boolean = never): Iterable<string> {
    // Chunks before chunkFor's are wholly below; in its chunk, so are the entries before positionIn's.
    let c = value === undefined ? this.chunks.length : this.chunkFor(value, '');
    let end = c < this.chunks.length ? positionIn(this.chunks[c]!, value, '') : 0;
    if (c === this.chunks.length) {
      c--;
      end = c >= 0 ? this.chunks[c]!.ids.length : 0;
    }
    for (; c >= 0; c--) {
      const chunk = this.chunks[c]!;
      for (let i = end - 1; i >= 0; i--) {
        if (past(chunk.values[i])) return;
        yield chunk.ids[i]!;
      }
      if (c > 0) end = this.chunks[c - 1]!.ids.length;
    }
  }

  /**
   * Ascending from the first entry whose value is not below `value` (a keyset page's `$gt`/`$gte`
   * bound; from the first entry when undefined), stopping at the first value `past` says is beyond
   * the range: a due-payments scan reads the due ones, not every waiting payment.
   */
  *ascendingFrom(value: unknown, past: (value: unknown) => boolean = never): Iterable<string> {
    const start = value === undefined ? 0 : this.chunkFor(value, '');
    for (let c = start, first = value !== undefined; c < this.chunks.length; c++, first = false) {
      const chunk = this.chunks[c]!;
      for (let at = first ? positionIn(chunk, value, '') : 0; at < chunk.ids.length; at++) {
        if (past(chunk.values[at])) return;
        yield chunk.ids[at]!;
      }
    }
  }

  /** The ids whose value equals `value` (in compareValues' sense), in id order. */
  *equalTo(value: unknown): Iterable<string> {
    for (let c = this.chunkFor(value, ''); c < this.chunks.length; c++) {
      const chunk = this.chunks[c]!;
      for (let at = positionIn(chunk, value, ''); at < chunk.ids.length; at++) {
        if (compareValues(chunk.values[at], value) !== 0) return;
        yield chunk.ids[at]!;
      }
    }
  }

  /** The first chunk whose last entry is not below (value, id); the chunk count when there is none. */
  private chunkFor(value: unknown, id: string): number {
    let low = 0;
    let high = this.chunks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const chunk = this.chunks[middle]!;
      const last = chunk.ids.length - 1;
      if (compareEntries(chunk.values[last], chunk.ids[last]!, value, id) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** First position in the chunk whose (value, id) is not below the given one. */
function positionIn(chunk: Chunk, value: unknown, id: string): number {
  let low = 0;
  let high = chunk.ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareEntries(chunk.values[middle], chunk.ids[middle]!, value, id) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

const never = (): boolean => false;

function compareEntries(aValue: unknown, aId: string, bValue: unknown, bId: string): number {
  return compareValues(aValue, bValue) || (aId < bId ? -1 : aId > bId ? 1 : 0);
}
