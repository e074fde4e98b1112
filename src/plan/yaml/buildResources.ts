import { InvalidValueError } from '../../errors.js';
import {
  JavaFunction,
  PythonFunction,
  TypeScriptFunction,
  type FunctionDescriptor,
  type Language,
} from '../../functions/functionDescriptor.js';
import { Prompt } from '../../resources/prompt.js';
import { ResourceDescriptor } from '../../resources/resourceDescriptor.js';
import type { ResourceType } from '../../resources/resourceType.js';
import { Skills } from '../../resources/skills.js';
import { pyStringRepr as repr } from '../../python/pyRepr.js';
import { FunctionTool } from '../../tools/functionTool.js';
import { CLAZZ_ALIASES, JAVA_DESCRIPTOR_TYPES, resolveClazz } from './aliases.js';
import type { DescriptorSpec, PromptSpec, SkillsSpec, ToolSpec } from './specs.js';

/** The resources a YAML document's specs stand for, built with the upstream loader's rules and words. */

/** A `<module-or-class>:<qualname>` reference as the function descriptor of its language (Python unless stated). */
export const resolveFunction = (
  name: string,
  func: string | null,
  language: Language | null,
  parameterTypes: readonly string[],
): FunctionDescriptor => {
  if (func === null) {
    throw new InvalidValueError(`Action/tool ${repr(name)}: 'function' is required and must be of the form '<module-or-class>:<qualname>'.`, { code: 'FUNCTION_REFERENCE_MISSING' });
  }
  const parts = func.split(':');
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    throw new InvalidValueError(
      `Action/tool ${repr(name)}: ${language ?? 'python'} function ${repr(func)} must be of the form '<module-or-class>:<qualname>' ` +
        "(e.g. 'pkg.tools:add', 'pkg.tools:MyTools.add', 'com.example.MyClass:method').",
        { code: 'FUNCTION_REFERENCE_MALFORMED' },
    );
  }
  const [left, right] = parts as [string, string];
  if (language === 'java') return new JavaFunction(left, right, parameterTypes);
  if (language === 'typescript') return new TypeScriptFunction(left, right);
  return new PythonFunction(left, right);
};

/** A descriptor in the language the spec names (Python unless `type` says otherwise). */
export const buildDescriptor = (spec: DescriptorSpec, type: ResourceType): ResourceDescriptor => {
  const language = spec.type ?? 'python';
  if (language === 'java' && !JAVA_DESCRIPTOR_TYPES.includes(type)) {
    throw new InvalidValueError(`Resource ${repr(spec.name)}: type='java' is not supported for ${type} (no Python-side Java wrapper).`, { code: 'RESOURCE_JAVA_UNSUPPORTED' });
  }
  const clazz = resolveClazz(spec.clazz, type, language);
  if (language !== 'typescript') {
    // A name without a dot is no class path, so it was meant as an alias: one not known is a typo
    // that would otherwise surface only when the resource is loaded.
    if (!clazz.includes('.')) {
      const aliases = Object.keys(CLAZZ_ALIASES[type]?.[language] ?? {});
      throw new InvalidValueError(
        `Resource ${repr(spec.name)}: clazz ${repr(clazz)} is neither a class alias of ${type} for ${language} (${aliases.length > 0 ? aliases.join(', ') : 'it has none'}) nor a dotted class path.`,
        { code: 'RESOURCE_CLASS_UNKNOWN_ALIAS' },
      );
    }
    return ResourceDescriptor.fromClassPath(clazz, spec.args, language);
  }
  const cut = clazz.lastIndexOf(':');
  if (cut <= 0 || cut === clazz.length - 1) {
    throw new InvalidValueError(`Resource ${repr(spec.name)}: typescript class ${repr(clazz)} must be of the form '<module>:<Class>'.`, { code: 'RESOURCE_TYPESCRIPT_CLASS_MALFORMED' });
  }
  return new ResourceDescriptor(clazz.slice(0, cut), clazz.slice(cut + 1), spec.args, 'typescript');
};

export const buildTool = (spec: ToolSpec): FunctionTool => {
  if (spec.type === 'java' && spec.parameterTypes === null) {
    throw new InvalidValueError(`Tool ${repr(spec.name)}: java tools must declare 'parameter_types' in YAML.`, { code: 'TOOL_JAVA_PARAMETER_TYPES_MISSING' });
  }
  if (spec.type !== 'java' && spec.parameterTypes !== null) {
    throw new InvalidValueError(`Tool ${repr(spec.name)}: 'parameter_types' is only for java tools.`, { code: 'TOOL_PARAMETER_TYPES_NOT_JAVA' });
  }
  const func = resolveFunction(spec.name, spec.function, spec.type, spec.parameterTypes ?? []);
  return new FunctionTool(spec.name, func, null, spec.injectedArgs);
};

export const buildPrompt = (spec: PromptSpec): Prompt => (spec.text ? Prompt.fromText(spec.text) : Prompt.fromMessages(spec.messages ?? []));

export const buildSkills = (spec: SkillsSpec): Skills =>
  new Skills({ paths: spec.paths, urls: spec.urls, classpath: spec.classpath, package: spec.package });
