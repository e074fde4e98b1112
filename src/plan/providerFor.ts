import { InvalidTypeError } from '../errors.js';
import { ResourceDescriptor } from '../resources/resourceDescriptor.js';
import { ResourceType } from '../resources/resourceType.js';
import { SubagentSetup } from '../subagent/subagentSetup.js';
import type { ClassRegistry } from './classRegistry.js';
import { pyTypeName } from '../python/pyTypeName.js';
import { DescriptorProvider, SerializableProvider, type ResourceProvider, type SerializableResource } from './resourceProvider.js';

const DESCRIPTOR_KIND = {
  python: 'PythonResourceProvider',
  java: 'JavaResourceProvider',
  typescript: 'TypeScriptResourceProvider',
} as const;

/**
 * The provider of one declared resource: a descriptor is built when first needed; an instance of
 * a registered class is serialized by value. Anything else cannot be put in a plan, and an AGENT
 * resource says so in the upstream words.
 */
export const providerFor = (name: string, type: ResourceType, value: unknown, registry: ClassRegistry): ResourceProvider => {
  if (value instanceof ResourceDescriptor) return new DescriptorProvider(DESCRIPTOR_KIND[value.language], name, type, value);
  const entry = registry.entryFor(value);
  if (entry?.restore && entry.type === type) {
    const resource = value as SerializableResource;
    return new SerializableProvider('TypeScriptSerializableResourceProvider', name, type, entry.module, entry.clazz, resource);
  }
  // A setup class of its own must be registered before a plan can name it.
  if (type === ResourceType.AGENT && value instanceof SubagentSetup) registry.entryOf(value);
  if (type === ResourceType.AGENT) {
    throw new InvalidTypeError(`AGENT resource '${name}' must be a SubagentSetup, a ResourceDescriptor, or an Agent, but got ${pyTypeName(value)}.`, { code: 'AGENT_RESOURCE_NOT_SETUP' });
  }
  if (entry?.restore) {
    throw new InvalidTypeError(`${type} resource '${name}' is a ${pyTypeName(value)}, which makes ${entry.type} resources`, { code: 'RESOURCE_CLASS_MAKES_OTHER_TYPE' });
  }
  throw new InvalidTypeError(
    `${type} resource '${name}' must be an instance of a registered class or a ResourceDescriptor, but got ${pyTypeName(value)}.`,
    { code: 'RESOURCE_NOT_REGISTERED_CLASS' },
  );
};
