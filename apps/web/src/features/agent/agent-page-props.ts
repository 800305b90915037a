/** What every agent-centre page is given by the centre. */
export interface AgentPageProps {
  /** The agent's own account type (1, 2, 41, 42). */
  agentType?: number;
  /** After money left the agent's wallet: the app refreshes the header balance. */
  onMoneyMoved?: () => void;
}
