/**
 * How many lines of code a resource costs, users against the resources built
 * on the kit: position groups (apart from its membership, and with it) and a new simple resource
 * written by the guide (bench/simple-resource). Prints a table: `node scripts/resource-lines.ts`
 * (`--files`: each file's count too; `--json`).
 *
 * A code line is a line with something left once comments are taken out: blank lines, `//` and
 * `/* … *\/` comments (JSDoc and JSX `{/* … *\/}` comments too) do not count; import lines do. A
 * file shared by several resources (a Drizzle schema file with more than one table) counts only
 * the named top-level declarations. Generated hooks (src/api/gen) and texts (src/i18n/areas) are
 * shown apart, not in the total: nobody writes the first, and the second is three languages of prose.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
/** `--at REV`: the files as they were at that commit (e.g. users before the kit), else the working tree. */
const atIndex = process.argv.indexOf('--at');
const AT = atIndex === -1 ? null : process.argv[atIndex + 1];
/** The last commit before the resource kit: users as they stood when first measured. */
const BEFORE_KIT = '19ed3f9';
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

function listDir(folder: string, at: string | null): string[] {
  if (at) {
    try {
      return git('ls-tree', '--name-only', `${at}:${folder}`).split('\n').filter(Boolean);
    } catch {
      return []; // not there yet at that commit
    }
  }
  return existsSync(path.join(ROOT, folder)) ? readdirSync(path.join(ROOT, folder)) : [];
}

/** The file's text, or null where it does not exist (at that commit). */
function readSource(file: string, at: string | null): string | null {
  if (at) {
    try {
      return git('show', `${at}:${file}`);
    } catch {
      return null;
    }
  }
  return existsSync(path.join(ROOT, file)) ? readFileSync(path.join(ROOT, file), 'utf8') : null;
}

/**
 * A file, or only some of its top-level declarations (`only`), or all but some (`except`); or the
 * lines a patch adds to the files whose path matches (`patch`, `files`).
 */
type Source =
  | string
  | { file: string; only?: string[]; except?: string[] }
  | { patch: string; files: RegExp };
type Part = { label: string; sources: Source[]; counted: boolean };
type Resource = { name: string; parts: Part[] };

const dir = (folder: string, at: string | null): string[] =>
  listDir(folder, at)
    .filter((f) => /\.(ts|tsx|css)$/.test(f))
    .map((f) => `${folder}/${f}`);

/**
 * A new simple resource, built by the guide (src/screens/README.md) as a patch that is not part of
 * the product: machines, with a code unique per site, a name, a description and the active flag;
 * the five routes, list, add/edit dialog and delete, in three languages. Its new files and its
 * registrations in shared files (the server's resource list, the permission area, the screen
 * registry) count; its generated code and migration are not in the patch (regenerate them).
 */
const SIMPLE_PATCH = 'bench/simple-resource/machines.patch';
const simple = (files: RegExp): Source[] => [{ patch: SIMPLE_PATCH, files }];

/** Position groups' membership, counted apart from the group, which is then measured alone. */
const MEMBERSHIP_FILES = ['members.ts', 'position-picker.tsx', 'position-picker.css'];
const MEMBERSHIP_SCHEMAS = ['PositionGroupMember', 'PositionGroupDetail'];
const except = (files: string[], names: string[]) => files.filter((f) => !names.includes(path.basename(f)));

