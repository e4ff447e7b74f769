import type { Cache } from '@gw/cache';

/** Just enough of the Cache port for the dispatch lease: one holder at a time, no expiry. */
export function leaseOnlyCache(): Cache & { holder(): string | undefined } {
  let holder: string | undefined;
  const unused = () => Promise.reject(new Error('not used by the dispatcher'));
  return {
    get: unused,
    set: unused,
    setIfAbsent: unused,
    delete: unused,
    increment: unused,
    async acquireLease(_name, owner) {
      if (holder !== undefined && holder !== owner) return false;
      holder = owner;
      return true;
    },
    async releaseLease(_name, owner) {
      if (holder === owner) holder = undefined;
    },
    async close() {},
    holder: () => holder,
  };
}
