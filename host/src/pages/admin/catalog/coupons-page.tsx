import { useState } from 'react';
import { LIMITS, type CouponBody, type CouponDto, type CouponKind } from '@fandeck/contract';
import { amountText, formatMoney } from '@fandeck/widgets/format/money';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { session } from '../../../session/session.js';
import { CatalogForm, CatalogPage, RowDelete, RowSwitch } from './catalog-page.js';
import { amountOf, CheckField, countOf, isoOf, localInput, SelectField, TextField, useDateText, useCatalogSubmit } from './catalog-fields.js';
import { useCatalog } from './catalog-state.js';

/** /admin/coupons: discount codes for wallet top-ups; create, change, switch on or off, delete one never used. */
export function CouponsPage() {
  useNamespaces('adminCatalog');
  const { t, i18n } = useTranslation();
  const dateText = useDateText();
  const catalog = useCatalog<CouponDto>((query) => session.api.admin.coupons.list.list(query));
  const valueText = (c: CouponDto) => (c.type === 'percentage' ? `${c.value.toLocaleString(i18n.language)} %` : formatMoney(c.value, i18n.language));

  return (
    <CatalogPage
      name="admin-coupons"
      title={t('adminCatalog.coupons.title')}
      intro={t('adminCatalog.coupons.intro')}
      newLabel={t('adminCatalog.coupons.new')}
      empty={t('adminCatalog.coupons.empty')}
      catalog={catalog}
      rowName={(c) => c.code}
      columns={[
        { label: t('adminCatalog.coupons.code'), cell: (c) => <strong>{c.code}</strong> },
        { label: t('adminCatalog.coupons.value'), amount: true, cell: valueText },
        { label: t('adminCatalog.coupons.uses'), cell: (c) => c.maxUses?.toLocaleString(i18n.language) ?? t('adminCatalog.unlimited') },
        { label: t('adminCatalog.coupons.expiresAt'), cell: (c) => dateText(c.expiresAt) },
        { label: t('adminCatalog.state'), cell: (c) => <span className="badge">{c.active ? t('adminCatalog.on') : t('adminCatalog.off')}</span> },
      ]}
      rowActions={(c) => (
        <>
          <RowSwitch on={c.active} name={c.code} onClick={() => void catalog.toggle(c.code, c.active, () => session.api.admin.coupons.update({ id: c._id }, { active: !c.active }))} />
          <RowDelete name={c.code} onClick={() => void catalog.remove(c.code, () => session.api.admin.coupons.delete({ id: c._id }))} />
        </>
      )}
      form={<CouponForm editing={catalog.editing} onSaved={catalog.saved} onCancel={catalog.close} />}
    />
  );
}

function CouponForm({ editing, onSaved, onCancel }: { editing: CouponDto | null; onSaved: (text: string) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState(editing?.code ?? '');
  const [type, setType] = useState<CouponKind>(editing?.type ?? 'percentage');
  const [value, setValue] = useState(editing ? amountText(editing.value, i18n.language) : '');
  const [maxUses, setMaxUses] = useState(editing?.maxUses?.toString() ?? '');
  const [maxUsesPerUser, setMaxUsesPerUser] = useState(editing?.maxUsesPerUser?.toString() ?? '');
  const [expiresAt, setExpiresAt] = useState(localInput(editing?.expiresAt ?? null));
  const [active, setActive] = useState(editing?.active ?? true);
  const labels = { code: t('adminCatalog.coupons.code'), value: t('adminCatalog.coupons.value'), maxUses: t('adminCatalog.coupons.maxUses'), maxUsesPerUser: t('adminCatalog.coupons.maxUsesPerUser'), expiresAt: t('adminCatalog.coupons.expiresAt') };

  function build(): CouponBody | string {
    if (!/^[A-Za-z0-9_-]{3,32}$/.test(code.trim())) return t('adminCatalog.coupons.codeRule');
    const amount = amountOf(value);
    if (amount === null || amount <= 0) return t('adminCatalog.amountRule', { field: labels.value });
    if (type === 'percentage' && amount >= 100) return t('adminCatalog.coupons.percentRule');
    const uses = countOf(maxUses);
    const perUser = countOf(maxUsesPerUser);
    if (Number.isNaN(uses) || uses === 0 || Number.isNaN(perUser) || perUser === 0) return t('adminCatalog.coupons.usesRule');
    return { code: code.trim(), type, value: amount, maxUses: uses, maxUsesPerUser: perUser, expiresAt: isoOf(expiresAt), active };
  }

  const save = useCatalogSubmit({ labels, editing, build, create: (body) => session.api.admin.coupons.create(body), update: (id, body) => session.api.admin.coupons.update({ id }, body), nameOf: (saved) => saved.code, onSaved });

  return (
    <CatalogForm
      name="coupon-form"
      title={editing ? t('adminCatalog.coupons.editTitle', { name: editing.code }) : t('adminCatalog.coupons.new')}
      editing={editing !== null}
      save={save}
      onCancel={onCancel}
    >
      <TextField label={labels.code} name="code" value={code} maxLength={LIMITS.catalog.couponCodeMax} hint={t('adminCatalog.coupons.codeRule')} onChange={setCode} />
      <SelectField
        label={t('adminCatalog.coupons.type')}
        name="type"
        value={type}
        options={[
          { value: 'percentage', label: t('adminCatalog.coupons.percentage') },
          { value: 'fixed', label: t('adminCatalog.coupons.fixed') },
        ]}
        onChange={setType}
      />
      <TextField label={type === 'percentage' ? t('adminCatalog.coupons.percent') : t('adminCatalog.coupons.amount')} name="value" inputMode="decimal" value={value} onChange={setValue} />
      <div className="catalog-form__pair">
        <TextField label={labels.maxUses} name="maxUses" inputMode="numeric" hint={t('adminCatalog.emptyUnlimited')} value={maxUses} onChange={setMaxUses} />
        <TextField label={labels.maxUsesPerUser} name="maxUsesPerUser" inputMode="numeric" hint={t('adminCatalog.emptyUnlimited')} value={maxUsesPerUser} onChange={setMaxUsesPerUser} />
      </div>
      <TextField label={labels.expiresAt} name="expiresAt" type="datetime-local" hint={t('adminCatalog.emptyNever')} value={expiresAt} onChange={setExpiresAt} />
      <CheckField label={t('adminCatalog.coupons.active')} name="active" checked={active} onChange={setActive} />
    </CatalogForm>
  );
}
