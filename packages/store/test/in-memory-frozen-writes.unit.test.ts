import { frozenDocument, InMemoryReadModelStore, type ReadModelDocument } from '../src';

/** Documents the store copied: what a write allocates besides the indexes. */
const mockCopies = { documents: 0 };
jest.mock('../src/embedded/document-values', () => {
  const actual = jest.requireActual('../src/embedded/document-values');
  return {
    ...actual,
    cloneDocument: (...args: Parameters<typeof actual.cloneDocument>) => {
      mockCopies.documents++;
      return actual.cloneDocument(...args);
    },
  };
});

interface Row extends ReadModelDocument {
  merchantId: string;
  tags: string[];
  customer: { country: string };
}

const row = (i: number): Row => ({
  id: `row-${i}`,
  version: 1,
  merchantId: 'm1',
  tags: ['a', 'b'],
  customer: { country: 'DE' },
});

describe('writes of frozen documents to the in-memory store', () => {
  it('keeps a document frozen all the way down as it is, and copies any other', async () => {
    const rows = new InMemoryReadModelStore().collection<Row>('rows');

    mockCopies.documents = 0;
    for (let i = 0; i < 100; i++) await rows.upsertIfNewer(frozenDocument(row(i)));
    expect(mockCopies.documents).toBe(0);

    for (let i = 100; i < 200; i++) await rows.upsertIfNewer(row(i));
    // Frozen on top only: its tags could still change, so it is copied too.
    await rows.upsertIfNewer(Object.freeze(row(200)));
    expect(mockCopies.documents).toBe(101);
  });

  it('hands out copies of a frozen document that can be changed without changing the store', async () => {
    const rows = new InMemoryReadModelStore().collection<Row>('rows');
    await rows.upsertIfNewer(frozenDocument(row(1)));
    const shallow = Object.freeze(row(2));
    await rows.upsertIfNewer(shallow);
    shallow.tags.push('changed by the writer');

    const read = (await rows.get('row-1'))!;
    read.tags.push('c');
    read.customer.country = 'changed through get';
    (await rows.find({ filter: { merchantId: 'm1' } }))[0]!.merchantId = 'changed through find';

    expect(await rows.get('row-1')).toEqual(row(1));
    expect(await rows.get('row-2')).toEqual({ ...row(2), id: 'row-2' });
  });
});
