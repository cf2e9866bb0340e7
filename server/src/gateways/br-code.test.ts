import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BrCodeError, buildBrCode, crc16, parseBrCode, readFields, toBrCodeText } from './br-code.js';

/**
 * Published BR Codes, each with the CRC its source printed. Sources: the Banco Central's
 * Manual de Padrões para Iniciação do Pix (the EVP example), Stark Bank's static BR Code
 * API docs, and the READMEs of the PixPayloadGen (PyPI), pixqrcode (GitHub) and
 * rayanetenorios/pix-payload (Packagist) generators.
 */
const PUBLISHED = [
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
  '00020126360014br.gov.bcb.pix0114+554199999999952040000530398654041.005802BR5915Jamie Lannister6009Sao Paulo621005061234566304A63E',
  '00020126330014BR.GOV.BCB.PIX011197212482404520400005303986540530.005802BR5918Victor Julio Rocha6006RECIFE62110507VIPSURF630425A1',
  '00020126330014BR.GOV.BCB.PIX01111234567890052040000530398654041.005802BR5914Nome Sobrenome6015Cidade Ficticia62100506LOJA016304C8E4',
  '00020126410014br.gov.bcb.pix0119rayane@alvoz.com.br5204000053039865802BR5901N6001C62070503***63043A81',
];

describe('CRC16/CCITT-FALSE', () => {
  it('gives the catalogue check value 0x29B1 for "123456789"', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('gives 0xFFFF (the initial value) for the empty string and upper-case hex always', () => {
    expect(crc16('')).toBe('FFFF');
    expect(crc16('A')).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('published BR Codes', () => {
  it.each(PUBLISHED)('parses %s with a matching CRC', (payload) => {
    const parsed = parseBrCode(payload);
    expect(parsed.crc).toBe(payload.slice(-4));
    expect(crc16(payload.slice(0, -4))).toBe(payload.slice(-4));
    expect(parsed.gui.toLowerCase()).toBe('br.gov.bcb.pix');
    expect(parsed).toMatchObject({ mcc: '0000', currency: '986', country: 'BR' });
  });

  it('reads the fields of the Banco Central example', () => {
    expect(parseBrCode(PUBLISHED[0]!)).toMatchObject({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: '***',
      amountCents: undefined,
    });
    expect(parseBrCode(PUBLISHED[1]!)).toMatchObject({ key: '+5541999999999', amountCents: 100, txid: '123456' });
    expect(parseBrCode(PUBLISHED[2]!)).toMatchObject({ amountCents: 3000, txid: 'VIPSURF' });
  });

  it('refuses a payload whose CRC does not match (one published with a wrong CRC, one tampered)', () => {
    // Published in a provider's API docs with CRC 45C8; the CRC of its content is 02A4.
    const wrongCrc = '00020126580014br.gov.bcb.Pix0136123e4567-e12b-12d1-a456-426655440000520400005303986540510.005802BR5913TESTE ACCOUNT6008BRASILIA62070503***630445C8';
    expect(() => parseBrCode(wrongCrc)).toThrow(/CRC mismatch/);
    const tampered = PUBLISHED[1]!.replace('54041.00', '54049.00');
    expect(() => parseBrCode(tampered)).toThrow(BrCodeError);
  });

  it('refuses malformed lengths and a missing CRC', () => {
    expect(() => readFields('0002010')).toThrow(/runs past the end|Malformed/);
    expect(() => parseBrCode('000201')).toThrow(/CRC/);
  });
});

describe('buildBrCode', () => {
  const base = { key: '5f84c2a0-3b1e-4c8e-9d7a-0c6b2e1f4a93', amountCents: 1234, merchantName: 'Fandeck', merchantCity: 'São Paulo', txid: '65f0a1b2c3d4e5f6a7b8c9d0' };

  it('writes every field in order with a valid CRC, and parses back', () => {
    const payload = buildBrCode({ ...base, description: 'Recarga' });
    expect(payload.startsWith('000201010212')).toBe(true);
    expect(payload).toContain('5204000053039865405');
    expect(payload).toContain('12.345802BR5907FANDECK6009SAO PAULO');
    expect(payload).toContain('62280524' + base.txid);
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(parseBrCode(payload)).toMatchObject({
      payloadFormat: '01',
      pointOfInitiation: '12',
      key: base.key,
      description: 'RECARGA',
      amountCents: 1234,
      merchantName: 'FANDECK',
      merchantCity: 'SAO PAULO',
      txid: base.txid,
    });
  });

  it('keeps names within 25 and cities within 15 ASCII characters', () => {
    const payload = buildBrCode({ ...base, merchantName: 'Plataforma de Criadores Ação Ltda', merchantCity: 'São José dos Campos' });
    const parsed = parseBrCode(payload);
    expect(parsed.merchantName).toBe('PLATAFORMA DE CRIADORES A');
    expect(parsed.merchantName.length).toBeLessThanOrEqual(25);
    expect(parsed.merchantCity).toBe('SAO JOSE DOS CA');
    expect(/^[\x20-\x7e]+$/.test(payload)).toBe(true);
  });

  it('drops the description rather than overflow the 99-character template', () => {
    const payload = buildBrCode({ ...base, key: 'k'.repeat(70), description: 'x'.repeat(40) });
    expect(parseBrCode(payload).description).toBeUndefined();
  });

  it('refuses bad txids, keys and amounts', () => {
    expect(() => buildBrCode({ ...base, txid: 'a'.repeat(26) })).toThrow(/txid/);
    expect(() => buildBrCode({ ...base, txid: 'has space' })).toThrow(/txid/);
    expect(() => buildBrCode({ ...base, key: '' })).toThrow(/key/);
    expect(() => buildBrCode({ ...base, amountCents: 0 })).toThrow(/amount/);
    expect(() => buildBrCode({ ...base, amountCents: 1.5 })).toThrow(/amount/);
  });

  it('round-trips any amount, name, city and txid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999_99 }),
        fc.string({ minLength: 1, maxLength: 60 }).filter((s) => toBrCodeText(s, 25) !== ''),
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => toBrCodeText(s, 15) !== ''),
        fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
        (amountCents, name, city, txid) => {
          const payload = buildBrCode({ ...base, amountCents, merchantName: name, merchantCity: city, txid });
          const parsed = parseBrCode(payload);
          expect(parsed.amountCents).toBe(amountCents);
          expect(parsed.txid).toBe(txid);
          expect(parsed.merchantName.length).toBeLessThanOrEqual(25);
          expect(parsed.merchantCity.length).toBeLessThanOrEqual(15);
          expect(crc16(payload.slice(0, -4))).toBe(parsed.crc);
        },
      ),
      { numRuns: 300 },
    );
  });
});
