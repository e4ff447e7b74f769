export * from './service';
export * from './context';
export * from './command-client';
export * from './merchant-directory';
export * from './rates-source';
export * from './admission';
export * from './payment-intake';
export * from './merchant-onboarding';
