import { MongoServerError } from 'mongodb';
import { isUniqueIndexBuildError } from '../src/mongo/mongo-connection';

describe('isUniqueIndexBuildError', () => {
  it("recognises MongoDB's E11000", () => {
    expect(
      isUniqueIndexBuildError(
        new MongoServerError({
          code: 11000,
          errmsg: 'E11000 duplicate key error collection: db.c index: k_1',
        }),
      ),
    ).toBe(true);
  });

  it("recognises FerretDB 1.24's answer on PostgreSQL, an internal error carrying PostgreSQL's unique violation", () => {
    // As FerretDB 1.24.2 on PostgreSQL 15 answered createIndex({ k: 1 }, { unique: true }) over two
    // documents with k: 1.
    const message =
      '[msg_createindexes.go:155 handler.(*Handler).MsgCreateIndexes] [collection.go:573 ' +
      'postgresql.(*collection).CreateIndexes] [registry.go:849 metadata.(*Registry).indexesCreate] ' +
      'ERROR: could not create unique index "c_e60c2c52_k___b473697a_idx" (SQLSTATE 23505)';
    expect(
      isUniqueIndexBuildError(new MongoServerError({ code: 1, codeName: 'InternalError', errmsg: message })),
    ).toBe(true);
  });

  it('leaves other server errors alone', () => {
    expect(
      isUniqueIndexBuildError(
        new MongoServerError({ code: 1, errmsg: 'ERROR: relation does not exist (SQLSTATE 42P01)' }),
      ),
    ).toBe(false);
    expect(isUniqueIndexBuildError(new Error('could not create unique index "x" (SQLSTATE 23505)'))).toBe(
      false,
    );
  });
});
