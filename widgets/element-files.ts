import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** An element's module: `src/<feature>/fan-<name>.element.ts`, whose tag is `fan-<name>`. */
const ELEMENT_FILE = /^(fan-[a-z][a-z0-9-]*)\.element\.ts$/;

/**
 * Every embeddable element, found on disk by its file name (for the build config and Node
 * scripts; code that runs in a browser finds the same files with `import.meta.glob`, in
 * src/kit). Tag to module path relative to the widgets folder, in tag order. Adding an
 * element is adding its file: the build makes `dist/<tag>.js` of it, the loader paints its
 * placeholder (`<tag>.placeholder.json` beside it) and the bench measures it.
 */
export function elementFiles(widgetsDir = path.dirname(fileURLToPath(import.meta.url))): Record<`fan-${string}`, string> {
  const src = path.join(widgetsDir, 'src');
  const found: [`fan-${string}`, string][] = [];
  for (const folder of readdirSync(src, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const file of readdirSync(path.join(src, folder.name))) {
      const match = ELEMENT_FILE.exec(file);
      if (match) found.push([match[1] as `fan-${string}`, `src/${folder.name}/${file}`]);
    }
  }
  return Object.fromEntries(found.sort(([a], [b]) => a.localeCompare(b))) as Record<`fan-${string}`, string>;
}
