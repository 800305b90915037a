export * from './plinko';
export { plinkoMultiplierTables } from './plinko-tables';
