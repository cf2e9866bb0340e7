import { useLayoutEffect } from 'react';
import { useElementScope } from './element-frame.js';
import { addStyles } from './styles.js';

/**
 * A lazily loaded part's own CSS, put into the element's shadow root before that part first
 * paints. Outside an element (the site renders the view directly) the page imports the sheet.
 */
export function useElementStyles(css: string): void {
  const scope = useElementScope();
  const root = scope?.shadowRoot;
  useLayoutEffect(() => {
    if (root) addStyles(root, css);
  }, [root, css]);
}
