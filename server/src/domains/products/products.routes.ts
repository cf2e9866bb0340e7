import { audienceOf } from '../../content/blocks.js';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { paths } from '@fandeck/contract';
import type { AppContext } from '../../context.js';
import { products } from './products.tables.js';
import { envelopeSchema, list, listSchema, ok } from '../../http/envelope.js';
import { forbidden, notFound } from '../../http/errors.js';
import { currentUser, type AuthUser } from '../../http/guard.js';
import { signMediaPath } from '../../media/signed-links.js';
import { parseFields } from '../videos/index.js';
import { defineDomain, type DomainDeps } from '../plugin.js';
import type { ApiScope } from '../types.js';
import { ordersRoutes } from './orders.routes.js';
import { DIGITAL_FILE_FIELD, DOWNLOAD_NAME, IMAGE_FIELD, readProductForm, removeProductFiles, storeDigitalFile, storeProductImage } from './product-files.js';
import { productHandler } from './product-handler.js';
import { boughtProductIds, presentProducts, productSchema } from './products.presenter.js';
import { idParams, productInputSchema, productListQuerySchema, productUpdateSchema } from './products.schemas.js';
import { createProduct, deleteProduct, findProduct, NO_SUCH_PRODUCT, ownProduct, searchProducts, updateProduct, type ProductFiles, type ProductWithCreator } from './products.service.js';

const TAGS = ['products'];
const FORM_FIELDS =
  '`name`, `description`, `price` (decimal units, at least 1.00), `stock` (whole number), `type` (`physical`, `digital`; fixed once created), `status` (`active`, `inactive`)';
const FORM_FILES = `\`${IMAGE_FIELD}\` (JPEG, PNG, WebP or GIF: the shop picture, public) and, for a digital product, \`${DIGITAL_FILE_FIELD}\` (PDF, ZIP, picture, audio or video: served to buyers only)`;

/**
 * Products a creator sells from the wallet (charge kind `product`), physical or digital, and
 * the orders each purchase makes (orders.routes.ts).
 */
