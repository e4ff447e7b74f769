export * from './admission';
export * from './coin-acceptance';
export * from './lifetimes';
export * from './refusals';
export * from './pay-listings';
