import { useState } from 'react';
import { LIMITS, type SitePromoBody, type SitePromoDto } from '@fandeck/contract';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { session } from '../../../session/session.js';
import { CatalogForm, CatalogPage, RowDelete } from './catalog-page.js';
import { countOf, isoOf, localInput, SelectField, TextField, useDateText, useCatalogSubmit } from './catalog-fields.js';
import { useCatalog } from './catalog-state.js';

const POSITIONS = ['top', 'bottom'] as const;
type Position = (typeof POSITIONS)[number];

/** Where a promo stands in its schedule now. */
function phaseOf(promo: SitePromoDto, now = Date.now()): 'retired' | 'scheduled' | 'ended' | 'showing' {
  if (promo.status === 'retired') return 'retired';
  if (promo.startAt && Date.parse(promo.startAt) > now) return 'scheduled';
  if (promo.endAt && Date.parse(promo.endAt) <= now) return 'ended';
  return 'showing';
}

/** /admin/site-promos: the site's banners, each shown from its start to its end; retired ones stay on record. */
export function SitePromosPage() {
  useNamespaces('adminCatalog');
  const { t } = useTranslation();
  const dateText = useDateText();
  const catalog = useCatalog<SitePromoDto>((query) => session.api.admin.sitePromos.search.list(query));

  return (
    <CatalogPage
      name="admin-site-promos"
      title={t('adminCatalog.promos.title')}
      intro={t('adminCatalog.promos.intro')}
      newLabel={t('adminCatalog.promos.new')}
      empty={t('adminCatalog.promos.empty')}
      catalog={catalog}
      rowName={(p) => p.title}
      columns={[
        { label: t('adminCatalog.promos.titleField'), cell: (p) => <strong>{p.title}</strong> },
        { label: t('adminCatalog.promos.startAt'), cell: (p) => dateText(p.startAt) },
        { label: t('adminCatalog.promos.endAt'), cell: (p) => dateText(p.endAt) },
        { label: t('adminCatalog.state'), cell: (p) => <span className="badge">{t(`adminCatalog.promos.phase.${phaseOf(p)}`)}</span> },
      ]}
      rowActions={(p) =>
        p.status === 'active' ? (
          <RowDelete
            retire
            name={p.title}
            onClick={() => void catalog.act(() => session.api.admin.sitePromos.retire({ id: p._id }), t('adminCatalog.promos.retired', { name: p.title }), t('adminCatalog.promos.confirmRetire', { name: p.title }))}
          />
        ) : null
      }
      form={<PromoForm editing={catalog.editing} onSaved={catalog.saved} onCancel={catalog.close} />}
    />
  );
}

function PromoForm({ editing, onSaved, onCancel }: { editing: SitePromoDto | null; onSaved: (text: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [linkUrl, setLinkUrl] = useState(editing?.linkUrl ?? '');
  const [imageUrl, setImageUrl] = useState(editing?.imageUrl ?? '');
  const [position, setPosition] = useState<Position>(editing?.position === 'bottom' ? 'bottom' : 'top');
  const [ordering, setOrdering] = useState(editing ? String(editing.ordering) : '0');
  const [startAt, setStartAt] = useState(localInput(editing?.startAt ?? null));
  const [endAt, setEndAt] = useState(localInput(editing?.endAt ?? null));
  const labels = {
    title: t('adminCatalog.promos.titleField'),
    description: t('adminCatalog.promos.description'),
    linkUrl: t('adminCatalog.promos.linkUrl'),
    imageUrl: t('adminCatalog.promos.imageUrl'),
    ordering: t('adminCatalog.gifts.ordering'),
    startAt: t('adminCatalog.promos.startAt'),
    endAt: t('adminCatalog.promos.endAt'),
  };

  function build(): SitePromoBody | string {
    if (!title.trim()) return t('adminCatalog.required', { field: labels.title });
    const order = countOf(ordering) ?? 0;
    if (Number.isNaN(order)) return t('adminCatalog.countRule', { field: labels.ordering });
    const start = isoOf(startAt);
    const end = isoOf(endAt);
    if (start && end && Date.parse(start) >= Date.parse(end)) return t('adminCatalog.promos.windowRule');
    return { title: title.trim(), description: description.trim(), linkUrl: linkUrl.trim(), imageUrl: imageUrl.trim(), position, ordering: order, startAt: start, endAt: end };
  }

  const save = useCatalogSubmit({ labels, editing, build, create: (body) => session.api.admin.sitePromos.create(body), update: (id, body) => session.api.admin.sitePromos.update({ id }, body), nameOf: (saved) => saved.title, onSaved });

  return (
    <CatalogForm
      name="promo-form"
      title={editing ? t('adminCatalog.promos.editTitle', { name: editing.title }) : t('adminCatalog.promos.new')}
      editing={editing !== null}
      save={save}
      onCancel={onCancel}
    >
      <TextField label={labels.title} name="title" maxLength={LIMITS.catalog.promoTitleMax} value={title} onChange={setTitle} />
      <TextField label={labels.description} name="description" maxLength={LIMITS.catalog.promoDescriptionMax} value={description} onChange={setDescription} />
      <TextField label={labels.linkUrl} name="linkUrl" maxLength={LIMITS.catalog.promoLinkMax} hint={t('adminCatalog.promos.linkHint')} value={linkUrl} onChange={setLinkUrl} />
      <TextField label={labels.imageUrl} name="imageUrl" maxLength={LIMITS.catalog.promoLinkMax} hint={t('adminCatalog.promos.linkHint')} value={imageUrl} onChange={setImageUrl} />
      <fieldset className="catalog-form__schedule">
        <legend>{t('adminCatalog.promos.schedule')}</legend>
        <div className="catalog-form__pair">
          <TextField label={labels.startAt} name="startAt" type="datetime-local" hint={t('adminCatalog.promos.startHint')} value={startAt} onChange={setStartAt} />
          <TextField label={labels.endAt} name="endAt" type="datetime-local" hint={t('adminCatalog.emptyNever')} value={endAt} onChange={setEndAt} />
        </div>
      </fieldset>
      <div className="catalog-form__pair">
        <SelectField label={t('adminCatalog.promos.position')} name="position" value={position} options={POSITIONS.map((value) => ({ value, label: t(`adminCatalog.promos.positions.${value}`) }))} onChange={setPosition} />
        <TextField label={labels.ordering} name="ordering" inputMode="numeric" hint={t('adminCatalog.orderingHint')} value={ordering} onChange={setOrdering} />
      </div>
    </CatalogForm>
  );
}
