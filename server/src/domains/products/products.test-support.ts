import sharp from 'sharp';
import { expect } from 'vitest';
import { createUser, multipartForm, signIn, type TestApp } from '../../../test/helpers.js';
import { freshKey } from '../wallet/wallet-test-kit.js';

/** Shared by the products tests (not a test file itself). */

export type Product = {
  _id: string;
  name: string;
  type: 'physical' | 'digital';
  status: string;
  price: number;
  stock: number;
  image: string | null;
  isBought: boolean;
  hasDigitalFile: boolean;
  digitalFileId: string | null;
  performer: { _id: string };
};

export const png = () => sharp({ create: { width: 320, height: 240, channels: 3, background: '#357' } }).png().toBuffer();
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export function productsClient(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}), headers: { ...headers, ...(token ? { authorization: token } : {}) } });

  const creator = async (values: { verifiedDocument?: boolean } = {}) => {
    const user = await createUser(t.ctx, { role: 'performer', ...values });
    return { user, token: await signIn(t.app, user.email) };
  };
  const fan = async (balanceCents = 0) => {
    const user = await createUser(t.ctx, { balanceCents });
    return { user, token: await signIn(t.app, user.email) };
  };

  /** POST …/products as multipart: text fields, the picture as `image`, a digital file as `digitalFile`. */
  const createForm = async (token: string, fields: Record<string, string>, files: { image?: Buffer; digitalFile?: Buffer } = {}) => {
    const form = multipartForm([
      ...Object.entries(fields).map(([name, data]) => ({ name, data })),
      ...(files.image ? [{ name: 'image', filename: 'shirt.png', contentType: 'image/png', data: files.image }] : []),
      ...(files.digitalFile ? [{ name: 'digitalFile', filename: 'ebook.pdf', contentType: 'application/pdf', data: files.digitalFile }] : []),
    ]);
    return t.app.inject({ method: 'POST', url: '/api/performer/performer-assets/products', payload: form.payload, headers: { ...form.headers, authorization: token } });
  };

  const physical = async (token: string, fields: Record<string, string> = {}): Promise<Product> => {
    const res = await createForm(token, { name: 'Camiseta', description: 'Algodão', price: '25.00', stock: '3', type: 'physical', status: 'active', ...fields }, { image: await png() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Product;
  };
  const digital = async (token: string, fields: Record<string, string> = {}): Promise<Product> => {
    const res = await createForm(token, { name: 'E-book', price: '9.90', type: 'digital', ...fields }, { image: await png(), digitalFile: PDF });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Product;
  };

  /** POST /wallet/charges/product/{id}; `key` null sends none (an existing client). */
  const buy = (token: string, productId: string, body: Record<string, unknown> = {}, key: string | null = freshKey('product')) =>
    t.app.inject({
      method: 'POST',
      url: `/api/wallet/charges/product/${productId}`,
      payload: body,
      headers: { authorization: token, ...(key !== null ? { 'idempotency-key': key } : {}) },
    });

  const fetchLink = (url: string, token: string | null) => {
    const link = new URL(url);
    return t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: token ? { authorization: token } : {} });
  };

  return { call, creator, fan, createForm, physical, digital, buy, fetchLink };
}

export const ADDRESS = { name: 'Ana Souza', streetAddress: 'Rua das Flores', streetNumber: '12', city: 'São Paulo', state: 'SP', country: 'BR', zipCode: '01000-000' };
