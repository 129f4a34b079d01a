import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import wingOrder from '@/lib/server/wings.json';

const serverRoot = path.join(process.cwd(), 'lib/server');
const { wings: serverWings, entries: serverEntries } = wingOrder;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolveImport(fromFile: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/') ? path.join(process.cwd(), specifier.slice(2)) : path.resolve(path.dirname(fromFile), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ending) => base + ending)
    .find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** Folder → the other folders of lib/server its files import (every depth: tasks/files is a folder of its own). */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(serverRoot)) {
    const from = path.relative(serverRoot, path.dirname(file));
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*['"]((?:@\/lib\/server\/|\.)[^'"]*)['"]/g)) {
      const target = resolveImport(file, match[1]);
      if (!target?.startsWith(serverRoot)) continue;
      const to = path.relative(serverRoot, path.dirname(target));
      if (to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** The folders that sit on a circle of imports, each circle named by its path. */
function circles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (folder: string, trail: string[]) => {
    state.set(folder, 'open');
    for (const next of graph.get(folder) ?? []) {
      if (state.get(next) === 'open') found.push([...trail.slice(trail.indexOf(next)), folder, next]);
      else if (!state.has(next)) visit(next, [...trail, folder]);
    }
    state.set(folder, 'done');
  };
  for (const folder of graph.keys()) if (!state.has(folder)) visit(folder, []);
  return found;
}

const eslint = new ESLint({ cwd: process.cwd() });

async function lintMessages(filePath: string, specifier: string): Promise<string[]> {
  const code = `import { thing } from '${specifier}';\nexport const used = thing;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === 'import/no-restricted-paths').map((message) => message.message);
}

describe('lib/server in wings', () => {
  it('has only the listed wings, each with its short README', () => {
    const folders = readdirSync(serverRoot, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.sort()).toEqual([...serverWings, ...serverEntries].sort());
    expect(readdirSync(serverRoot).filter((name) => !folders.includes(name))).toEqual(['wings.json']);
    for (const wing of folders) {
      const readme = readFileSync(path.join(serverRoot, wing, 'README.md'), 'utf8').trim().split('\n');
      expect(readme.length, wing).toBeLessThanOrEqual(5);
      expect(readme.join(' '), wing).toMatch(/import/i);
    }
  });

  it('has no circle of imports between its folders, at any depth', () => {
    expect(circles(folderGraph())).toEqual([]);
  });

  it('refuses, by lint, an import of a higher wing by alias or relative path, and lets a wing import a lower one', async () => {
    expect(await lintMessages('lib/server/core/example.ts', '@/lib/server/tasks/read')).toEqual([
      expect.stringContaining('lib/server/core imports only the wings below it'),
    ]);
    expect(await lintMessages('lib/server/people/users/example.ts', '../../tasks/read')).toHaveLength(1);
    expect(await lintMessages('lib/server/messaging/outbox/example.ts', '@/lib/server/jobs')).toHaveLength(1);
    expect(await lintMessages('lib/server/tasks/example.ts', '@/lib/server/http/route')).toHaveLength(1);
    expect(await lintMessages('lib/server/jobs/example.ts', '@/lib/server/http/route')).toEqual([
      expect.stringContaining('lib/server/jobs is an entry wing'),
    ]);
    expect(await lintMessages('lib/server/tasks/example.ts', '@/lib/server/scheduling/availability/hours')).toEqual([]);
    expect(await lintMessages('lib/server/http/example.ts', '@/lib/server/tasks/read')).toEqual([]);
  });
});
