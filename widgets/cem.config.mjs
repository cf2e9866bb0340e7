/**
 * Custom elements manifest (custom-elements.json) from the JSDoc on each
 * `src/<feature>/<feature>.element.ts`. Elements are made by the kit's
 * `defineElement('fan-…', View, options)`, not by class declarations, so a small plugin
 * turns `export const X = defineElement(...)` and the JSDoc above it into a custom-element
 * declaration, reading the same tags the analyzer reads on classes.
 */
const tagKinds = {
  attr: 'attributes',
  attribute: 'attributes',
  fires: 'events',
  event: 'events',
  csspart: 'cssParts',
  part: 'cssParts',
  cssprop: 'cssProperties',
  cssproperty: 'cssProperties',
  slot: 'slots',
};

/** `{type} name - description` (type and description optional), as JSDoc writes it. */
function parseTagText(text) {
  const match = /^\s*(?:\{([^}]*)\}\s*)?(\S+)?(?:\s+-\s+|\s+)?([\s\S]*)$/.exec(text ?? '');
  const [, type, name = '', description = ''] = match ?? [];
  const item = { name: name === '-' ? '' : name };
  if (description.trim()) item.description = description.trim().replace(/\s*\n\s*/g, ' ');
  if (type) item.type = { text: type };
  return item;
}

function commentText(ts, comment) {
  if (comment === undefined) return '';
  return typeof comment === 'string' ? comment : ts.getTextOfJSDocComment(comment) ?? '';
}

function defineElementPlugin() {
  return {
    name: 'fandeck-define-element',
    analyzePhase({ ts, node, moduleDoc }) {
      if (node.kind !== ts.SyntaxKind.VariableStatement) return;
      const declaration = node.declarationList.declarations[0];
      const call = declaration?.initializer;
      if (!call || !ts.isCallExpression(call) || call.expression.getText() !== 'defineElement') return;
      const tagArgument = call.arguments[0];
      if (!tagArgument || !ts.isStringLiteral(tagArgument)) return;
      const name = declaration.name.getText();
      const element = {
        kind: 'class',
        name,
        customElement: true,
        tagName: tagArgument.text,
        superclass: { name: 'HTMLElement' },
        description: '',
        attributes: [],
        events: [],
        cssParts: [],
        cssProperties: [],
        slots: [],
        members: [],
      };
      for (const doc of node.jsDoc ?? []) {
        element.description = commentText(ts, doc.comment).trim();
        for (const tag of doc.tags ?? []) {
          const tagName = tag.tagName.getText();
          const text = commentText(ts, tag.comment);
          if (tagName === 'summary') element.summary = text.trim();
          else if (tagName in tagKinds) {
            const item = parseTagText(text);
            if ((tagName === 'attr' || tagName === 'attribute') && !item.name.startsWith('data-')) item.fieldName = item.name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
            element[tagKinds[tagName]].push(item);
          }
        }
      }
      moduleDoc.declarations = moduleDoc.declarations.filter((existing) => existing.name !== name);
      moduleDoc.declarations.push(element);
      moduleDoc.exports = (moduleDoc.exports ?? []).filter((entry) => !(entry.kind === 'custom-element-definition' && entry.name === element.tagName));
      moduleDoc.exports.push({ kind: 'custom-element-definition', name: element.tagName, declaration: { name, module: moduleDoc.path } });
    },
  };
}

export default {
  globs: ['src/**/*.element.ts'],
  exclude: ['src/**/*.test.ts', 'src/login/login-form.element.ts'],
  outdir: '.',
  dev: false,
  plugins: [defineElementPlugin()],
};