const resources = (at: string | null): Resource[] => [
  {
    name: 'users',
    parts: [
      { label: 'server routes + service', sources: dir('server/src/routes/users', at), counted: true },
      { label: 'server repository', sources: ['server/src/repositories/users.ts'], counted: true },
      { label: 'server schemas (TypeBox)', sources: ['server/src/schemas/user.ts'], counted: true },
      {
        label: 'db table',
        // Before the schema was split by area, every table was in one file.
        sources: [
          { file: 'server/src/db/schema/users.ts', only: ['users', 'usersUnique'] },
          { file: 'server/src/db/schema.ts', only: ['users'] },
        ],
        counted: true,
      },
      // The one email identity (sign-in uses it too); the role rules are the whole app's.
      { label: 'domain', sources: ['src/domain/email.ts'], counted: true },
      { label: 'console screen, forms, hooks, css', sources: dir('src/screens/users', at), counted: true },
      { label: 'i18n (en, fi, sv)', sources: ['src/i18n/areas/users.ts'], counted: false },
      { label: 'generated hooks', sources: dir('src/api/gen/users', at), counted: false },
    ],
  },
  {
    // The group alone: a simple resource (fields, list, form, the five routes) on the kit.
    name: 'position groups',
    parts: [
      {
        label: 'server routes + service',
        sources: except(dir('server/src/routes/position-groups', at), MEMBERSHIP_FILES),
        counted: true,
      },
      { label: 'server repository', sources: ['server/src/repositories/position-groups.ts'], counted: true },
      {
        label: 'server schemas (TypeBox)',
        sources: [{ file: 'server/src/schemas/position-group.ts', except: MEMBERSHIP_SCHEMAS }],
        counted: true,
      },
      {
        label: 'db table',
        sources: [{ file: 'server/src/db/schema/positions.ts', only: ['positionGroups'] }],
        counted: true,
      },
      { label: 'domain', sources: ['src/domain/position-groups.ts'], counted: true },
      {
        label: 'console screen, forms, hooks, css',
        sources: except(dir('src/screens/position-groups', at), MEMBERSHIP_FILES),
        counted: true,
      },
      { label: 'i18n (en, fi, sv)', sources: ['src/i18n/areas/position-groups.ts'], counted: false },
      { label: 'generated hooks', sources: dir('src/api/gen/position-groups', at), counted: false },
    ],
  },
  {
    // Which positions a group holds: the picker, the membership rules and queries, the counts.
    name: 'its membership',
    parts: [
      {
        label: 'server routes + service',
        sources: ['server/src/routes/position-groups/members.ts'],
        counted: true,
      },
      {
        label: 'server repository',
        sources: ['server/src/repositories/position-group-members.ts'],
        counted: true,
      },
      {
        label: 'server schemas (TypeBox)',
        sources: [{ file: 'server/src/schemas/position-group.ts', only: MEMBERSHIP_SCHEMAS }],
        counted: true,
      },
      {
        label: 'db table',
        sources: [{ file: 'server/src/db/schema/positions.ts', only: ['positionGroupPositions'] }],
        counted: true,
      },
      {
        label: 'console screen, forms, hooks, css',
        sources: [
          'src/screens/position-groups/position-picker.tsx',
          'src/screens/position-groups/position-picker.css',
        ],
        counted: true,
      },
    ],
  },
  {
    name: 'a new simple resource (machines)',
    parts: [
      { label: 'server routes + service', sources: simple(/^server\/src\/routes\//), counted: true },
      { label: 'server repository', sources: simple(/^server\/src\/repositories\//), counted: true },
      { label: 'server schemas (TypeBox)', sources: simple(/^server\/src\/schemas\//), counted: true },
      { label: 'db table', sources: simple(/^server\/src\/db\//), counted: true },
      { label: 'domain', sources: simple(/^src\/domain\//), counted: true },
      { label: 'console screen, forms, hooks, css', sources: simple(/^src\/screens\//), counted: true },
      { label: 'i18n (en, fi, sv)', sources: simple(/^src\/i18n\//), counted: false },
    ],
  },
  {
    name: 'user groups',
    parts: [
      { label: 'server routes + service', sources: dir('server/src/routes/user-groups', at), counted: true },
      { label: 'server repository', sources: ['server/src/repositories/user-groups.ts'], counted: true },
      { label: 'server schemas (TypeBox)', sources: ['server/src/schemas/user-group.ts'], counted: true },
      { label: 'db table', sources: ['server/src/db/schema/user-groups.ts'], counted: true },
      { label: 'domain', sources: ['src/domain/user-groups.ts'], counted: true },
      {
        label: 'console screen, forms, hooks, css',
        sources: dir('src/screens/user-groups', at),
        counted: true,
      },
      { label: 'i18n (en, fi, sv)', sources: ['src/i18n/areas/user-groups.ts'], counted: false },
      { label: 'generated hooks', sources: dir('src/api/gen/user-groups', at), counted: false },
    ],
  },
];

/** The text with comments blanked out (strings and template literals kept as they are). */
export function stripComments(text: string): string {
  let out = '';
  let i = 0;
  let quote: string | null = null;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (quote) {
      out += c;
      if (c === '\\') {
        out += next ?? '';
        i += 2;
        continue;
      }
      if (c === quote || (c === '\n' && quote !== '`')) quote = null;
      i += 1;
    } else if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      // Keep the line breaks, so a comment's lines read as blank.
      out += text.slice(i, stop).replace(/[^\n]/g, '');
      i = stop;
    } else {
      if (c === "'" || c === '"' || c === '`') quote = c;
      out += c;
      i += 1;
    }
  }
  return out;
}

/** Lines with code in them: not blank, not only a comment, not only an emptied JSX comment `{}`. */
export function codeLines(text: string): number {
  return stripComments(text)
    .split('\n')
    .filter((line) => {
      const bare = line.trim();
      return bare !== '' && bare !== '{}';
    }).length;
}

const DECLARATION = /^(?:export\s+)?(?:const|let|function|type|interface|class|enum)\s+(\w+)/;

/**
 * Some top-level declarations of a file, each from its line to the next top-level statement: the
 * named ones, or (`except`) every statement but the named declarations, imports included.
 */
function declarations(text: string, names: string[], except = false): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  let keeping = false;
  for (const line of lines) {
    if (/^\S/.test(line) && !/^[)}\]]/.test(line)) {
      const name = DECLARATION.exec(line)?.[1];
      const named = name !== undefined && names.includes(name);
      keeping = except ? !named : named;
    }
    if (keeping) kept.push(line);
  }
  return kept.join('\n');
}

/** The lines a unified diff adds to the files whose path matches. */
function addedLines(patch: string, files: RegExp): string {
  const added: string[] = [];
  let inFile = false;
  for (const line of patch.split('\n')) {
    if (line.startsWith('+++ ')) inFile = files.test(line.replace(/^\+\+\+ (b\/)?/, ''));
    else if (inFile && line.startsWith('+')) added.push(line.slice(1));
  }
  return added.join('\n');
}

function count(source: Source, at: string | null): number {
  if (typeof source !== 'string' && 'patch' in source) {
    const patch = readSource(source.patch, at);
    return patch === null ? 0 : codeLines(addedLines(patch, source.files));
  }
  const file = typeof source === 'string' ? source : source.file;
  const text = readSource(file, at);
  if (text === null) return 0;
  if (typeof source === 'string') return codeLines(text);
  return codeLines(
    source.except ? declarations(text, source.except, true) : declarations(text, source.only ?? []),
  );
}

type Row = { resource: string; part: string; files: number; lines: number; counted: boolean };

function measure(at: string | null): Row[] {
  return resources(at).flatMap((r) =>
    r.parts.map((p) => ({
      resource: r.name,
      part: p.label,
      files: p.sources.length,
      lines: p.sources.reduce((sum, s) => sum + count(s, at), 0),
      counted: p.counted,
    })),
  );
}

const countedTotal = (rows: Row[], resource: string) =>
  rows.filter((r) => r.resource === resource && r.counted).reduce((sum, r) => sum + r.lines, 0);

/** The table; `before` (users at BEFORE_KIT) adds each resource's ratio to users as they were then. */
function print(rows: Row[], before: Row[] | null) {
  const names = [...new Set(rows.map((r) => r.resource))];
  const parts = [...new Set(rows.map((r) => r.part))];
  const cell = (resource: string, part: string) =>
    rows.find((r) => r.resource === resource && r.part === part);
  const total = (resource: string) => countedTotal(rows, resource);
  const base = total('users');
  const out = [
    `| part | ${names.join(' | ')} |`,
    `|---|${names.map(() => '---:').join('|')}|`,
    ...parts
      .filter((p) => rows.some((r) => r.part === p && r.counted))
      .map((p) => `| ${p} | ${names.map((n) => cell(n, p)?.lines ?? 0).join(' | ')} |`),
    `| **total (code)** | ${names.map((n) => `**${total(n)}**`).join(' | ')} |`,
    `| ratio to users | ${names.map((n) => (total(n) / base).toFixed(2)).join(' | ')} |`,
    ...(before ? [ratioBefore(before)] : []),
    ...parts
      .filter((p) => rows.some((r) => r.part === p && !r.counted))
      .map((p) => `| (apart) ${p} | ${names.map((n) => cell(n, p)?.lines ?? '–').join(' | ')} |`),
  ];
  const whole = total('position groups') + total('its membership');
  const usersBefore = before ? countedTotal(before, 'users') : null;
  out.push(
    '',
    `Position groups with its membership: ${whole} lines, ${(whole / base).toFixed(2)} of users` +
      (usersBefore ? `, ${(whole / usersBefore).toFixed(2)} of users before the kit.` : '.'),
  );
  console.log(out.join('\n'));

  function ratioBefore(old: Row[]) {
    const users = countedTotal(old, 'users');
    const ratios = names.map((n) => (total(n) / users).toFixed(2)).join(' | ');
    return `| ratio to users before the kit (${BEFORE_KIT}, ${users} lines) | ${ratios} |`;
  }
}

const sourceName = (s: Source) =>
  typeof s === 'string' ? s : 'patch' in s ? `${s.patch} (${s.files.source})` : s.file;

if (import.meta.main) {
  const rows = measure(AT);
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
  else print(rows, AT ? null : measure(BEFORE_KIT));
  if (process.argv.includes('--files')) {
    for (const r of resources(AT))
      for (const p of r.parts)
        for (const s of p.sources) console.log(`${String(count(s, AT)).padStart(5)}  ${sourceName(s)}`);
  }
}
