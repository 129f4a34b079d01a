import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

interface LockEntry {
  dev?: boolean;
  optional?: boolean;
  engines?: { node?: string };
}

/** The Node version the README's Quick start promises ("Node.js 20.19+"), as a full version. */
function readmeNode(): string {
  const match = /Node\.js (\d+\.\d+)\+/.exec(readme);
  if (!match) throw new Error('the README names no "Node.js X.Y+"');
  return `${match[1]}.0`;
}

/**
 * Every installed package's engines.node, by its path in the lockfile. The installed package.json is what npm
 * checks at install; a platform binary for another machine is not installed, so the lockfile's copy stands in.
 */
function enginesByPackage(): { where: string; node: string; dev: boolean }[] {
  const lock = readJson<{ packages: Record<string, LockEntry> }>('package-lock.json');
  return Object.entries(lock.packages)
    .filter(([where]) => where.startsWith('node_modules/'))
    .map(([where, entry]) => {
      const installed = path.join(root, where, 'package.json');
      const engines = existsSync(installed) ? readJson<LockEntry>(path.join(where, 'package.json')).engines : entry.engines;
      return { where, node: engines?.node ?? '', dev: entry.dev === true };
    })
    .filter((entry) => entry.node !== '');
}

const packageName = (where: string) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
const meets = (version: string, range: string) => semver.satisfies(version, range, { includePrerelease: true });

describe('the Node version the README promises', () => {
  const node = readmeNode();

  it('is the floor package.json declares', () => {
    const declared = readJson<{ engines: { node: string } }>('package.json').engines.node;
    expect(semver.minVersion(declared)?.version).toBe(node);
  });

  it('meets the engines.node of every runtime dependency, direct or not', () => {
    const refused = enginesByPackage()
      .filter((entry) => !entry.dev && !meets(node, entry.node))
      .map((entry) => `${entry.where} (${entry.node})`);
    expect(refused).toEqual([]);
  });

  it('leaves only dev tools the README names, with the reason they are kept, that declare a newer Node', () => {
    const warning = enginesByPackage().filter((entry) => entry.dev && !meets(node, entry.node));
    const unnamed = warning.map((entry) => packageName(entry.where)).filter((name) => !readme.includes(`\`${name}\``));
    expect(unnamed).toEqual([]);
  });
});

describe('install scripts', () => {
  it('are settled in package.json for every installed package that has one', () => {
    const allowed = readJson<{ allowScripts?: Record<string, boolean> }>('package.json').allowScripts ?? {};
    const lock = readJson<{ packages: Record<string, { hasInstallScript?: boolean }> }>('package-lock.json');
    const withScripts = Object.entries(lock.packages)
      .filter(([where, entry]) => where.startsWith('node_modules/') && entry.hasInstallScript)
      .map(([where]) => packageName(where));
    const settled = (name: string) => Object.keys(allowed).some((key) => key === name || key.startsWith(`${name}@`));
    expect([...new Set(withScripts)].filter((name) => !settled(name))).toEqual([]);
  });
});
