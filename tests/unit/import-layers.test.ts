import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The messages `npm run lint` gives for a file at `filePath` holding `code`. */
async function lintAt(filePath: string, code: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: process.cwd() }).lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

const using = (source: string) => `import { thing } from '${source}';\nexport const used = thing;\n`;

describe('import layers hold by lint', () => {
  it('refuses lib importing app/, by alias or by relative path', async () => {
    expect(await lintAt('lib/server/tasks/example.ts', using('@/app/api/operations'))).toEqual([
      expect.stringContaining('lib never imports app/: let the app hand lib what it needs'),
    ]);
    expect(await lintAt('lib/contract/example.ts', using('../../app/api/operations'))).toHaveLength(1);
  });

  it('refuses lib importing the seed', async () => {
    expect(await lintAt('lib/server/people/tenants/example.ts', using('@/db/seed/index'))).toEqual([expect.stringContaining('lib never imports db/seed')]);
    expect(await lintAt('lib/client/example.ts', using('../../db/seed'))).toHaveLength(1);
  });

  it('refuses lib/server importing lib/client, and lets lib/client and components do it', async () => {
    expect(await lintAt('lib/server/tasks/report/example.ts', using('@/lib/client/task-form/time'))).toEqual([
      expect.stringContaining('lib/server never imports lib/client: move what both sides use to lib/contract.'),
    ]);
    expect(await lintAt('lib/server/example.ts', using('../client/task-form/time'))).toHaveLength(1);
    expect(await lintAt('lib/client/example.ts', using('@/lib/client/task-form/time'))).toEqual([]);
    expect(await lintAt('components/example.ts', using('@/lib/client/task-form/time'))).toEqual([]);
  });

  it('refuses lib/client and lib/contract importing lib/server, and lib/contract importing lib/client', async () => {
    expect(await lintAt('lib/client/example.ts', using('@/lib/server/core/db'))).toEqual([
      expect.stringContaining('lib/client and lib/contract never import lib/server'),
    ]);
    expect(await lintAt('lib/contract/example.ts', using('../server/db/client'))).toHaveLength(1);
    expect(await lintAt('lib/contract/example.ts', using('@/lib/client/task-form/time'))).toHaveLength(1);
  });

  it('lets lib import its own floors and the contract', async () => {
    expect(await lintAt('lib/server/tasks/example.ts', using('@/lib/contract/time-of-day'))).toEqual([]);
    expect(await lintAt('lib/server/tasks/example.ts', using('@/lib/server/core/bulk-insert'))).toEqual([]);
    expect(await lintAt('lib/server/tasks/example.ts', using('@/db/schema'))).toEqual([]);
  });
});
