import { describe, expect, it } from 'vitest';
import { amountText, checkAmount, formatMoney, parseAmount, presetsWithin, tipLimits, topupLimits } from './money.js';

describe('wallet amounts', () => {
  it('reads amounts with a decimal point or comma, and refuses the rest', () => {
    expect(parseAmount('25')).toEqual({ ok: true, value: 25 });
    expect(parseAmount(' 25,5 ')).toEqual({ ok: true, value: 25.5 });
    expect(parseAmount('R$ 10.05')).toEqual({ ok: true, value: 10.05 });
    expect(parseAmount('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseAmount('10,555')).toEqual({ ok: false, problem: 'decimals' });
    for (const text of ['1.000,00', '-5', 'abc', '10,', '1e3']) expect(parseAmount(text), text).toEqual({ ok: false, problem: 'invalid' });
  });

  it('checks the top-up limits from the settings at both ends, in cents', () => {
    const limits = topupLimits({ minTopupWalletAmount: 2.95, maxTopupWalletAmount: 300 });
    expect(checkAmount('2,94', limits)).toEqual({ ok: false, problem: 'below-min' });
    expect(checkAmount('2,95', limits)).toEqual({ ok: true, value: 2.95 });
    expect(checkAmount('300.00', limits)).toEqual({ ok: true, value: 300 });
    expect(checkAmount('300,01', limits)).toEqual({ ok: false, problem: 'above-max' });
  });

  it('checks the tip limits, with the defaults until the settings load', () => {
    expect(tipLimits(null)).toEqual({ min: 10, max: 10000 });
    const limits = tipLimits({ minTipAmount: 10, maxTipAmount: 10000 });
    expect(checkAmount('9,99', limits)).toEqual({ ok: false, problem: 'below-min' });
    expect(checkAmount('10', limits)).toEqual({ ok: true, value: 10 });
    expect(checkAmount('10000', limits)).toEqual({ ok: true, value: 10000 });
    expect(checkAmount('10000,01', limits)).toEqual({ ok: false, problem: 'above-max' });
  });

  it('offers presets inside the limits only', () => {
    expect(presetsWithin({ min: 2.95, max: 300 })).toEqual([10, 25, 50, 100]);
    expect(presetsWithin({ min: 20, max: 60 })).toEqual([25, 50]);
    expect(presetsWithin({ min: 500, max: 900 })).toEqual([500]);
  });

  it('writes money in the fan’s language', () => {
    expect(formatMoney(1234.5, 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(formatMoney(10, 'en')).toBe('R$10.00');
    expect(amountText(25.5, 'pt-BR')).toBe('25,50');
    expect(amountText(25.5, 'en')).toBe('25.50');
    expect(amountText(10, 'es')).toBe('10');
  });

  it('writes pt-BR and en money exactly as Intl does, without asking it', () => {
    const amounts = [0, 0.1, 0.5, 1, 9.9, 10, 99.99, 100, 999.995, 1000, 1234.5, 10000, 123456.78, 1234567.89, -5, -1234.5, 0.004, 2.95, 300];
    for (const locale of ['pt-BR', 'pt', 'en', 'en-US']) {
      const intl = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' });
      for (const amount of amounts) expect(formatMoney(amount, locale), `${locale} ${amount}`).toBe(intl.format(amount));
    }
    // Other languages still ask Intl.
    expect(formatMoney(1234.5, 'es')).toBe(new Intl.NumberFormat('es', { style: 'currency', currency: 'BRL' }).format(1234.5));
  });
});
