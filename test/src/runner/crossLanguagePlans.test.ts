import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import type { PyJson } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { ClassRegistry } from '../../../src/plan/classRegistry.js';
import { diffPlans } from '../../../src/plan/diff/diffPlans.js';
import { functionKey, RUNTIME_IDENTITIES, classKey } from '../../../src/plan/diff/identities.js';
import { readPlan } from '../../../src/plan/readPlan.js';
import { runPython } from '../../helpers/python.js';
import { compileTree, namedFunctions, runPlanText, type TreeName } from '../../helpers/crossPlan.js';

// Issue 14: each language runs a plan the other compiled. Python compiles a tree and runs it
// natively; this runtime runs the same plan text; both summaries (outputs, ids, each scope's
// conversation) must be equal. The trees are in test/helpers/crossPlan.ts and its Python mirror.
const PYTHON_REF = join(import.meta.dirname, '..', '..', '..', 'python-ref');
const python = async (command: 'compile' | 'run', tree: TreeName, input?: string): Promise<string> =>
  (await execa('python3', ['-m', 'tests.helpers.cross_plan', command, tree], { cwd: PYTHON_REF, input })).stdout;
const plain = (value: PyJson): unknown => JSON.parse(writePyJson(value));
const asData = (text: string) => readPlan(text, { registry: new ClassRegistry(), language: null });

interface Summary {
  runs: { outputs: unknown[]; error: string | null; calls: { scope: string; session_id: string; call_id: string; outputs: unknown[]; error: string | null }[] }[];
  conversations: Record<string, { role: string; content: string }[][]>;
}

const CHILD_MODEL = '/resource_providers/agent/reviewer/serialized/child_plan/resource_providers/chat_model_connection/conn/serialized';
const PARENT_MODEL = '/resource_providers/chat_model_connection/conn/serialized';
const toolMessages = (summary: Summary, pointer: string) => summary.conversations[pointer]!.flat().filter((m) => m.role === 'tool').map((m) => m.content);

