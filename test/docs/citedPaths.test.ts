import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);

// What git tracks, so that a file only on one machine (a build output, a scratch file) does not count.
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

/** The paths a page names in backticks or links: anything ending in a file extension of the repository. */
const citedPaths = (page: string): string[] => {
  const text = readFileSync(new URL(page, ROOT), 'utf8');
  const cited = new Set<string>();
  for (const [, path] of text.matchAll(/`([\w./-]+\.(?:ts|py|md|json|yaml|js))`/g)) cited.add(path!);
  for (const [, path] of text.matchAll(/\]\(([^)#\s]+\.(?:ts|py|md|json|yaml|js))(?:#[^)]*)?\)/g)) cited.add(path!);
  return [...cited];
};

// A path is written from the repository root, or from the folder the sentence is about (`ops/chat.py`
// for `python-ref/agentparity_ref/ops/chat.py`), or as a bare file name; a built `dist/**.js` names
// its source.
// The package's own specifiers (`agentparity/report.schema.json`) name what its exports map them to.
const exportsMap = (JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { exports: Record<string, string | Record<string, string>> }).exports;
const exported = (path: string): string | undefined => {
  const target = path.startsWith('agentparity/') ? exportsMap[`./${path.slice('agentparity/'.length)}`] : undefined;
  return typeof target === 'string' ? target.replace(/^\.\//, '') : undefined;
};

// Files the reader writes, which the README names as examples of their own: a config file the
// command looks for, and a known-divergence file the README shows how to write.
const READER_FILES = new Set(['agentparity.config.yaml', 'known.yaml']);

const resolves = (path: string): boolean => {
  if (READER_FILES.has(path)) return true;
  const source = exported(path) ?? (path.startsWith('dist/') ? path.slice('dist/'.length).replace(/\.js$/, '.ts') : path);
  return tracked.some((file) => file === source || file.endsWith(`/${source}`));
};

describe('docs cite only files in the repository', () => {
  it.each(['docs/internals.md', 'README.md'])('%s', (page) => {
    expect(citedPaths(page).filter((path) => !resolves(path))).toEqual([]);
  });
});