async function productsRoutes(api: ApiScope, ctx: AppContext, deps: DomainDeps) {
  const wallet = deps.get('wallet');
  wallet.registerChargeHandler(productHandler);
  const one = { 200: envelopeSchema(productSchema) };
  const viewerOf = (request: FastifyRequest): AuthUser | null => request.auth?.user ?? null;
  const present = async (viewer: AuthUser | null, row: ProductWithCreator) => (await presentProducts(ctx, viewer, [row]))[0]!;
  const presentOwn = async (request: FastifyRequest, id: string) => {
    await ownProduct(ctx.db, currentUser(request).id, id);
    return present(currentUser(request), await findProduct(ctx, id, currentUser(request)));
  };

  /** Reads the form and stores its files; they are deleted again when `work` refuses. */
  const withForm = async <T>(request: FastifyRequest, work: (fields: Record<string, unknown>, stored: ProductFiles) => Promise<T>): Promise<T> => {
    const creator = currentUser(request);
    const form = await readProductForm(request);
    const stored: ProductFiles = {};
    try {
      if (form.image) stored.imageFileId = await storeProductImage(ctx, creator.id, form.image);
      if (form.digitalFile) stored.digitalFileId = await storeDigitalFile(ctx, creator.id, form.digitalFile);
      return await work(form.fields, stored);
    } catch (error) {
      await removeProductFiles(ctx, [stored.imageFileId ?? null, stored.digitalFileId ?? null]);
      throw error;
    }
  };

  api.post(
    paths['products.create'],
    {
      schema: {
        tags: TAGS,
        summary: 'Create a product',
        description: `multipart: the text fields ${FORM_FIELDS}, and the files ${FORM_FILES}. Plain JSON works too (no files: a physical product without a picture). Needs a creator whose documents were approved.`,
        consumes: ['multipart/form-data', 'application/json'],
        response: one,
      },
    },
    async (request) => {
      const product = await withForm(request, (fields, stored) => createProduct(ctx, currentUser(request), parseFields(productInputSchema, fields), stored));
      return ok(await presentOwn(request, product.id));
    },
  );

  api.get(
    paths['products.mine'],
    { schema: { tags: TAGS, summary: 'The signed-in creator’s products, inactive ones included', querystring: productListQuerySchema, response: { 200: listSchema(productSchema) } } },
    async (request) => {
      const page = await searchProducts(ctx, { mine: currentUser(request).id }, request.query);
      return list(await presentProducts(ctx, currentUser(request), page.items), page.total);
    },
  );

  api.put(
    paths['products.update'],
    {
      schema: {
        tags: TAGS,
        summary: 'Edit a product',
        description: `multipart or JSON: any of ${FORM_FIELDS} except \`type\`; a new ${IMAGE_FIELD} or ${DIGITAL_FILE_FIELD} replaces the old one.`,
        consumes: ['multipart/form-data', 'application/json'],
        params: idParams,
        response: one,
      },
    },
    async (request) => {
      const { replaced } = await withForm(request, (fields, stored) => updateProduct(ctx, currentUser(request), request.params.id, parseFields(productUpdateSchema, fields), stored));
      await removeProductFiles(ctx, replaced);
      return ok(await presentOwn(request, request.params.id));
    },
  );

  api.get(
    paths['products.mineGet'],
    { schema: { tags: TAGS, summary: 'One of the signed-in creator’s products', params: idParams, response: one } },
    async (request) => ok(await presentOwn(request, request.params.id)),
  );

  api.delete(
    paths['products.delete'],
    {
      schema: { tags: TAGS, summary: 'Delete a product (its orders stay)', params: idParams, response: { 200: envelopeSchema(z.object({ success: z.literal(true) })) } },
    },
    async (request) => {
      await removeProductFiles(ctx, await deleteProduct(ctx, currentUser(request), request.params.id));
      return ok({ success: true as const });
    },
  );

  api.get(
    paths['products.search'],
    {
      schema: {
        tags: TAGS,
        summary: 'Products for sale (of one creator with `performerId`)',
        description: '`isBought` tells a signed-in fan what they bought.',
        querystring: productListQuerySchema.omit({ status: true }),
        response: { 200: listSchema(productSchema) },
      },
    },
    async (request) => {
      const page = await searchProducts(ctx, { fans: true, audience: audienceOf(request) }, request.query);
      return list(await presentProducts(ctx, viewerOf(request), page.items), page.total);
    },
  );

  api.get(
    paths['products.get'],
    { schema: { tags: TAGS, summary: 'One product for sale', params: idParams, response: one } },
    async (request) => ok(await present(viewerOf(request), await findProduct(ctx, request.params.id, viewerOf(request), audienceOf(request)))),
  );

  api.get(
    paths['products.downloadLink'],
    {
      schema: {
        tags: TAGS,
        summary: 'The download link of a digital product, for its buyers',
        description:
          'A path signed for the signed-in buyer that works for a few minutes and only with their own session (the `Authorization` header or cookie): it carries no credential. Its creator gets one too; anyone else 403 `products.not_bought`.',
        params: idParams,
        response: { 200: envelopeSchema(z.object({ downloadLink: z.string() })) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // A past buyer keeps their file even once the product is no longer for sale (inactive).
      const [product] = await ctx.db.select().from(products).where(eq(products.id, request.params.id)).limit(1);
      if (!product) throw notFound('products.not_found', NO_SUCH_PRODUCT);
      if (product.type !== 'digital' || !product.digitalFileId) throw notFound('products.not_found', 'This product has no file to download');
      const own = product.performerId === user.id;
      if (!own && !(await boughtProductIds(ctx.db, user.id, [product.id])).has(product.id)) {
        throw forbidden('products.not_bought', 'Only buyers of this product can download it');
      }
      return ok({ downloadLink: `${ctx.config.publicOrigin}${signMediaPath(ctx.config.mediaUrlSecret, product.digitalFileId, DOWNLOAD_NAME, user.id)}` });
    },
  );

  ordersRoutes(api, ctx, wallet);
}

export default defineDomain({ name: 'products', dependsOn: ['accounts', 'auth', 'wallet', 'media'], register: productsRoutes });
