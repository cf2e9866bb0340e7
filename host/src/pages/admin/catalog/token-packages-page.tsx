import { useState } from 'react';
import { LIMITS, type AdminTokenPackageDto, type TokenPackageBody } from '@fandeck/contract';
import { amountText, formatMoney } from '@fandeck/widgets/format/money';
import { useNamespaces, useTranslation } from '@fandeck/widgets/i18n';
import { session } from '../../../session/session.js';
import { CatalogForm, CatalogPage, RowDelete, RowSwitch } from './catalog-page.js';
import { amountOf, CheckField, TextField, useCatalogSubmit } from './catalog-fields.js';
import { useCatalog } from './catalog-state.js';

/** /admin/token-packages: the wallet top-up bundles fans buy (pay a price, receive tokens). */
export function TokenPackagesPage() {
  useNamespaces('adminCatalog');
  const { t, i18n } = useTranslation();
  const catalog = useCatalog<AdminTokenPackageDto>((query) => session.api.admin.tokenPackages.search.list(query));

  return (
    <CatalogPage
      name="admin-token-packages"
      title={t('adminCatalog.packages.title')}
      intro={t('adminCatalog.packages.intro')}
      newLabel={t('adminCatalog.packages.new')}
      empty={t('adminCatalog.packages.empty')}
      catalog={catalog}
      rowName={(p) => p.name}
      columns={[
        { label: t('adminCatalog.packages.name'), cell: (p) => <strong>{p.name}</strong> },
        { label: t('adminCatalog.packages.price'), amount: true, cell: (p) => formatMoney(p.price, i18n.language) },
        { label: t('adminCatalog.packages.tokens'), amount: true, cell: (p) => p.tokens.toLocaleString(i18n.language) },
        { label: t('adminCatalog.state'), cell: (p) => <span className="badge">{p.isActive ? t('adminCatalog.onSale') : t('adminCatalog.retired')}</span> },
      ]}
      rowActions={(p) => (
        <>
          <RowSwitch on={p.isActive} name={p.name} onClick={() => void catalog.toggle(p.name, p.isActive, () => session.api.admin.tokenPackages.update({ id: p._id }, { isActive: !p.isActive }))} />
          <RowDelete name={p.name} onClick={() => void catalog.remove(p.name, () => session.api.admin.tokenPackages.delete({ id: p._id }))} />
        </>
      )}
      form={<PackageForm editing={catalog.editing} onSaved={catalog.saved} onCancel={catalog.close} />}
    />
  );
}

function PackageForm({ editing, onSaved, onCancel }: { editing: AdminTokenPackageDto | null; onSaved: (text: string) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState(editing?.name ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [price, setPrice] = useState(editing ? amountText(editing.price, i18n.language) : '');
  const [tokens, setTokens] = useState(editing ? amountText(editing.tokens, i18n.language) : '');
  const [isActive, setActive] = useState(editing?.isActive ?? true);
  const labels = { name: t('adminCatalog.packages.name'), description: t('adminCatalog.packages.description'), price: t('adminCatalog.packages.price'), tokens: t('adminCatalog.packages.tokens') };

  function build(): TokenPackageBody | string {
    if (!name.trim()) return t('adminCatalog.required', { field: labels.name });
    const priceValue = amountOf(price);
    if (priceValue === null || priceValue <= 0) return t('adminCatalog.amountRule', { field: labels.price });
    const tokenValue = amountOf(tokens);
    if (tokenValue === null || tokenValue <= 0) return t('adminCatalog.amountRule', { field: labels.tokens });
    return { name: name.trim(), description: description.trim(), price: priceValue, tokens: tokenValue, isActive };
  }

  const save = useCatalogSubmit({ labels, editing, build, create: (body) => session.api.admin.tokenPackages.create(body), update: (id, body) => session.api.admin.tokenPackages.update({ id }, body), nameOf: (saved) => saved.name, onSaved });

  return (
    <CatalogForm
      name="package-form"
      title={editing ? t('adminCatalog.packages.editTitle', { name: editing.name }) : t('adminCatalog.packages.new')}
      editing={editing !== null}
      save={save}
      onCancel={onCancel}
    >
      <TextField label={labels.name} name="name" maxLength={LIMITS.catalog.packageNameMax} value={name} onChange={setName} />
      <TextField label={labels.description} name="description" maxLength={LIMITS.catalog.packageDescriptionMax} value={description} onChange={setDescription} />
      <div className="catalog-form__pair">
        <TextField label={labels.price} name="price" inputMode="decimal" hint={t('adminCatalog.packages.priceHint')} value={price} onChange={setPrice} />
        <TextField label={labels.tokens} name="tokens" inputMode="decimal" hint={t('adminCatalog.packages.tokensHint')} value={tokens} onChange={setTokens} />
      </div>
      <CheckField label={t('adminCatalog.packages.active')} name="isActive" checked={isActive} onChange={setActive} />
    </CatalogForm>
  );
}
