import type { FunctionDescriptor, Language } from '../functions/functionDescriptor.js';
import type { ClassIdentity } from '../plan/classRegistry.js';
import { classKey, functionKey, functionNameOf, indexIdentities, RUNTIME_IDENTITIES } from '../plan/diff/identities.js';

const INDEX = indexIdentities(RUNTIME_IDENTITIES);

/**
 * This runtime's name for a function a plan names, when the runtimes' mapping has one: a built-in
 * or ready-made action of Python (ours or upstream's), Java or this runtime. A plan compiled in
 * another language runs them as this runtime's own.
 */
export const ownFunctionFor = (f: FunctionDescriptor): { module: string; qualname: string } | undefined => {
  const canonical = INDEX.functions.get(functionKey(functionNameOf(f)));
  const own = canonical === undefined ? undefined : RUNTIME_IDENTITIES.functions.get(canonical)?.find((name) => name.funcType === 'TypeScriptFunction');
  return own === undefined || own.funcType === 'JavaFunction' ? undefined : { module: own.module, qualname: own.qualname };
};

/** This runtime's class standing for a class another language's plan serializes, when the mapping has one. */
export const ownClassFor = (language: Language, identity: ClassIdentity): ClassIdentity | undefined => {
  const canonical = INDEX.classes.get(classKey({ language, ...identity }));
  const own = canonical === undefined ? undefined : RUNTIME_IDENTITIES.classes.get(canonical)?.find((name) => name.language === 'typescript');
  return own === undefined ? undefined : { module: own.module, clazz: own.clazz };
};
