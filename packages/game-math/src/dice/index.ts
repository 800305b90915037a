export * from './dice';
export * from './dice-params';
