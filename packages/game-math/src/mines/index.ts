export * from './mines';
