import type { Language } from '../functions/functionDescriptor.js';
import type { PyJson } from '../json/pyJson.js';

/**
 * A resource named by its class and the arguments to build it with, resolved only when the
 * resource is first needed (the upstream `ResourceDescriptor`). Naming a class never loads it.
 * `language` is the language the class is written in; a plan says it through the provider kind.
 */
export class ResourceDescriptor {
  constructor(
    readonly targetModule: string,
    readonly targetClazz: string,
    /** Constructor arguments in written order; values keep their Python kinds. */
    readonly args: ReadonlyMap<string, PyJson> = new Map(),
    readonly language: Language = 'typescript',
  ) {}

  /** From a dotted class path (`pkg.module.Class`): the module is everything before the last dot. */
  static fromClassPath(classPath: string, args: ReadonlyMap<string, PyJson> = new Map(), language: Language = 'typescript'): ResourceDescriptor {
    const cut = classPath.lastIndexOf('.');
    return new ResourceDescriptor(cut < 0 ? '' : classPath.slice(0, cut), classPath.slice(cut + 1), args, language);
  }

  toJSON(): Map<string, PyJson> {
    return new Map<string, PyJson>([
      ['target_module', this.targetModule],
      ['target_clazz', this.targetClazz],
      ['arguments', this.args],
    ]);
  }
}
