// Run by `npm run build` and at install (`prepare`): compiles the Python reference to bytecode.
// Python writes no bytecode of its own where PYTHONDONTWRITEBYTECODE is set (as on many CI
// machines), and then every start of the Python participant compiles its modules again: the
// imports took 1.1 s instead of 0.4 s. compileall writes it whatever that setting says, and a
// source changed later is still read fresh (each .pyc records its source's mtime and size).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pythonExecutable } from '../dist/conformance/clients/participantCommands.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const python = pythonExecutable();
const run = spawnSync(python, ['-m', 'compileall', '-q', '-j', '0', join(root, 'python-ref', 'agentparity_ref')], { stdio: 'inherit' });
// Without Python the TypeScript side still builds; the Python participant then compiles as it starts.
if (run.error !== undefined) process.stderr.write(`compilePython: ${python} did not run (${run.error.message}); the Python reference is left uncompiled\n`);
else if (run.status !== 0) process.exit(run.status ?? 1);
