import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { formatMoney } from '@fandeck/widgets/format/money';
import { useTranslation } from '@fandeck/widgets/i18n';

/** The creator's messaging tools, in the order their navigation shows them. */
export const TOOL_PAGES = [
  { path: '/creator/messages/mass', label: 'creatorMessages.nav.mass' },
  { path: '/creator/messages/templates', label: 'creatorMessages.nav.templates' },
  { path: '/creator/messages/auto', label: 'creatorMessages.nav.auto' },
  { path: '/creator/messages/lists', label: 'creatorMessages.nav.lists' },
] as const;

/** Links between the messaging tools. */
export function ToolsNav() {
  const { t } = useTranslation();
  return (
    <nav className="tools-nav" aria-label={t('creatorMessages.nav.label')}>
      {TOOL_PAGES.map((page) => (
        <NavLink key={page.path} to={page.path}>
          {t(page.label)}
        </NavLink>
      ))}
    </nav>
  );
}

export interface ToolsFrameProps {
  /** The `data-testid` of the page's section. */
  name: string;
  title: string;
  intro: string;
  children: ReactNode;
}

/** A messaging tool's page: its title, what it does, the tools' navigation and the tool. */
export function ToolsFrame({ name, title, intro, children }: ToolsFrameProps) {
  return (
    <section className="card card--wide card--table stack tools-page" aria-labelledby={`${name}-title`} data-testid={name}>
      <h1 id={`${name}-title`}>{title}</h1>
      <ToolsNav />
      <p className="muted">{intro}</p>
      {children}
    </section>
  );
}

/** A price as a list shows it: the amount, or "free". */
export function usePriceText(): (price: number) => string {
  const { t, i18n } = useTranslation();
  return (price) => (price > 0 ? formatMoney(price, i18n.language) : t('creatorMessages.fields.free'));
}

/** The start of a text for a table cell. */
export function excerpt(text: string, length = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
