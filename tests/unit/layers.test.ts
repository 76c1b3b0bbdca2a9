/**
 * The layering CONVENTIONS.md describes, checked over the import graph of src/ and server/src/.
 * Console: main → router → screens (and the field app) → components → machines, i18n → api → domain.
 * Server: routes → services → repositories → db, with infra, lib and schemas beside; queries (Drizzle's
 * query builders and the tables) only in repositories, db and the start-up code.
 * A wrong-way import fails here. KNOWN_BREAKS lists the ones not yet mended: a listed break that
 * is gone fails too, so the list only shrinks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'gen') out.push(...sourceFiles(rel));
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

// Type-only imports are left out: they vanish at run time and carry no dependency on behaviour.
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s(?!type\s)(?:[^'"]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

interface Edge {
  from: string;
  to: string;
  /** The specifier as written, for package imports. */
  spec: string;
}

function edgesOf(file: string): Edge[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const edges: Edge[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    let to = spec;
    if (spec.startsWith('.')) to = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    else if (spec.startsWith('#domain/')) to = `src/domain/${spec.slice('#domain/'.length)}`;
    edges.push({ from: file, to, spec });
  }
  return edges;
}

const FILES = [...sourceFiles('src'), ...sourceFiles('server/src')];
const EDGES = FILES.flatMap(edgesOf);

/** The console's layers, top first; a file may import its own layer or any below it. */
const CONSOLE_LAYERS: [string, RegExp][] = [
  ['main', /^src\/main\.tsx$/],
  ['router', /^src\/(router\.tsx|nav\.ts|screen-registry\.ts|routes\/)/],
  ['screens', /^src\/(screens|field)\//],
  ['components', /^src\/components\//],
  ['machines and i18n', /^src\/(machines|i18n)\//],
  ['api', /^src\/api\//],
  ['domain', /^src\/domain\//],
  ['styles', /^src\/styles\//],
];

function consoleLayer(file: string): number {
  return CONSOLE_LAYERS.findIndex(([, re]) => re.test(file));
}

/**
 * A route module registers routes (or builds them with the route kit); every other file of
 * routes/<area>/ is the area's service side.
 */
const REGISTERS = /\bapp\.(get|post|put|delete|patch|route|register)\(|crudRoutes\(|FastifyPluginAsync/;
const ROUTE_KIT = /^server\/src\/routes\/(kit|crud|handlers)\.ts$/;
const ROUTE_MODULES = new Set(
  FILES.filter(
    (f) =>
      f.startsWith('server/src/routes/') &&
      (REGISTERS.test(readFileSync(path.join(ROOT, f), 'utf8')) ||
        EDGES.some((e) => e.from === f && ROUTE_KIT.test(e.to))),
  ),
);

type ServerPart =
  | 'start'
  | 'plugins'
  | 'routes'
  | 'services'
  | 'repositories'
  | 'db'
  | 'infra'
  | 'lib'
  | 'jobs';

function serverPart(file: string): ServerPart {
  const rel = file.slice('server/src/'.length);
  if (/^(app|server|bootstrap)\.ts$/.test(rel)) return 'start';
  if (rel.startsWith('jobs/')) return 'jobs';
  if (rel.startsWith('plugins/')) return 'plugins';
  if (ROUTE_MODULES.has(file)) return 'routes';
  if (rel.startsWith('routes/')) return 'services';
  if (rel.startsWith('repositories/')) return 'repositories';
  if (rel.startsWith('db/')) return 'db';
  // Shared infrastructure (sessions, tokens, stores, Redis) may keep its rows through repositories.
  if (rel.startsWith('infra/')) return 'infra';
  return 'lib'; // lib, schemas, config, types
}

/** What each server part may not import. */
const SERVER_FORBIDDEN: Record<ServerPart, ServerPart[]> = {
  start: [],
  jobs: ['start', 'routes', 'plugins'],
  plugins: ['start', 'jobs', 'routes', 'services'],
  routes: ['start', 'jobs'],
  services: ['start', 'jobs', 'routes'],
  repositories: ['start', 'jobs', 'plugins', 'routes', 'services'],
  db: ['start', 'jobs', 'plugins', 'routes', 'services', 'repositories', 'infra'],
  infra: ['start', 'jobs', 'plugins', 'routes', 'services'],
  lib: ['start', 'jobs', 'plugins', 'routes', 'services', 'repositories', 'infra'],
};

/** Who may write queries: Drizzle's builders and the tables (lib's row mappers read a table's columns). */
const QUERY_WRITERS: ServerPart[] = ['repositories', 'db', 'start', 'infra', 'lib'];

function breaks(): string[] {
  const found = new Set<string>();
  for (const { from, to, spec } of EDGES) {
    if (from.startsWith('src/')) {
      if (to.startsWith('server/')) found.add(`${from} -> ${to} (the console imports the server)`);
      if (!to.startsWith('src/')) continue;
      const a = consoleLayer(from);
      const b = consoleLayer(to);
      if (b >= 0 && a >= 0 && b < a)
        found.add(`${from} -> ${to} (${CONSOLE_LAYERS[a][0]} above ${CONSOLE_LAYERS[b][0]})`);
      // The client sits below the machines: their actors call it, never the other way round.
      continue;
    }
    const a = serverPart(from);
    if (to.startsWith('src/') && !to.startsWith('src/domain/'))
      found.add(`${from} -> ${to} (the server imports the console)`);
    if (to.startsWith('server/src/')) {
      const b = serverPart(to);
      if (SERVER_FORBIDDEN[a].includes(b)) found.add(`${from} -> ${to} (${a} imports ${b})`);
      if (to.startsWith('server/src/db/schema') && !QUERY_WRITERS.includes(a)) {
        found.add(`${from} -> ${to} (${a} reaches the tables)`);
      }
    } else if (/^drizzle-orm(\/|$)/.test(spec) && !QUERY_WRITERS.includes(a)) {
      found.add(`${from} -> ${spec} (${a} builds queries)`);
    }
  }
  return [...found].sort();
}

/** Import cycles between server files (db/schema and infra had some). */
function serverCycles(): string[] {
  const graph = new Map<string, string[]>();
  for (const { from, to } of EDGES) {
    if (!from.startsWith('server/src/') || !to.startsWith('server/src/')) continue;
    graph.set(from, [...(graph.get(from) ?? []), to]);
  }
  const cycles = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const loop = stack.slice(stack.indexOf(next));
        const start = loop.indexOf([...loop].sort()[0]);
        cycles.add([...loop.slice(start), ...loop.slice(0, start)].join(' -> '));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...cycles].sort();
}

/** Breaks found when the check was written, to be mended; each fix removes its line. */
const KNOWN_BREAKS: string[] = [];
const KNOWN_CYCLES: string[] = [];

describe('layers', () => {
  it('finds every source file and its imports', () => {
    expect(FILES.length).toBeGreaterThan(200);
    expect(EDGES.length).toBeGreaterThan(1000);
  });

  it('has no wrong-way import but the known ones still to mend', () => {
    expect(breaks()).toEqual(KNOWN_BREAKS);
  });

  it('has no import cycle between server files but the known ones', () => {
    expect(serverCycles()).toEqual(KNOWN_CYCLES);
  });
});
