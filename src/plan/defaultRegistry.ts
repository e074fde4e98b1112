import { chatClasses } from './chatClasses.js';
import { ClassRegistry } from './classRegistry.js';
import { coreClasses } from './coreClasses.js';
import { mcpClasses } from './mcpClasses.js';
import { subagentClasses } from './subagentClasses.js';

/** The classes of the TypeScript runtime itself; extend it with `registry.extend([...])` for your own. */
export const defaultRegistry: ClassRegistry = new ClassRegistry([...coreClasses, ...chatClasses, ...mcpClasses, ...subagentClasses]);
