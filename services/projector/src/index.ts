export * from './projector';
export * from './projector-service';
