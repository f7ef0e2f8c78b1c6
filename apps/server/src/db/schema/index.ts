export * from './accounts';
export * from './auth';
