/**
 * Issue 23: an API path is written only in the contract. This finds API path literals in
 * the widgets' and the host's sources (tests and `testing/` helpers aside): a string or
 * template literal whose path (before any `?`) matches a route template of the contract,
 * method-agnostic, or is a base of one (two or more literal segments every segment of which
 * starts a route, e.g. `/performer/performer-assets`). A `${...}` segment matches anything.
 *
 * The templates are read from the contract's sources with the TypeScript parser (the
 * `route(method, path, ...)` calls of routes.ts and the `action(name, path, ...)` calls of
 * money.ts), so the rule follows the contract without a list of its own. The site's own
 * pages (`/home`, `/creator/dashboard`) match no route and pass.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './source-files.mjs';

const SKIPPED = /(\.test\.(ts|tsx)$|\.type-test\.ts$|\.d\.ts$|[\\/]testing[\\/])/;
/** Stands for a `${...}` in a template literal, and for a template parameter in a route. */
const ANY = '\u0000';

/**
 * Deliberate exceptions: a literal that matches an API route but is not one, with why.
 * `file` is relative to the repository root; `path` the literal's path before any `?`.
 */
export const API_PATH_EXCEPTIONS = [
  {
    path: '/auth/login',
    reason: "the site's sign-in page: the same path as the sign-in route (POST /api/auth/login), navigated to, never fetched",
  },
];


function parse(file) {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** A literal's text, with each `${...}` as ANY; null for anything else. */
function literalText(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => ANY + span.literal.text).join('');
  return null;
}

/** Segments of a path (`/a/:id` gives `['a', ANY]`), or null when the text is not a path. */
function segmentsOf(text, parameters) {
  const bare = text.split('?')[0].split('#')[0];
  if (!bare.startsWith('/') || bare.length < 2) return null;
  const parts = bare.slice(1).split('/');
  if (parts.some((part) => part === '')) return null;
  return parts.map((part) => (part.includes(ANY) || (parameters && part.startsWith(':')) ? ANY : part));
}

/** The contract's API path templates: routes.ts `route(...)` and money.ts `action(...)` second arguments. */
export function apiTemplates(root) {
  const templates = [];
  for (const [file, callee] of [
    ['routes.ts', 'route'],
    ['money.ts', 'action'],
  ]) {
    const full = path.join(root, 'contract', 'src', file);
    if (!existsSync(full)) continue;
    const visit = (node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === callee && node.arguments.length >= 2) {
        const text = literalText(node.arguments[1]);
        const segments = text === null ? null : segmentsOf(text, true);
        if (segments) templates.push(segments);
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(full));
  }
  return templates;
}

/** A literal's segment against a template's: a `${...}` inside it stands for anything; a template parameter takes any segment. */
function same(template, literal) {
  if (template === ANY) return true;
  if (!literal.includes(ANY)) return template === literal;
  const pattern = literal.split(ANY).map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${pattern}$`).test(template);
}

/** At least one literal segment names a literal segment of the template: a parameter-only match (`/calls/${id}` and `/:provider/cards`) is no evidence. */
const anchored = (template, segments) => segments.some((part, index) => !part.includes(ANY) && template[index] !== ANY && template[index] === part);

/** Whether a literal's segments are a route of `templates`, or a base (2+ literal segments) of one. */
export function isApiPath(segments, templates) {
  for (const template of templates) {
    if (template.length === segments.length && anchored(template, segments) && template.every((part, index) => same(part, segments[index]))) return true;
    const literalBase = segments.length >= 2 && segments.every((part) => part !== ANY);
    if (literalBase && template.length > segments.length && segments.every((part, index) => template[index] === part)) return true;
  }
  return false;
}

/** Every API path literal in widgets/src and host/src as `file:line: message`. */
export function lintApiPathLiterals(root, { exceptions = API_PATH_EXCEPTIONS } = {}) {
  const templates = apiTemplates(root);
  const excepted = new Set(exceptions.map((entry) => entry.path));
  const problems = [];
  for (const dir of [path.join(root, 'widgets', 'src'), path.join(root, 'host', 'src')]) {
    for (const file of sourceFiles(dir)) {
      if (SKIPPED.test(file)) continue;
      const source = parse(file);
      const visit = (node) => {
        const text = literalText(node);
        const segments = text === null ? null : segmentsOf(text, false);
        if (segments && isApiPath(segments, templates) && !excepted.has(text.split('?')[0])) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          const shown = text.replaceAll(ANY, '${…}');
          const where = path.relative(root, file);
          problems.push(`${where}:${line + 1}: '${shown}' is an API path; call the route through session.api (the typed client of @fandeck/contract's routes)`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return { problems };
}
