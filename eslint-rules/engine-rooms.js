/**
 * The engine's rooms and doors (decision record 033): two ESLint rules over the relative imports of
 * packages/engine/src, with each import resolved to the file it names (not matched by its spelling).
 *
 * - `rooms`: a file in a listed room imports only from the rooms it `may` (a stage never imports
 *   another stage; infrastructure no stage; the contract no implementation).
 * - `no-cycle`: no import leads back to the file it is in, type-only imports included.
 *
 * Both read TypeScript's own import scanner (`ts.preProcessFile`) and no resolver of their own
 * packages: eslint-plugin-import-x needs a native resolver our lockfile cannot carry (see
 * eslint.config.js), dependency-cruiser would add a score of packages for a graph walk.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

/** Resolved specifiers by folder and specifier, for the lint run (files do not move during one). */
const resolved = new Map();

/** The file a relative specifier names (`./x`, `./x.js`, `./dir` with an index), or undefined. */
function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const key = `${path.dirname(fromFile)}\0${specifier}`;
  if (!resolved.has(key))
    resolved.set(key, findFile(path.resolve(path.dirname(fromFile), specifier)));
  return resolved.get(key);
}

function findFile(base) {
  const candidates = [
    base,
    ...EXTENSIONS.map((extension) => base + extension),
    ...EXTENSIONS.map((extension) => path.join(base, `index${extension}`)),
  ];
  if (/\.[cm]?js$/.test(base)) candidates.push(base.replace(/\.([cm]?)js$/, '.$1ts'));
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** A path relative to the room root, with forward slashes (`stages/plan/plan-site.ts`). */
function toRoomPath(root, file) {
  return path.relative(root, file).split(path.sep).join('/');
}

function isInside(root, file) {
  const relative = path.relative(root, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** The specifiers of every import and re-export in a source text, type-only and dynamic ones too. */
function listSpecifiers(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

/** The specifier an import-like AST node names, or undefined. */
function specifierOf(node) {
  if (node.type === 'TSImportType') {
    const argument = node.argument;
    const literal = argument?.type === 'TSLiteralType' ? argument.literal : argument;
    return typeof literal?.value === 'string' ? literal.value : undefined;
  }
  return typeof node.source?.value === 'string' ? node.source.value : undefined;
}

/** Calls `check(node, specifier)` for every import, re-export, dynamic import and import type. */
function onImports(check) {
  const visit = (node) => {
    const specifier = specifierOf(node);
    if (specifier !== undefined) check(node, specifier);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
    TSImportType: visit,
  };
}

// ---------------------------------------------------------------------------------------------
// rooms

/** The room of a file: the longest room whose path (a folder with a trailing `/`, or a file) holds it. */
function findRoom(rooms, roomPath) {
  let found;
  for (const room of rooms) {
    const holds = room.room.endsWith('/') ? roomPath.startsWith(room.room) : roomPath === room.room;
    if (holds && (!found || room.room.length > found.room.length)) found = room;
  }
  return found;
}

const rooms = {
  meta: {
    type: 'problem',
    docs: { description: 'A room of the engine imports only from the rooms it may.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          rooms: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                room: { type: 'string' },
                may: { type: 'array', items: { type: 'string' } },
                why: { type: 'string' },
              },
              required: ['room', 'may', 'why'],
              additionalProperties: false,
            },
          },
        },
        required: ['root', 'rooms'],
        additionalProperties: false,
      },
    ],
    messages: {
      walled: '{{room}} may not import {{target}}: {{why}}',
    },
  },
  create(context) {
    const { root: rootOption, rooms: roomList } = context.options[0];
    const root = path.resolve(rootOption);
    const file = context.filename;
    if (!isInside(root, file)) return {};
    const room = findRoom(roomList, toRoomPath(root, file));
    if (!room) return {};
    return onImports((node, specifier) => {
      const target = resolveImport(file, specifier);
      if (!target || !isInside(root, target)) return;
      const targetPath = toRoomPath(root, target);
      const allowed = [room.room, ...room.may].some((door) =>
        door.endsWith('/') ? targetPath.startsWith(door) : targetPath === door,
      );
      if (!allowed)
        context.report({
          node,
          messageId: 'walled',
          data: { room: room.room, target: targetPath, why: room.why },
        });
    });
  },
};

// ---------------------------------------------------------------------------------------------
// no-cycle

/** Import graphs by root, read from disk once per process; the linted file's own edges come fresh. */
const graphs = new Map();

function listSourceFiles(folder) {
  const files = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) files.push(...listSourceFiles(full));
    else if (EXTENSIONS.some((extension) => entry.name.endsWith(extension))) files.push(full);
  }
  return files;
}

function edgesOf(root, file, text) {
  return listSpecifiers(text)
    .map((specifier) => resolveImport(file, specifier))
    .filter((target) => target !== undefined && isInside(root, target));
}

function readGraph(root) {
  let graph = graphs.get(root);
  if (!graph) {
    graph = new Map();
    for (const file of listSourceFiles(root))
      graph.set(file, edgesOf(root, file, readFileSync(file, 'utf8')));
    graphs.set(root, graph);
  }
  return graph;
}

/** The shortest import path from `start` back to `goal` (both included), or undefined. */
function findPathBack(graph, start, goal) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const trail = [];
      for (let step = current; step !== undefined; step = cameFrom.get(step)) trail.unshift(step);
      return trail;
    }
    for (const next of graph.get(current) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, current);
      queue.push(next);
    }
  }
  return undefined;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import of the engine leads back to the file it is in.' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' } },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        'Import cycle: {{trail}}. Move what the files share into a module both can import (docs/decisions/033-engine-rooms-and-import-walls.md).',
    },
  },
  create(context) {
    const root = path.resolve(context.options[0].root);
    const file = context.filename;
    if (!isInside(root, file)) return {};
    const graph = new Map(readGraph(root));
    graph.set(file, edgesOf(root, file, context.sourceCode.text));
    return onImports((node, specifier) => {
      const target = resolveImport(file, specifier);
      if (!target || !isInside(root, target)) return;
      const trail = findPathBack(graph, target, file);
      if (trail)
        context.report({
          node,
          messageId: 'cycle',
          data: { trail: [file, ...trail].map((step) => toRoomPath(root, step)).join(' -> ') },
        });
    });
  },
};

export default { rules: { rooms, 'no-cycle': noCycle } };
