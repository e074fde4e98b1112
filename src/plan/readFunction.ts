import { JavaFunction, PythonFunction, TypeScriptFunction, type FunctionDescriptor } from '../functions/functionDescriptor.js';
import type { JsonNode } from './jsonNode.js';
import { rememberKeyOrder } from './keyOrder.js';
import { quote } from '../types/declarationTree.js';

const FIELDS = {
  PythonFunction: ['func_type', 'module', 'qualname'],
  JavaFunction: ['func_type', 'qualname', 'method_name', 'parameter_types'],
  TypeScriptFunction: ['func_type', 'module', 'qualname'],
} as const;

/** Reads a function descriptor (`exec`, a tool's `func`): the kind first, then its fields. */
export const readFunction = (node: JsonNode): FunctionDescriptor => {
  const object = node.asObject();
  const typeNode = object.required('func_type');
  const funcType = typeNode.asString();
  if (!(funcType in FIELDS)) typeNode.fail('PLAN_FUNCTION_TYPE_UNKNOWN', `unknown function type ${quote(funcType)}`);
  object.allowOnly(FIELDS[funcType as keyof typeof FIELDS]);
  let descriptor: FunctionDescriptor;
  if (funcType === 'JavaFunction') {
    descriptor = new JavaFunction(
      object.required('qualname').asString(),
      object.required('method_name').asString(),
      object.required('parameter_types').asStringArray(),
    );
  } else {
    const module = object.required('module').asString();
    const qualname = object.required('qualname').asString();
    descriptor = funcType === 'PythonFunction' ? new PythonFunction(module, qualname) : new TypeScriptFunction(module, qualname);
  }
  rememberKeyOrder(descriptor, object.keys);
  return descriptor;
};
