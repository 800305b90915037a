/**
 * The tables that hold no merchant's data and so carry no `merchant_code` (issue 23,
 * docs/scaling-past-one-database.md), each with the reason. Every other table carries its
 * merchant, which `merchant-columns.test.ts` checks against the schema snapshot. In a database
 * sharded by merchant these are the reference or coordinator tables.
 */
export const platformWideTables = {
  merchants: 'The merchants themselves: the row is the merchant, keyed by `code`.',
  event_consumers:
    "One checkpoint per consumer of the event stream, which every merchant's events share.",
  ledger_reconciliation_status: "One row: the platform's last ledger reconciliation run.",
  rate_limit_buckets:
    'Counters keyed by client address or account, checked before a merchant is resolved.',
  game_providers:
    "The platform's registry of game providers (integration, secrets), shared by every catalogue.",
  sandbox_provider_settings:
    'The sandbox provider is an outside party with its own storage: it knows vassalages, not merchants.',
  sandbox_provider_sessions:
    "The sandbox provider's own sessions: an outside party's data, keyed by platform session.",
  sandbox_provider_rounds:
    "The sandbox provider's own rounds: an outside party's data, keyed by platform session.",
} as const satisfies Record<string, string>;
