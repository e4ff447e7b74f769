// Setup of the `processes` jest project: the V1 end-to-end suite runs against every service as its own
// OS process on the real engines (see test/support/fleet.ts) instead of the in-process gateway. Starting
// a fleet of a dozen processes takes most of a minute on two busy cores, hence the longer hook timeout.
process.env.GATEWAY_TEST_TOPOLOGY = 'processes';
jest.setTimeout(240_000);
