import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from '@fandeck/widgets/i18n';
import { askConfirm } from '@fandeck/widgets/ui/ask-confirm';

type MarkDirty = (form: string, dirty: boolean) => void;

const UnsavedContext = createContext<MarkDirty>(() => undefined);

/**
 * Holds which forms of the settings have unsaved edits. Leaving the page or the section
 * with any asks first in the platform's own dialog (never `window.confirm`); closing or
 * reloading the tab gets the browser's own `beforeunload` question.
 */
export function UnsavedGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState<ReadonlySet<string>>(() => new Set());
  const mark = useCallback<MarkDirty>((form, isDirty) => {
    setDirty((current) => {
      if (current.has(form) === isDirty) return current;
      const next = new Set(current);
      if (isDirty) next.add(form);
      else next.delete(form);
      return next;
    });
  }, []);
  const any = dirty.size > 0;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => any && currentLocation.pathname !== nextLocation.pathname);
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void askConfirm(t('settingsSections.unsaved.question'), { confirmText: t('settingsSections.unsaved.leave'), tone: 'danger' }).then((leave) => {
      asking.current = false;
      if (leave) {
        setDirty(new Set());
        blocker.proceed();
      } else blocker.reset();
    });
  }, [blocker, t]);

  useEffect(() => {
    if (!any) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older engines ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [any]);

  return <UnsavedContext.Provider value={mark}>{children}</UnsavedContext.Provider>;
}

/**
 * Tells the guard whether this form has unsaved edits; a form that goes away takes its
 * edits with it. Outside a guard (the fan's account page) it does nothing.
 */
export function useUnsaved(dirty: boolean) {
  const mark = useContext(UnsavedContext);
  const name = useId();
  useEffect(() => mark(name, dirty), [mark, name, dirty]);
  useEffect(() => () => mark(name, false), [mark, name]);
}
