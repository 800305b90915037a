export { registerWalletRoutes } from './routes.js';
