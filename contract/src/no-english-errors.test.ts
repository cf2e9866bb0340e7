/**
 * Clients choose what they show from an error's `code`, never from the server's English
 * `message` (issue 7). This reads the server's sources for every message it puts in an
 * error, then fails when the widgets' or the host site's code holds one of those texts,
 * compares an error's message with anything, or reads an English catalogue directly.
 * Translations (`locales/`), tests and test helpers (`testing/`) are not client logic.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isErrorCode } from './errors.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The server's ways of refusing: `unprocessable(code, message)`, `new HttpError(status, code, message)`... */
const REFUSALS = new Set(['badRequest', 'unauthorized', 'forbidden', 'notFound', 'conflict', 'unprocessable', 'tooManyRequests', 'errorBody', 'HttpError']);

type Sources = Record<string, string>;

function readSources(dir: string, keep: (path: string) => boolean): Sources {
  const out: Sources = {};
  for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(root, join(entry.parentPath, entry.name)).replaceAll('\\', '/');
    if (/\.tsx?$/.test(path) && !/\.d\.ts$/.test(path) && keep(path)) out[path] = readFileSync(join(root, path), 'utf8');
  }
  return out;
}

const isTestCode = (path: string) => /\.test\.tsx?$/.test(path) || /\/testing\//.test(path);

/**
 * Text a fan could read: two words at least, so `'Forbidden'` or a code never counts;
 * three for a template's fixed part, so the ` not found` of `Route ${url} not found` does not.
 */
function sentence(text: string, minWords: number): string | null {
  const trimmed = text.trim();
  const words = trimmed.split(/\s+/).filter(Boolean).length;
  return words >= minWords && trimmed.length >= 8 && !isErrorCode(trimmed) ? trimmed : null;
}

/**
 * Every English message the server sources put in an error: string literals among the
 * arguments of a refusal, the fixed parts of template literals there, and the values of
 * the constants passed there (`INCORRECT_CREDENTIALS`).
 */
function serverMessages(sources: Sources): Set<string> {
  const found = new Set<string>();
  const constantsUsed = new Set<string>();
  const constants = new Map<string, string>();
  const add = (text: string, minWords = 2) => {
    const kept = sentence(text, minWords);
    if (kept) found.add(kept);
  };

  for (const [path, text] of Object.entries(sources)) {
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const collect = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node.text);
      else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) add(node.text, 3);
      else if (ts.isIdentifier(node) && /^[A-Z][A-Z0-9_]+$/.test(node.text)) constantsUsed.add(node.text);
      ts.forEachChild(node, collect);
    };
    const visit = (node: ts.Node): void => {
      const callee = ts.isCallExpression(node) || ts.isNewExpression(node) ? node.expression : undefined;
      if (callee && ts.isIdentifier(callee) && REFUSALS.has(callee.text)) {
        for (const argument of (node as ts.CallExpression | ts.NewExpression).arguments ?? []) collect(argument);
      }
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isStringLiteralLike(node.initializer)) {
        constants.set(node.name.text, node.initializer.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  for (const name of constantsUsed) {
    const value = constants.get(name);
    if (value !== undefined) add(value);
  }
  return found;
}

// Ways client code can decide on an error's English text instead of its code.
const MESSAGE_MATCHING: [RegExp, string][] = [
  // `typeof x.message === 'string'` checks a type, not a text.
  [/(?<!typeof\s+[\w$.?]*)\bmessage\s*[!=]==?\s*(['"`]|\b[A-Z][A-Z0-9_]{2,}\b)/, 'compares a message with a string'],
  [/(['"`]|\b[A-Z][A-Z0-9_]{2,})\s*[!=]==?\s*[\w$.?]*\bmessage\b/, 'compares a string with a message'],
  [/\bmessage\??\.(includes|startsWith|endsWith|match|matchAll|indexOf|search)\(/, 'searches a message'],
  [/\.test\(\s*[\w$.?]*\bmessage\b/, 'matches a message with a pattern'],
  [/\.(get|has)\(\s*(?:[\w$]+\??\.)*message\s*\)/, 'looks a message up'],
  [/from\s+['"][^'"]*\/locales\/(?:[\w-]+\/)?en(?:\.js|\.ts)?['"]/, 'reads the English catalogue to match texts'],
];

interface Violation {
  path: string;
  line: number;
  why: string;
}

/** Where client code holds a server message in a string, or decides on a message's text. */
function englishMatching(client: Sources, messages: Set<string>): Violation[] {
  const out: Violation[] = [];
  for (const [path, text] of Object.entries(client)) {
    text.split('\n').forEach((line, index) => {
      for (const [pattern, why] of MESSAGE_MATCHING) if (pattern.test(line)) out.push({ path, line: index + 1, why });
    });
    // Strings only: a comment may name a message, code may not hold one.
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
        for (const message of messages) {
          if (node.text.includes(message)) {
            const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
            out.push({ path, line, why: `holds the server's message "${message}"` });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return out;
}

const describeAll = (violations: Violation[]) => violations.map((v) => `${v.path}:${v.line} ${v.why}`).join('\n');

describe('no English server text in widgets or host', () => {
  const messages = serverMessages(readSources('server/src', (path) => !isTestCode(path)));

  it('knows the server messages, constants included', () => {
    expect(messages).toContain('Incorrect credentials!');
    expect(messages).toContain('You have an insufficient wallet balance. Please top up.');
    expect(messages).toContain('This reset link is invalid or has expired');
    // A template literal's fixed part: `The tip must be between ${min} and ${max}`.
    expect([...messages].some((message) => message.startsWith('The tip must be between'))).toBe(true);
    expect([...messages].some((message) => isErrorCode(message))).toBe(false);
    expect(messages).not.toContain('not found');
  });

  it('catches a client that holds or compares an English message', () => {
    const fixture: Sources = {
      'widgets/src/tip/tip-api.ts': "export const INSUFFICIENT_BALANCE = 'You have an insufficient wallet balance. Please top up.';",
      'widgets/src/login/form.ts': "if (error.message === INCORRECT) show();\nconst known = englishToKey.get(outcome.error.message);",
      'host/src/pages/page.tsx': "import en from '../i18n/locales/errors/en.js';\nif (/credentials/.test(body.message)) retry();",
      'widgets/src/ui/fine.ts': "const text = t(`errors.${error.code}`);\nif (error.code === 'wallet.insufficient_balance') topUp();",
    };
    const found = englishMatching(fixture, messages);
    expect(found.map((v) => `${v.path}:${v.line}`).sort()).toEqual([
      'host/src/pages/page.tsx:1',
      'host/src/pages/page.tsx:2',
      'widgets/src/login/form.ts:1',
      'widgets/src/login/form.ts:2',
      'widgets/src/tip/tip-api.ts:1',
    ]);
  });

  it('finds none in the widgets and the host site', () => {
    const client = {
      ...readSources('widgets/src', (path) => !isTestCode(path) && !path.includes('/locales/')),
      ...readSources('host/src', (path) => !isTestCode(path) && !path.includes('/locales/')),
    };
    expect(Object.keys(client).length).toBeGreaterThan(50);
    const found = englishMatching(client, messages);
    expect(found, describeAll(found)).toEqual([]);
  });
});
