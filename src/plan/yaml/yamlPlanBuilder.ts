import { DeclarationError, InvalidValueError } from '../../errors.js';
import { ResourceDescriptor } from '../../resources/resourceDescriptor.js';
import { ResourceType } from '../../resources/resourceType.js';
import { pyStringRepr as repr } from '../../python/pyRepr.js';
import { expectObject, quote, treeKeys } from '../../types/declarationTree.js';
import { Agent } from '../agent.js';
import { AgentConfiguration, type AgentPlan } from '../agentPlan.js';
import { buildPlan } from '../buildPlan.js';
import type { ClassRegistry } from '../classRegistry.js';
import { locate } from '../locateError.js';
import { resolveEventType } from './aliases.js';
import { buildDescriptor, buildPrompt, buildSkills, buildTool, resolveFunction } from './buildResources.js';
import { DeclaredTypes, declaredSetup, internalSetup } from './declaredSetups.js';
import { DESCRIPTOR_LISTS, type ActionSpec, type AgentSpec, type AgentsDocument, type ResourceSpecs, type SubagentSpec } from './specs.js';

/** Action methods always take (Event, RunnerContext). */
export const JAVA_ACTION_PARAMETER_TYPES: readonly string[] = ['org.apache.flink.agents.api.Event', 'org.apache.flink.agents.api.context.RunnerContext'];

export interface YamlPlanBuilderOptions {
  readonly registry?: ClassRegistry;
  /** The plans' configuration, instead of the document's `config:`; internal sub-agents inherit it. */
  readonly config?: AgentConfiguration;
}

const at = async <T>(path: string, work: () => T | Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw locate(error, path);
  }
};

/**
 * Builds the agents of one YAML document (all of them, so that a mistake anywhere in the file is
 * reported, as the upstream loader does) and the plan of any of them. Mirrors the Python
 * reference's `YamlPlanBuilder`: same order of checks, same messages, same paths.
 */
export class YamlPlanBuilder {
  private readonly types: DeclaredTypes;
  private readonly config: AgentConfiguration | undefined;
  private readonly specs = new Map<string, AgentSpec>();

  private constructor(
    readonly document: AgentsDocument,
    private readonly options: YamlPlanBuilderOptions,
  ) {
    this.types = new DeclaredTypes(document.types);
    // One configuration object for the plan and its child plans, as upstream's compiler shares it.
    this.config = options.config ?? (document.config === null ? undefined : new AgentConfiguration(document.config));
  }

  static async create(document: AgentsDocument, options: YamlPlanBuilderOptions = {}): Promise<YamlPlanBuilder> {
    const builder = new YamlPlanBuilder(document, options);
    await builder.checkDocument();
    return builder;
  }

  get agentNames(): string[] {
    return [...this.specs.keys()];
  }

  private async checkDocument(): Promise<void> {
    const { source, agents, shared } = this.document;
    for (const spec of agents) {
      if (this.specs.has(spec.name)) throw new InvalidValueError(`Duplicate agent name ${repr(spec.name)} in ${source}`, { code: 'AGENT_DUPLICATE', path: spec.path });
      this.specs.set(spec.name, spec);
      await this.agent(spec, [spec.name], false);
    }
    for (const [attr] of DESCRIPTOR_LISTS) this.unique(shared.descriptors.get(attr) ?? [], 'resource');
    this.unique(shared.tools, 'tool');
    this.unique(shared.prompts, 'prompt');
    this.unique(shared.skills, 'skills');
    this.unique(shared.subagents, 'sub-agent');
    this.unique(shared.actions, 'action');
    for (const spec of agents) this.sharedActions(spec);
  }

