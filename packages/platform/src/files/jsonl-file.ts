import { createReadStream, readSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';

export class CorruptLogError extends Error {
  constructor(
    readonly path: string,
    readonly byteOffset: number,
    detail: string,
  ) {
    super(`${path} is corrupt at byte ${byteOffset}: ${detail}`);
    this.name = 'CorruptLogError';
  }
}

export interface ReplayResult {
  /** Bytes of whole, parsable lines; anything after them was a torn write and has been cut off. */
  validLength: number;
  truncatedBytes: number;
}

const NEWLINE = 0x0a;

/**
 * Reads a JSON-lines file record by record. A crash can leave the last write torn: an unterminated
 * final line, or trailing lines that do not parse. Those were never acknowledged (acks follow the
 * fsync of the whole write), so they are cut off. A bad line followed by a good one is real
 * corruption and stops the replay. `onRecord` gets each record with the byte offset and length of
 * its line (without the newline).
 */
export async function replayJsonl(
  path: string,
  onRecord: (record: unknown, byteOffset: number, byteLength: number) => void,
): Promise<ReplayResult> {
  const size = await stat(path).then(
    (stats) => stats.size,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return 0;
      throw error;
    },
  );
  if (size === 0) return { validLength: 0, truncatedBytes: 0 };

  let validLength = 0;
  let tornAt: number | undefined;
  for await (const { line, start } of jsonlLines(path, size)) {
    let record: unknown;
    try {
      record = JSON.parse(line.toString('utf8'));
    } catch {
      tornAt ??= start;
      continue;
    }
    if (tornAt !== undefined)
      throw new CorruptLogError(path, tornAt, 'an unreadable line is followed by valid ones');
    onRecord(record, start, line.length);
    validLength = start + line.length + 1;
  }

  if (validLength < size) {
    const handle = await open(path, 'r+');
    try {
      await handle.truncate(validLength);
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }
  return { validLength, truncatedBytes: size - validLength };
}

/**
 * The newline-terminated lines of the file's first `end` bytes, in order, with the byte offset each
 * starts at; an unterminated piece at the end is not a line and is left out.
 */
export async function* jsonlLines(path: string, end: number): AsyncIterable<{ line: Buffer; start: number }> {
  if (end <= 0) return;
  let position = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const chunks = createReadStream(path, { start: 0, end: end - 1, highWaterMark: 1 << 20 });
  for await (const chunk of chunks as AsyncIterable<Buffer>) {
    let from = 0;
    for (let newline = chunk.indexOf(NEWLINE); newline !== -1; newline = chunk.indexOf(NEWLINE, from)) {
      const piece = chunk.subarray(from, newline);
      const line = pendingBytes > 0 ? Buffer.concat([...pending, piece]) : piece;
      const start = position + from - pendingBytes;
      pending = [];
      pendingBytes = 0;
      yield { line, start };
      from = newline + 1;
    }
    if (from < chunk.length) {
      pending.push(chunk.subarray(from));
      pendingBytes += chunk.length - from;
    }
    position += chunk.length;
  }
}

/**
 * Reads `length` bytes at `offset` of an open file. Synchronously, like the group-commit writer's write:
 * the lines read were written moments or minutes ago (and the whole file at start), so the page cache
 * serves them in ~3 µs, where the thread-pool round trip of an asynchronous read cost ~10-15 µs of CPU.
 */
export function readAt(fd: number, offset: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  for (let done = 0; done < length;) {
    const bytes = readSync(fd, buffer, done, length - done, offset + done);
    if (bytes === 0) throw new Error(`unexpected end of file at byte ${offset + done}`);
    done += bytes;
  }
  return buffer;
}
