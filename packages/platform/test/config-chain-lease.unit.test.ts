import { ConfigError, loadConfig } from '../src';

describe('CHAIN_LEASE_TTL_MS', () => {
  it('outlives three polls and at least a minute by default', () => {
    expect(loadConfig({}).chainWatchers.leaseTtlMs).toBe(60_000);
    expect(loadConfig({ CHAIN_POLL_INTERVAL_MS: '30000' }).chainWatchers.leaseTtlMs).toBe(90_000);
  });

  it('is taken as given when it outlives two polls', () => {
    expect(
      loadConfig({ CHAIN_POLL_INTERVAL_MS: '100', CHAIN_LEASE_TTL_MS: '3000' }).chainWatchers.leaseTtlMs,
    ).toBe(3000);
  });

  it('is refused when a healthy holder could lose it between two polls', () => {
    expect(() => loadConfig({ CHAIN_POLL_INTERVAL_MS: '2000', CHAIN_LEASE_TTL_MS: '3000' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ CHAIN_POLL_INTERVAL_MS: '2000', CHAIN_LEASE_TTL_MS: '3000' })).toThrow(
      /CHAIN_LEASE_TTL_MS: must be at least twice CHAIN_POLL_INTERVAL_MS/,
    );
  });
});
