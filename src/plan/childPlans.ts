import { InvalidValueError } from '../errors.js';
import type { Agent } from './agent.js';
import type { AgentPlan } from './agentPlan.js';

const ROOT_NAME = '<root>';

/**
 * The child plans of one compilation (upstream's compilation helper): each child agent compiles
 * once, memoized by identity, so one child registered twice (or under two parents) shares a plan;
 * an agent met again while it is being compiled is a cycle, refused with the path of names.
 */
export class ChildPlans {
  private readonly compiled = new Map<Agent, AgentPlan>();
  private readonly compiling = new Map<Agent, string>();
  private readonly path: string[] = [ROOT_NAME];

  constructor(root: Agent) {
    this.compiling.set(root, ROOT_NAME);
  }

  async getOrCompile(child: Agent, name: string, compile: (child: Agent) => Promise<AgentPlan>): Promise<AgentPlan> {
    const done = this.compiled.get(child);
    if (done !== undefined) return done;
    const under = this.compiling.get(child);
    if (under !== undefined) {
      // The path from the first entry of that name, as upstream matches it (by name, not identity).
      const cycle = [...this.path.slice(this.path.indexOf(under)), name].join(' -> ');
      throw new InvalidValueError(`Cyclic sub-agent definition detected: ${cycle}`, { code: 'SUBAGENT_CYCLE' });
    }
    this.compiling.set(child, name);
    this.path.push(name);
    try {
      const plan = await compile(child);
      this.compiled.set(child, plan);
      return plan;
    } finally {
      this.path.pop();
      this.compiling.delete(child);
    }
  }
}
