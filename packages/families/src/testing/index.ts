export * from './independent-verifiers';
