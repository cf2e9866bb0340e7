/**
 * How embed-routes.ts is made from routes.ts (`npm run generate -w contract`). Not part
 * of any bundle: only the generator and the tests import it.
 *
 * `matchRoute` answers with the first route, in its order, whose template matches the
 * path. The bridge allows a call when that route is an embed route. So the bridge needs:
 * - every embed route, and
 * - every other route tried before an embed route of its method that matches some same
 *   path (it takes those paths away from the embed route, and the answer is no);
 * in `matchRoute`'s order. A route left out is never the first match of a path that an
 * embed route also matches, so leaving it out changes no answer: without it, the path is
 * refused as before (no match, or another route left in that no page may call).
 */
import type { EmbedRoute } from './embed-match.js';
import { routesInMatchOrder } from './match.js';
import { routes, type RouteSpec } from './routes.js';

/** Some path matches both templates: same length, and the same text wherever both are literal. */
export function templatesOverlap(first: string, second: string): boolean {
  const a = first.split('/').slice(1);
  const b = second.split('/').slice(1);
  return a.length === b.length && a.every((part, index) => part.startsWith(':') || b[index]!.startsWith(':') || part === b[index]);
}

/** The rows of embed-routes.ts. */
export function embedTable(): EmbedRoute[] {
  const ordered = routesInMatchOrder().map(([, spec]) => spec);
  return ordered.flatMap((spec, index): EmbedRoute[] => {
    if (spec.embed) return [[spec.method, spec.path, spec.embed]];
    const takesFromEmbed = ordered
      .slice(index + 1)
      .some((later) => later.embed && later.method === spec.method && templatesOverlap(spec.path, later.path));
    return takesFromEmbed ? [[spec.method, spec.path, false]] : [];
  });
}

/**
 * The paths the bridge names itself: the two routes its `media` command fetches
 * (`media.file`, `streaming.hls`), the conversation routes (`conversations.*`) whose
 * answers tell it which conversations a page was shown, and the stream join (`streaming.join`)
 * whose answer names the chat of the stream a live player shows.
 */
export function bridgeRoutePaths(): { mediaFile: string; streamHls: string; streamJoin: string; conversations: string[] } {
  const table = routes as Readonly<Record<string, RouteSpec>>;
  return {
    mediaFile: routes['media.file'].path,
    streamHls: routes['streaming.hls'].path,
    streamJoin: routes['streaming.join'].path,
    conversations: [...new Set(Object.entries(table).filter(([name]) => name.startsWith('conversations.')).map(([, spec]) => spec.path))],
  };
}

/** The text of embed-routes.ts. */
export function renderEmbedRoutes(): string {
  const literal = (value: string | boolean) => {
    if (typeof value !== 'string') return String(value);
    if (/['\\\n]/.test(value)) throw new Error(`a route path the table cannot spell: ${value}`);
    return `'${value}'`;
  };
  const rows = embedTable().map((row) => `  [${row.map(literal).join(', ')}],`);
  const bridge = bridgeRoutePaths();
  return `/**
 * GENERATED from routes.ts by \`npm run generate -w contract\` (embed-table.ts): do not edit.
 * A test fails when it no longer matches routes.ts.
 *
 * The routes a third-party page may call through the bridge (\`true\`, \`'owner'\` or \`'page'\`), and
 * the routes no page may call (\`false\`) that \`matchRoute\` tries before one of those and
 * that match some same path; in \`matchRoute\`'s order. matchEmbedRoute decides on it.
 */
import type { EmbedRoute } from './embed-match.js';

export const embedRoutes: readonly EmbedRoute[] = [
${rows.join('\n')}
];

/**
 * The paths the bridge names itself: what its \`media\` command fetches (\`media.file\`,
 * \`streaming.hls\`), the conversation routes whose answers scope a page, and the stream join
 * whose answer names the chat of the stream a live player shows.
 */
export const bridgePaths = {
  mediaFile: ${literal(bridge.mediaFile)},
  streamHls: ${literal(bridge.streamHls)},
  streamJoin: ${literal(bridge.streamJoin)},
  conversations: [${bridge.conversations.map(literal).join(', ')}] as readonly string[],
} as const;
`;
}
