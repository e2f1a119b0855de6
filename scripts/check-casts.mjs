// Rule 5 of the boundary check (the import rules 1-4 are in .dependency-cruiser.cjs):
// no `as never` (nor `<never>`) casts in src/, the usual way to silence the generated API
// types for a request body or a reply. Story files and the generated API types are exempt.
// Read with the TypeScript parser, so comments and strings that say "as never" do not count.
//
//   node scripts/check-casts.mjs [root]     (root defaults to the current directory)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const RULE = 'no-as-never-casts';
const root = resolve(process.argv[2] ?? '.');
const exempt = (rel) => rel.endsWith('.stories.tsx') || rel.startsWith('src/shared/api/generated/');

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mts|cts)$/.test(entry.name)) yield path;
  }
}

const found = [];
for (const file of sources(join(root, 'src'))) {
  const rel = relative(root, file).split(sep).join('/');
  if (exempt(rel)) continue;
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const visit = (node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && node.type.kind === ts.SyntaxKind.NeverKeyword) {
      const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`  error ${RULE}: ${rel}:${line + 1}:${character + 1} ${node.getText(source).replace(/\s+/g, ' ')}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (found.length) {
  console.error(`${found.join('\n')}\n\nx ${found.length} cast(s) to never in src/: give the value its real type (generated API types for bodies and replies) instead.`);
  process.exit(1);
}
console.log(`✔ ${RULE}: no casts to never in src/`);
