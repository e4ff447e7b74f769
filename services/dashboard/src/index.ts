export * from './dashboard-service';
