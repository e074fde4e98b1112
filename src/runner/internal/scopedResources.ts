import { NotFoundError } from '../../errors.js';
import type { ResourceType } from '../../resources/resourceType.js';
import type { AgentResources } from '../agentResources.js';

/**
 * A sub-agent scope's resources (upstream's child cache): the child's own first, then the root
 * agent's. Every scope falls back to the root, a grandchild included, as upstream's operator does.
 */
export class ScopedResources {
  constructor(
    private readonly own: AgentResources,
    private readonly root: AgentResources,
  ) {}

  get(name: string, type: ResourceType): unknown {
    if (this.own.has(name, type)) return this.own.get(name, type);
    if (this.root.has(name, type)) return this.root.get(name, type);
    throw new NotFoundError(`Resource not found: ${name} of type ${type}`, { code: 'SCOPED_RESOURCE_NOT_FOUND' });
  }
}
