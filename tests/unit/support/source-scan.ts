import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Where a finding is: the file relative to the project and its 1-based line. */
export interface Place {
  file: string;
  line: number;
}

/** A translation key as a call uses it: whole (t('a.b')) or only its start (t(`statuses.${id}`)). */
export interface KeyUse extends Place {
  key: string;
  prefixOnly: boolean;
  /** t.raw may read a whole branch of the messages, not only a string. */
  raw: boolean;
}

export interface TextLiteral extends Place {
  text: string;
}

const root = path.resolve(import.meta.dirname, '../../..');

/** The .ts and .tsx files under the folders, generated and declaration files left out. */
export function sourceFiles(folders: readonly string[]): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) return walk(relative);
      return /\.tsx?$/.test(entry.name) && !/\.d\.ts$|\.generated\.ts$/.test(entry.name) ? [relative] : [];
    });
  return folders.flatMap(walk).sort();
}

export function parse(file: string, text = readFileSync(path.join(root, file), 'utf8')): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

const place = (source: ts.SourceFile, node: ts.Node): Place => ({
  file: source.fileName,
  line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
});

const translatorFactories = new Set(['useTranslations', 'getTranslations']);

/**
 * The namespace a translator is made for: `useTranslations('ns')`, `await getTranslations('ns')`,
 * `getTranslations({ locale, namespace: 'ns' })`, '' without one; undefined when it is no translator or its namespace
 * is computed (those calls cannot be checked here).
 */
function translatorNamespace(initializer: ts.Expression | undefined): string | undefined {
  let expression = initializer;
  if (expression && ts.isAwaitExpression(expression)) expression = expression.expression;
  if (!expression || !ts.isCallExpression(expression) || !ts.isIdentifier(expression.expression)) return undefined;
  if (!translatorFactories.has(expression.expression.text)) return undefined;
  const [argument] = expression.arguments;
  if (!argument) return '';
  if (ts.isStringLiteralLike(argument)) return argument.text;
  if (ts.isObjectLiteralExpression(argument)) {
    const namespace = argument.properties.find(
      (property): property is ts.PropertyAssignment =>
        ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === 'namespace',
    );
    if (!namespace) return '';
    return ts.isStringLiteralLike(namespace.initializer) ? namespace.initializer.text : undefined;
  }
  return undefined;
}

/** The block or file a declaration belongs to: where its name is visible. */
function scopeOf(node: ts.Node): ts.Node {
  let current = node.parent;
  while (!ts.isBlock(current) && !ts.isSourceFile(current) && !ts.isModuleBlock(current)) current = current.parent;
  return current;
}

const joinKey = (namespace: string, key: string) => (namespace ? `${namespace}.${key}` : key);

/** Every translation key the file hands to a translator it made, with the translator's namespace in front. */
export function keyUses(source: ts.SourceFile): KeyUse[] {
  const translators = new Map<ts.Node, Map<string, string>>();
  const collect = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      const namespace = translatorNamespace(node.initializer);
      if (namespace !== undefined) {
        const scope = scopeOf(node);
        const names = translators.get(scope) ?? new Map<string, string>();
        names.set(node.name.text, namespace);
        translators.set(scope, names);
      }
    }
    ts.forEachChild(node, collect);
  };
  collect(source);

  // The nearest enclosing scope that declares the name decides, as JavaScript resolves it.
  const namespaceOf = (name: ts.Identifier): string | undefined => {
    for (let scope: ts.Node | undefined = name.parent; scope; scope = scope.parent) {
      const namespace = translators.get(scope)?.get(name.text);
      if (namespace !== undefined) return namespace;
    }
    return undefined;
  };

  const uses: KeyUse[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.arguments.length > 0) {
      let callee = node.expression;
      let method: string | null = null;
      if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.name)) {
        method = callee.name.text;
        callee = callee.expression;
      }
      const checked = method === null || method === 'rich' || method === 'markup' || method === 'raw';
      const namespace = checked && ts.isIdentifier(callee) ? namespaceOf(callee) : undefined;
      const [argument] = node.arguments;
      if (namespace !== undefined) {
        const raw = method === 'raw';
        if (ts.isStringLiteralLike(argument)) {
          uses.push({ ...place(source, node), key: joinKey(namespace, argument.text), prefixOnly: false, raw });
        } else if (ts.isTemplateExpression(argument)) {
          uses.push({ ...place(source, node), key: joinKey(namespace, argument.head.text), prefixOnly: true, raw });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

/** Attributes whose text reaches the user (read aloud or shown). */
const userFacingAttributes = new Set(['aria-label', 'aria-description', 'placeholder', 'title', 'alt']);

/**
 * Text written straight into JSX: text between tags and user-facing attributes given a string literal. A heuristic:
 * text with no letter (punctuation, symbols, numbers) is not language and passes.
 */
export function untranslatedJsxText(source: ts.SourceFile): TextLiteral[] {
  const found: TextLiteral[] = [];
  const hasLetters = (text: string) => /\p{L}/u.test(text);
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (hasLetters(text)) found.push({ ...place(source, node), text });
    } else if (ts.isJsxAttribute(node) && node.initializer && ts.isIdentifier(node.name)) {
      const value = ts.isStringLiteral(node.initializer)
        ? node.initializer
        : ts.isJsxExpression(node.initializer) && node.initializer.expression && ts.isStringLiteralLike(node.initializer.expression)
          ? node.initializer.expression
          : null;
      if (value && userFacingAttributes.has(node.name.text) && hasLetters(value.text)) {
        found.push({ ...place(source, node), text: `${node.name.text}="${value.text}"` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
