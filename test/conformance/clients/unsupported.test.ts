import { describe, expect, it } from 'vitest';
import type { PyJson } from '../../../src/json/pyJson.js';
import { unsupported } from '../../../conformance/clients/exchange.js';
import type { ImplementationInfo } from '../../../conformance/protocol/messages.js';
import type { ProtocolCase } from '../../../conformance/serve/ops/index.js';

const info = (features?: ImplementationInfo['features']): ImplementationInfo => ({
  name: 'p',
  language: 'python',
  version: '1',
  language_version: '3',
  ops: ['run_internal'],
  ...(features === undefined ? {} : { features }),
});
const planCase = (declaration: PyJson): ProtocolCase => ({ id: 'internal/plans/x', op: 'run_internal', declaration });

describe('what a participant is not sent', () => {
  it('an op it does not list', () => {
    expect(unsupported(info(), { id: 'a/b/c', op: 'normalize' })).toEqual({ status: 'skipped', reason: 'op normalize is not supported by p' });
  });

  it('a run_internal case that gives a plan, unless it lists run_internal_plan; a tree case always goes', () => {
    const skipped = { status: 'skipped', reason: 'the case gives run_internal a plan (feature run_internal_plan), which p does not list' };
    expect(unsupported(info(), planCase(new Map([['plan', new Map()]])))).toEqual(skipped);
    expect(unsupported(info(['declaration_key']), planCase({ plan: {} }))).toEqual(skipped);
    expect(unsupported(info(['run_internal_plan']), planCase(new Map([['plan', new Map()]])))).toBeUndefined();
    expect(unsupported(info(), planCase(new Map([['agents', new Map()]])))).toBeUndefined();
  });
});
