// The cast rules of the boundary check (the import rules are in .dependency-cruiser.cjs). Calls are
// typed end to end, so a request body or a reply never needs a cast; the casts that silence the
// contract's types are refused:
//
//   no-as-never-casts      `as never` / `<never>` anywhere in src/ (the usual way to silence a body).
//   no-contract-casts      `as MainBody<…>`, `as MainReply<…>`, `as MainUploadData<…>` in src/,
//                          machines/ and sandbox/: build the body typed where it is built instead.
//   no-body-reply-casts    `as unknown as …` or `as any` on a request body or a reply (an
//                          expression named body, request, reply, payload, upload or data) in src/,
//                          machines/ and sandbox/.
//   no-route-casts         `useSearch(…) as …` / `useParams(…) as …` in src/: the routes validate
//                          the address, so read it typed (`getRouteApi(id).useSearch()`, or the
//                          non-strict `useSearch({ strict: false })`, typed by the registered routes).
//
// Story files, tests and the generated contract are exempt. Read with the TypeScript parser, so
// comments and strings that say "as never" do not count.
//
//   node scripts/check-casts.mjs [root]     (root defaults to the current directory)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const root = resolve(process.argv[2] ?? '.');
const exempt = (rel) => /\.(stories|test)\.tsx?$/.test(rel) || rel.startsWith('api-schemas/generated/');
const CONTRACT_TYPES = /^(MainBody|MainReply|MainUploadData)\b/;
const BODY_OR_REPLY = /^(body|request|reply|payload|upload|data)$/i;
const ROUTE_READS = /^(useSearch|useParams)$/;

function* sources(dir) {
  if (!existsSync(dir)) return;
  // In name order, so the report reads the same on every machine.
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mts|cts)$/.test(entry.name)) yield path;
  }
}

/** The name an expression ends in: `request`, `ctx.body`, `(reply)`, `reply!`. */
function endName(node) {
  let n = node;
  while (ts.isParenthesizedExpression(n) || ts.isNonNullExpression(n)) n = n.expression;
  if (ts.isIdentifier(n)) return n.text;
  if (ts.isPropertyAccessExpression(n)) return n.name.text;
  return null;
}

/** The function a call expression calls: `useSearch` for `useSearch({ … })` or `route.useSearch()`. */
function calledName(node) {
  let n = node;
  while (ts.isParenthesizedExpression(n) || ts.isNonNullExpression(n)) n = n.expression;
  return ts.isCallExpression(n) ? endName(n.expression) : null;
}

const found = [];
for (const tree of ['src', 'machines', 'sandbox']) {
  for (const file of sources(join(root, tree))) {
    const rel = relative(root, file).split(sep).join('/');
    if (exempt(rel)) continue;
    const text = readFileSync(file, 'utf8');
    const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    const report = (rule, node) => {
      const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`  error ${rule}: ${rel}:${line + 1}:${character + 1} ${node.getText(source).replace(/\s+/g, ' ')}`);
    };
    const visit = (node) => {
      if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
        const type = node.type;
        if (tree === 'src' && type.kind === ts.SyntaxKind.NeverKeyword) report('no-as-never-casts', node);
        else if (CONTRACT_TYPES.test(type.getText(source))) report('no-contract-casts', node);
        else if (type.kind === ts.SyntaxKind.AnyKeyword && BODY_OR_REPLY.test(endName(node.expression) ?? '')) report('no-body-reply-casts', node);
        else if (type.kind === ts.SyntaxKind.UnknownKeyword && ts.isAsExpression(node.parent) && BODY_OR_REPLY.test(endName(node.expression) ?? '')) report('no-body-reply-casts', node.parent);
        else if (tree === 'src' && ROUTE_READS.test(calledName(node.expression) ?? '')) report('no-route-casts', node);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

if (found.length) {
  console.error(`${found.join('\n')}\n\nx ${found.length} cast(s) that silence the contract or the routes: give the value its real type (the generated contract's bodies and replies, the routes' search and params) instead.`);
  process.exit(1);
}
console.log('✔ no-as-never-casts, no-contract-casts, no-body-reply-casts, no-route-casts: no casts of bodies, replies or the address in src/, machines/ or sandbox/');
