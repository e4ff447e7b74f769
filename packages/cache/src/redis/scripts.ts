import type { Redis } from 'ioredis';

interface ScriptDefinition {
  numberOfKeys: number;
  lua: string;
}

/** INCR, and PEXPIRE only when the INCR created the counter: the window starts at the first hit. */
export const INCREMENT_SCRIPT: ScriptDefinition = {
  numberOfKeys: 1,
  lua: `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`,
};

/** The lease value is its owner; every change compares the owner in the same atomic step. */
export const LEASE_SCRIPTS = {
  acquire: {
    numberOfKeys: 1,
    lua: `
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`,
  },
  release: {
    numberOfKeys: 1,
    lua: `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`,
  },
} satisfies Record<string, ScriptDefinition>;

/** The ioredis client with the scripts above defined as commands (`defineCommand`). */
export type ScriptedRedis = Redis & {
  gwIncrement(key: string, ttlMs: number): Promise<number>;
  gwAcquireLease(key: string, owner: string, ttlMs: number): Promise<number>;
  gwReleaseLease(key: string, owner: string): Promise<number>;
};
