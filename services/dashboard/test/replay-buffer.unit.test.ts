import { ReplayBuffer } from '../src/live/replay-buffer';
import { serverSentComment, serverSentEvent } from '../src/live/server-sent';

const everything = () => true;

describe('the replay buffer', () => {
  it('numbers entries under its epoch', () => {
    const buffer = new ReplayBuffer<string>('run1', 10);
    expect(buffer.lastId).toBe('run1.0');
    expect(buffer.append('a').id).toBe('run1.1');
    expect(buffer.append('b').id).toBe('run1.2');
    expect(buffer.lastId).toBe('run1.2');
    expect(buffer.idAt(1)).toBe('run1.1');
    expect(buffer.idAt(-5)).toBe('run1.0');
    expect(buffer.sequenceOf('run1.2')).toBe(2);
    expect(buffer.sequenceOf('run0.2')).toBeNull();
  });

  it('starts a first connection live: nothing to replay without an id', () => {
    const buffer = new ReplayBuffer<string>('run1', 10);
    buffer.append('a');
    expect(buffer.after(null, everything)).toEqual({ kind: 'replay', entries: [] });
  });

  it('replays what came after the last id a stream saw, as its view keeps them', () => {
    const buffer = new ReplayBuffer<string>('run1', 10);
    for (const item of ['a1', 'b1', 'a2', 'b2']) buffer.append(item);
    const resumption = buffer.after('run1.1', (item) => item.startsWith('a'));
    expect(resumption).toEqual({ kind: 'replay', entries: [{ id: 'run1.3', sequence: 3, item: 'a2' }] });
    expect(buffer.after('run1.4', everything)).toEqual({ kind: 'replay', entries: [] });
  });

  it('resets an id of another run, of the future, of the wrong shape, or older than it keeps', () => {
    const buffer = new ReplayBuffer<string>('run1', 2);
    for (const item of ['a', 'b', 'c', 'd']) buffer.append(item);
    expect(buffer.after('run0.3', everything)).toEqual({ kind: 'reset' });
    expect(buffer.after('run1.5', everything)).toEqual({ kind: 'reset' });
    expect(buffer.after('garbage', everything)).toEqual({ kind: 'reset' });
    // Kept: c (3) and d (4). A stream that saw 2 missed only c and d; one that saw 1 missed b too.
    expect(buffer.after('run1.2', everything)).toMatchObject({
      kind: 'replay',
      entries: [{ item: 'c' }, { item: 'd' }],
    });
    expect(buffer.after('run1.1', everything)).toEqual({ kind: 'reset' });
  });

  it('refuses an epoch an id could not carry', () => {
    expect(() => new ReplayBuffer('a.b', 1)).toThrow(RangeError);
    expect(() => new ReplayBuffer('ok', 0)).toThrow(RangeError);
  });
});

describe('the event-stream wire format', () => {
  it('writes an event on single lines, its data as JSON', () => {
    expect(serverSentEvent({ id: 'r.1', event: 'payment', data: { html: '<tr>\n</tr>' } })).toBe(
      'id: r.1\nevent: payment\ndata: {"html":"<tr>\\n</tr>"}\n\n',
    );
    expect(() => serverSentEvent({ id: 'r\n1', event: 'x', data: {} })).toThrow(RangeError);
    expect(serverSentComment('heart\nbeat')).toBe(': heart beat\n\n');
  });
});
