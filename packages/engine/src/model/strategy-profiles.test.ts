/**
 * A new strategy is its name in the shared list and its profile, nothing else (issue 21 item 2): no
 * engine source but strategy-profiles.ts names a strategy in code (comments may), so no code can
 * branch on one. Generate's side of it: stages/generate/strategy-profiles.test.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { STRATEGIES } from './strategy';
import { STRATEGY_PROFILES } from './strategy-profiles';

const ENGINE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The engine's code: the package, its bench, scripts and CLI entry (not the generated template). */
const CODE_DIRS = ['src', 'bench', 'scripts', 'bin'];
const CODE_FILE = /\.(?:ts|tsx|js|mjs|cjs)$/;
/**
 * Tests and their fixtures pick the strategies they run; the template, inlined, is the generated
 * project's code.
 */
const NOT_ENGINE_CODE = /(?:\.test\.tsx?|\.fixture\.tsx?|\.generated\.ts)$/;
const PROFILES_FILE = 'src/model/strategy-profiles.ts';

function codeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : codeFiles(path);
    return CODE_FILE.test(entry) && !NOT_ENGINE_CODE.test(entry) ? [path] : [];
  });
}

/** Where a file's code (not its comments) names a strategy: `file:line text`. */
function strategyNamesIn(file: string, source: string): string[] {
  const names = new Set<string>(STRATEGIES);
  const found: string[] = [];
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    const text =
      ts.isStringLiteralLike(node) || ts.isIdentifier(node)
        ? node.text
        : ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)
          ? node.text
          : undefined;
    if (text !== undefined && [...names].some((name) => text.includes(name))) {
      // The default strategy is a name by definition (types.ts), not a branch on one.
      const declaration = node.parent;
      const isDefault =
        ts.isVariableDeclaration(declaration) &&
        ts.isIdentifier(declaration.name) &&
        declaration.name.text === 'DEFAULT_STRATEGY';
      if (!isDefault) {
        const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${file}:${line + 1} ${node.getText()}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

describe('strategy profiles', () => {
  it('has a profile for every strategy of the shared list, and no other', () => {
    expect(Object.keys(STRATEGY_PROFILES).sort()).toEqual([...STRATEGIES].sort());
  });

  it('profiles are coherent: only content modules are prerendered', () => {
    for (const profile of Object.values(STRATEGY_PROFILES))
      if (profile.prerender) expect(profile.pages).toBe('content-modules');
  });

  it('no engine code outside strategy-profiles.ts names a strategy', () => {
    const files = CODE_DIRS.flatMap((dir) => {
      const path = join(ENGINE_DIR, dir);
      return statSync(path, { throwIfNoEntry: false })?.isDirectory() ? codeFiles(path) : [];
    });
    expect(files.length).toBeGreaterThan(100);
    const named = files
      .map((file) => relative(ENGINE_DIR, file))
      .filter((file) => file !== PROFILES_FILE)
      .flatMap((file) => strategyNamesIn(file, readFileSync(join(ENGINE_DIR, file), 'utf8')));
    expect(named).toEqual([]);
  });

  it('finds a comparison, a switch case, a record key and a template literal, not a comment', () => {
    const source = `// FULL_REBUILD in a comment is fine
/* STYLE_MODERNIZATION too */
if (plan.strategy === 'FULL_REBUILD') go();
switch (strategy) { case "INCREMENTAL_UPDATE": break; }
const text = { STYLE_MODERNIZATION: 1 };
const line = \`\${n} STYLE_MODERNIZATION runs\`;
export const DEFAULT_STRATEGY = 'INCREMENTAL_UPDATE';
`;
    expect(strategyNamesIn('x.ts', source)).toEqual([
      "x.ts:3 'FULL_REBUILD'",
      'x.ts:4 "INCREMENTAL_UPDATE"',
      'x.ts:5 STYLE_MODERNIZATION',
      'x.ts:6 } STYLE_MODERNIZATION runs`',
    ]);
  });
});