  private unique(items: readonly { readonly name: string; readonly path: string }[], what: string): void {
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(item.name)) {
        throw new InvalidValueError(`Duplicate shared ${what} name ${repr(item.name)} in ${this.document.source}`, { code: 'SHARED_RESOURCE_DUPLICATE', path: item.path });
      }
      seen.add(item.name);
    }
  }

  private sharedActions(spec: AgentSpec): ActionSpec[] {
    const byName = new Map(this.document.shared.actions.filter((a): a is ActionSpec => a.kind === 'action').map((a) => [a.name, a]));
    const found: ActionSpec[] = [];
    for (const item of spec.resources.actions) {
      if (item.kind !== 'ref') continue;
      const action = byName.get(item.name);
      if (action === undefined) {
        throw new InvalidValueError(
          `Agent ${repr(spec.name)} references shared action ${repr(item.name)} in ${this.document.source}, ` +
            'but no shared action with that name is defined at the file level.',
          { code: 'SHARED_ACTION_UNKNOWN', path: item.path },
        );
      }
      found.push(action);
    }
    return found;
  }

  private async addResources(agent: Agent, specs: ResourceSpecs, chain: readonly string[], compileInternal: boolean): Promise<void> {
    for (const [attr, type] of DESCRIPTOR_LISTS) {
      for (const spec of specs.descriptors.get(attr) ?? []) await this.add(agent, spec.name, type, spec.path, () => buildDescriptor(spec, type));
    }
    for (const spec of specs.tools) await this.add(agent, spec.name, ResourceType.TOOL, spec.path, () => buildTool(spec));
    for (const spec of specs.prompts) await this.add(agent, spec.name, ResourceType.PROMPT, spec.path, () => buildPrompt(spec));
    for (const spec of specs.skills) await this.add(agent, spec.name, ResourceType.SKILLS, spec.path, () => buildSkills(spec));
    for (const spec of specs.subagents) {
      await this.add(agent, spec.name, ResourceType.AGENT, spec.path, () => this.subagent(spec, chain, compileInternal));
    }
  }

  private async add(agent: Agent, name: string, type: ResourceType, path: string, build: () => unknown): Promise<void> {
    const value = await at(path, build);
    agent.addResource(name, type, value, { site: path });
  }

  private async subagent(spec: SubagentSpec, chain: readonly string[], compileInternal: boolean): Promise<unknown> {
    if (spec.targetClazz !== null) return new ResourceDescriptor(spec.targetModule ?? '', spec.targetClazz, spec.args ?? new Map(), spec.type ?? 'python');
    if (spec.agentRef === null) return declaredSetup(spec, this.types);
    const ref = spec.agentRef;
    if (!this.document.agents.some((a) => a.name === ref)) {
      throw new InvalidValueError(`sub-agent ${quote(spec.name)} refers to agent ${quote(ref)}, which is not declared`, { code: 'SUBAGENT_AGENT_UNDECLARED', path: `${spec.path}.agent_ref` });
    }
    if (chain.includes(ref)) {
      throw new InvalidValueError(`Cyclic sub-agent definition detected: ${[...chain, ref].join(' -> ')}`, { code: 'SUBAGENT_CYCLE', path: `${spec.path}.agent_ref` });
    }
    const child = compileInternal ? await this.compile(ref, [...chain, ref], true) : null;
    return internalSetup(spec, this.types, child);
  }

  private async agent(spec: AgentSpec, chain: readonly string[], compileInternal: boolean): Promise<Agent> {
    const agent = new Agent(spec.name);
    await this.addResources(agent, spec.resources, chain, compileInternal);
    await this.addResources(agent, this.document.shared, chain, compileInternal);
    const inline = spec.resources.actions.filter((a): a is ActionSpec => a.kind === 'action');
    const shared = compileInternal ? this.sharedActions(spec) : [];
    for (const action of [...inline, ...shared]) {
      const parameterTypes = action.type === 'java' ? JAVA_ACTION_PARAMETER_TYPES : [];
      const func = await at(action.path, () => resolveFunction(action.name, action.function, action.type, parameterTypes));
      const triggers = action.triggerConditions.map(resolveEventType);
      const config = action.config !== null && treeKeys(expectObject(action.config, action.path)).length > 0 ? action.config : null;
      agent.addAction(action.name, triggers, func, config, { site: action.path });
    }
    return agent;
  }

  /** The plan of one agent; its internal sub-agents become child plans, a cycle is refused. */
  async plan(name: string): Promise<AgentPlan> {
    return this.compile(name, [name], false);
  }

  private async compile(name: string, chain: readonly string[], child: boolean): Promise<AgentPlan> {
    const spec = this.specs.get(name);
    if (spec === undefined) throw new DeclarationError(`no agent named ${quote(name)} is declared`, { code: 'AGENT_UNDECLARED', path: '$.agents' });
    const agent = await this.agent(spec, chain, true);
    return buildPlan(agent, {
      ...(this.options.registry === undefined ? {} : { registry: this.options.registry }),
      ...(this.config === undefined ? {} : { config: this.config }),
      child,
    });
  }

  /** The agent to build: the one named, else the only one declared. */
  select(name: string | undefined): string {
    if (name !== undefined) return name;
    if (this.specs.size === 1) return this.agentNames[0]!;
    if (this.specs.size === 0) throw new DeclarationError('the declaration declares no agent to build', { code: 'AGENTS_NONE', path: '$' });
    const names = this.agentNames.map(quote).join(', ');
    throw new DeclarationError(`the declaration declares several agents (${names}): name the one to build`, { code: 'AGENTS_SEVERAL', path: '$.agents' });
  }
}

/** The plan of one agent of a YAML agents document (the only one, unless `agent` names it). */
export const buildYamlPlan = async (document: AgentsDocument, agent?: string, options: YamlPlanBuilderOptions = {}): Promise<AgentPlan> => {
  const builder = await YamlPlanBuilder.create(document, options);
  return builder.plan(builder.select(agent));
};

