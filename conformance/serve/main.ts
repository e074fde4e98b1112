import { serve } from './serve.js';

// The TypeScript participant as a process: `node dist/conformance/serve/main.js`.
const code = await serve();
process.stdin.destroy();
process.exitCode = code;
