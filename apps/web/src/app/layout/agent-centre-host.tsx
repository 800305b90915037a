import AgentCentreModal, {
  type AgentCentreModalProps,
} from '../../features/agent/components/agent-centre-modal';
import { agentContractPages } from './agent-contract-pages';

/**
 * The agent centre with the pages other features add to it (the contract pages), in one lazy
 * chunk: the header loads it only for an agent who opens the centre.
 */
export default function AgentCentreHost(props: Omit<AgentCentreModalProps, 'extraPages'>) {
  return <AgentCentreModal {...props} extraPages={agentContractPages} />;
}
