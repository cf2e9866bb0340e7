import { useState } from 'react';
import { LIMITS, type GiftBody, type GiftDto } from '@fandeck/contract';
import { amountText, formatMoney } from '@fandeck/widgets/format/money';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { session } from '../../../session/session.js';
import { CatalogForm, CatalogPage, RowSwitch } from './catalog-page.js';
import { amountOf, CheckField, countOf, TextField, useCatalogSubmit } from './catalog-fields.js';
import { useCatalog } from './catalog-state.js';

const { gift: limits } = LIMITS;

/**
 * /admin/gifts: the gifts fans send in a live stream. A gift already sent stays on record,
 * so the catalogue hides a gift instead of deleting it.
 */
export function GiftsPage() {
  useNamespaces('adminCatalog');
  const { t, i18n } = useTranslation();
  const catalog = useCatalog<GiftDto>(() => session.api.admin.gifts.search.list());

  return (
    <CatalogPage
      name="admin-gifts"
      title={t('adminCatalog.gifts.title')}
      intro={t('adminCatalog.gifts.intro')}
      newLabel={t('adminCatalog.gifts.new')}
      empty={t('adminCatalog.gifts.empty')}
      catalog={catalog}
      rowName={(g) => g.name}
      columns={[
        {
          label: t('adminCatalog.gifts.name'),
          cell: (g) => (
            <span className="catalog-gift">
              {g.imageUrl ? <img src={g.imageUrl} alt="" width={28} height={28} /> : <span aria-hidden="true">{g.emoji}</span>} <strong>{g.name}</strong>
            </span>
          ),
        },
        { label: t('adminCatalog.gifts.price'), amount: true, cell: (g) => formatMoney(g.price, i18n.language) },
        { label: t('adminCatalog.gifts.ordering'), amount: true, cell: (g) => g.ordering.toLocaleString(i18n.language) },
        { label: t('adminCatalog.state'), cell: (g) => <span className="badge">{g.hidden ? t('adminCatalog.hidden') : t('adminCatalog.shown')}</span> },
      ]}
      rowActions={(g) => <RowSwitch on={!g.hidden} name={g.name} onClick={() => void catalog.toggle(g.name, !g.hidden, () => session.api.admin.gifts.update({ id: g._id }, { hidden: !g.hidden }))} />}
      form={<GiftForm editing={catalog.editing} onSaved={catalog.saved} onCancel={catalog.close} />}
    />
  );
}

function GiftForm({ editing, onSaved, onCancel }: { editing: GiftDto | null; onSaved: (text: string) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState(editing?.name ?? '');
  const [emoji, setEmoji] = useState(editing?.emoji ?? '');
  const [imageUrl, setImageUrl] = useState(editing?.imageUrl ?? '');
  const [price, setPrice] = useState(editing ? amountText(editing.price, i18n.language) : '');
  const [ordering, setOrdering] = useState(editing ? String(editing.ordering) : '0');
  const [shown, setShown] = useState(!(editing?.hidden ?? false));
  const labels = { name: t('adminCatalog.gifts.name'), emoji: t('adminCatalog.gifts.emoji'), imageUrl: t('adminCatalog.gifts.imageUrl'), price: t('adminCatalog.gifts.price'), ordering: t('adminCatalog.gifts.ordering') };
  const min = limits.priceMinCents / 100;
  const max = limits.priceMaxCents / 100;

  function build(): GiftBody | string {
    if (!name.trim()) return t('adminCatalog.required', { field: labels.name });
    if (!emoji.trim()) return t('adminCatalog.required', { field: labels.emoji });
    const amount = amountOf(price);
    if (amount === null || amount < min || amount > max) return t('adminCatalog.rangeRule', { field: labels.price, min: formatMoney(min, i18n.language), max: formatMoney(max, i18n.language) });
    const order = countOf(ordering) ?? 0;
    if (Number.isNaN(order)) return t('adminCatalog.countRule', { field: labels.ordering });
    return { name: name.trim(), emoji: emoji.trim(), imageUrl: imageUrl.trim() || null, price: amount, ordering: order, hidden: !shown };
  }

  const save = useCatalogSubmit({ labels, editing, build, create: (body) => session.api.admin.gifts.create(body), update: (id, body) => session.api.admin.gifts.update({ id }, body), nameOf: (saved) => saved.name, onSaved });

  return (
    <CatalogForm
      name="gift-form"
      title={editing ? t('adminCatalog.gifts.editTitle', { name: editing.name }) : t('adminCatalog.gifts.new')}
      editing={editing !== null}
      save={save}
      onCancel={onCancel}
    >
      <TextField label={labels.name} name="name" maxLength={limits.nameMax} value={name} onChange={setName} />
      <div className="catalog-form__pair">
        <TextField label={labels.emoji} name="emoji" maxLength={limits.emojiMax} value={emoji} onChange={setEmoji} />
        <TextField label={labels.price} name="price" inputMode="decimal" value={price} onChange={setPrice} hint={t('adminCatalog.rangeHint', { min: formatMoney(min, i18n.language), max: formatMoney(max, i18n.language) })} />
      </div>
      <TextField label={labels.imageUrl} name="imageUrl" type="url" maxLength={limits.imageUrlMax} hint={t('adminCatalog.gifts.imageHint')} value={imageUrl} onChange={setImageUrl} />
      <TextField label={labels.ordering} name="ordering" inputMode="numeric" hint={t('adminCatalog.orderingHint')} value={ordering} onChange={setOrdering} />
      <CheckField label={t('adminCatalog.gifts.shown')} name="shown" checked={shown} onChange={setShown} />
    </CatalogForm>
  );
}
