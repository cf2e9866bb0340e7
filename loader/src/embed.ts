/**
 * The one script tag a page includes:
 *
 *   <script src="https://PLATFORM/embed.js" async data-locale="pt-BR" data-theme="dark" data-creator="ana.lima"></script>
 *   <fan-login></fan-login>
 *
 * It stays tiny: it records its settings for the widgets, paints placeholders at once and
 * imports each element's chunk from the platform only when the element is about to be seen
 * or is touched. React, the session and i18n come in one shared chunk, once per page.
 */
import { embedConfigKey } from '@fandeck/widgets/kit/embed-config';
import { placeholderBoxes, runtimeChunk } from '@fandeck/widgets/kit/registry';
import { startElementLoader } from './element-loader.js';
import { definePlaceholder } from './placeholder.js';
import { ownScript, readScriptConfig } from './script-config.js';

const key = Symbol.for(embedConfigKey);
const global = globalThis as typeof globalThis & { [key: symbol]: unknown };

// A second copy of the tag on the same page changes nothing.
if (!global[key]) {
  const config = readScriptConfig(ownScript());
  global[key] = config;
  definePlaceholder();
  startElementLoader({ config, boxes: placeholderBoxes, base: `${config.origin}/widgets/`, runtime: runtimeChunk });
}
