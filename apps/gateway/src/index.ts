export * from './service-registry';
export * from './routing';
export * from './runner';
export * from './infrastructure';
export * from './commands/replay';
export * from './commands/admin-http';
export * from './commands/webhooks';
export * from './commands/master-key';
