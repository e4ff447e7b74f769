import { missingStateOf } from '../src/watchers/deposit-drops';

describe('when a deposit missing from the best chain and the mempool is dropped', () => {
  it('is not missing while the node still knows its transaction', () => {
    expect(missingStateOf({ missingSince: 100 }, true, 120, 6)).toEqual({
      missingSince: null,
      dropped: false,
    });
  });

  it('starts counting from the processed height it was first found missing', () => {
    expect(missingStateOf({ missingSince: null }, false, 100, 6)).toEqual({
      missingSince: 100,
      dropped: false,
    });
    expect(missingStateOf({}, false, 100, 6)).toEqual({ missingSince: 100, dropped: false });
  });

  it('is dropped once missing for the configured number of blocks, not before', () => {
    expect(missingStateOf({ missingSince: 100 }, false, 105, 6)).toEqual({
      missingSince: 100,
      dropped: false,
    });
    expect(missingStateOf({ missingSince: 100 }, false, 106, 6)).toEqual({
      missingSince: 100,
      dropped: true,
    });
  });

  it('waits while a reorganisation leaves the processed tip below where it went missing', () => {
    expect(missingStateOf({ missingSince: 100 }, false, 98, 1)).toEqual({
      missingSince: 100,
      dropped: false,
    });
  });
});
