/** Agent commission limits shared by the server and the web client (no zod here). */

/**
 * Highest commission rate, in percent of valid bet: a turnover commission above this would pay
 * more than the house edge of most games, so an operator's typo cannot give the margin away.
 */
export const AGENT_COMMISSION_RATE_MAX_PERCENT = 10;
