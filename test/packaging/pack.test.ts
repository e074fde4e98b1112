import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'agentparity-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The tarball as `npm pack` makes it from the built package (`npm ci` has built dist/ already).
const packed = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' })) as [{ filename: string; files: { path: string }[] }];
const files = packed[0].files.map((f) => f.path);

/**
 * A project that installs the tarball without a registry: the tarball unpacked as
 * node_modules/agentparity, and every package it needs linked from this repository's node_modules.
 */
const project = join(work, 'project');
const install = (): void => {
  const modules = join(project, 'node_modules');
  mkdirSync(join(modules, '.bin'), { recursive: true });
  execFileSync('tar', ['-xzf', join(work, packed[0].filename), '-C', modules]);
  execFileSync('mv', [join(modules, 'package'), join(modules, 'agentparity')]);
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry === '.bin' || entry === 'agentparity' || entry.startsWith('.')) continue;
    symlinkSync(join(root, 'node_modules', entry), join(modules, entry));
  }
  symlinkSync('../agentparity/bin/agentparity.js', join(modules, '.bin', 'agentparity'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-agentparity', private: true, type: 'module', dependencies: { agentparity: `file:${packed[0].filename}` } }));
};

describe('the npm tarball', () => {
  it('holds what the files list names and no tests, test data, sources maps or bench sources', () => {
    for (const needed of ['bin/agentparity.js', 'dist/src/index.js', 'dist/src/index.d.ts', 'conformance/protocol.schema.json', 'conformance/report.schema.json', 'fixtures/written-against.json', 'python-ref/pyproject.toml', 'python-ref/agentparity_ref/participant.py', 'README.md', 'LICENSE', 'package.json']) {
      expect(files).toContain(needed);
    }
    expect(files.filter((f) => /(^|\/)tests?\//.test(f) || /\.test\.[jt]s$/.test(f) || f.endsWith('.map') || f.startsWith('bench/') || f.startsWith('.ci/') || f.includes('__pycache__'))).toEqual([]);
  });

  it('installs into a project offline, where `npx agentparity conformance` runs and the public API compiles strictly', () => {
    install();
    const run = execFileSync('npx', ['--no-install', 'agentparity', 'conformance', '--filter', 'schema/basics', '--reporter', 'json'], { cwd: project, encoding: 'utf8', env: { ...process.env, npm_config_offline: 'true' } });
    const report = JSON.parse(run) as { summary: { exit_code: number; cases: number } };
    expect(report.summary.exit_code).toBe(0);
    expect(report.summary.cases).toBeGreaterThan(0);
    expect(execFileSync('npx', ['--no-install', 'agentparity', '--version'], { cwd: project, encoding: 'utf8' }).trim()).toBe((JSON.parse(execFileSync('cat', [join(root, 'package.json')], { encoding: 'utf8' })) as { version: string }).version);
    writeFileSync(
      join(project, 'uses.ts'),
      [
        "import { FunctionTool as RootTool } from 'agentparity';",
        "import { askChatModel, replyWithChatResponse } from 'agentparity/runtime';",
        "import { FunctionTool } from 'agentparity/tools';",
        "import { Prompt, Skills } from 'agentparity/resources';",
        "import { ChatModelSetup } from 'agentparity/chat';",
        "import { SubagentSetup } from 'agentparity/subagent';",
        "import { InternalSubagentSetup } from 'agentparity/plan';",
        "import { McpTool } from 'agentparity/mcp';",
        "import { chatModelAction } from 'agentparity/actions';",
        "import * as participant from 'agentparity/participant';",
        "import protocol from 'agentparity/protocol.schema.json' with { type: 'json' };",
        "import report from 'agentparity/report.schema.json' with { type: 'json' };",
        'const same: typeof RootTool = FunctionTool;',
        'export const used = [same, askChatModel, replyWithChatResponse, Prompt, Skills, ChatModelSetup, SubagentSetup, InternalSubagentSetup, McpTool, chatModelAction, participant, protocol.$defs, report.properties];',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, resolveJsonModule: true, skipLibCheck: true, types: ['node'] }, files: ['uses.ts'] }),
    );
    execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], { cwd: project, encoding: 'utf8' });
  });
});