describe('a plan compiled in Python, run here', () => {
  it('a ReAct parent delegating to a ReAct child with its own tool: the outputs, ids and each scope\'s conversation are the native run\'s', async () => {
    const plan = await python('compile', 'react');
    expect(plan).toContain('"module": "agentparity_ref.plan", "clazz": "InternalSubagentSetup", "serialized": {"child_plan": {');
    expect(plan).toContain('"func": {"func_type": "PythonFunction", "module": "crossplan.tools", "qualname": "shout"}');
    // The same plan as compiled here, but for the tool's function, which each language names its own way.
    const func = '/resource_providers/agent/reviewer/serialized/child_plan/resource_providers/tool/shout/serialized/func';
    expect(diffPlans(asData(plan), asData(await compileTree('react'))).differences.map((d) => d.pointer)).toEqual([`${func}/func_type`, `${func}/module`]);
    const native = JSON.parse(await python('run', 'react', plan)) as Summary;
    const here = plain(await runPlanText(plan, 'react')) as Summary;
    expect(here).toEqual(native);
    expect(here.runs.map((r) => [r.outputs, r.error])).toEqual([[['delegated and reviewed'], null]]);
    expect(here.runs[0]!.calls.map((c) => [c.scope, c.outputs, c.error])).toEqual([['reviewer', ['tool says: HELLO WORLD!'], null]]);
    expect(toolMessages(here, CHILD_MODEL)).toEqual(['HELLO WORLD!']);
    expect(toolMessages(here, PARENT_MODEL)).toEqual(['["tool says: HELLO WORLD!"]']);
    expect(here.conversations[CHILD_MODEL]![0]).toEqual([{ role: 'user', content: 'review the diff' }]);
  });

  it('a child and a grandchild: the same session and call ids as the native run, and as the tree compiled here', async () => {
    const plan = await python('compile', 'ids');
    const native = JSON.parse(await python('run', 'ids', plan)) as Summary;
    const here = plain(await runPlanText(plan, 'ids')) as Summary;
    expect(here).toEqual(native);
    expect(plain(await runPlanText(await compileTree('ids'), 'ids'))).toEqual(here);
    const [first] = here.runs;
    expect(first!.outputs).toEqual([[[['relayed', ['echo:7']]], [['relayed', ['echo:again']]]]]);
    expect(first!.calls.map((c) => c.scope)).toEqual(['grandkid', 'kid', 'grandkid', 'kid']);
    // §3.5: sessions <digest>-<n> from 0 per action task and setup, calls <session>-<k> from 1.
    const [, kid1, , kid2] = first!.calls;
    expect(kid2!.session_id.slice(0, -2)).toBe(kid1!.session_id.slice(0, -2));
    expect([kid1!.session_id.slice(-2), kid2!.session_id.slice(-2)]).toEqual(['-0', '-1']);
    for (const call of first!.calls) expect(call.call_id).toBe(`${call.session_id}-1`);
    // The key's second input (sequence number 1) gives every call a session of its own.
    expect(new Set(here.runs.flatMap((r) => r.calls.map((c) => c.session_id))).size).toBe(8);
  });

  it('a function in neither registry fails where it is used, naming the plan path and the function, and the run goes on', async () => {
    const react = plain(await runPlanText(await python('compile', 'react'), 'react', namedFunctions(['tools:shout']))) as Summary;
    expect(toolMessages(react, CHILD_MODEL)).toEqual([
      'Tool `shout` execute failed: Tool shout in /resource_providers/agent/reviewer/serialized/child_plan runs crossplan.tools:shout, which has no implementation in this process.',
    ]);
    expect(react.runs[0]!.outputs).toEqual(['delegated and reviewed']);
    const ids = plain(await runPlanText(await python('compile', 'ids'), 'ids', namedFunctions(['actions:relay']))) as Summary;
    expect(ids.runs[0]!.calls.map((c) => [c.scope, c.error])).toEqual([
      ['kid', 'NotSupportedError: Action relay in /resource_providers/agent/kid/serialized/child_plan runs crossplan.actions:relay, which has no implementation in this process.'],
      ['kid', 'NotSupportedError: Action relay in /resource_providers/agent/kid/serialized/child_plan runs crossplan.actions:relay, which has no implementation in this process.'],
    ]);
    const root = plain(await runPlanText(await python('compile', 'ids'), 'ids', namedFunctions(['actions:call']))) as Summary;
    expect(root.runs[0]!.error).toBe('Action call runs crossplan.actions:call, which has no implementation in this process.');
  });
});

describe('the functions and classes a runner serves for another language', () => {
  it('are the same table in both languages', () => {
    const [functions, classes] = runPython<[Record<string, string[][]>, Record<string, string[][]>]>(
      'sys.path.insert(0, inputs[0])\nfrom agentparity_ref.runner.stand_ins import CLASSES, FUNCTIONS\nprint(json.dumps([FUNCTIONS, CLASSES]))',
      [PYTHON_REF],
    );
    const fnKey = ([kind, a, b]: string[]) => (kind === 'JavaFunction' ? functionKey({ funcType: kind, qualname: a!, methodName: b! }) : functionKey({ funcType: kind as 'PythonFunction', module: a!, qualname: b! }));
    expect(Object.fromEntries(Object.entries(functions).map(([name, names]) => [name, names.map(fnKey)]))).toEqual(
      Object.fromEntries([...RUNTIME_IDENTITIES.functions].map(([name, names]) => [name, names.map(functionKey)])),
    );
    expect(Object.fromEntries(Object.entries(classes).map(([name, names]) => [name, names.map(([language, module, clazz]) => classKey({ language: language as 'python', module: module!, clazz: clazz! }))]))).toEqual(
      Object.fromEntries([...RUNTIME_IDENTITIES.classes].map(([name, names]) => [name, names.map(classKey)])),
    );
  });
});
