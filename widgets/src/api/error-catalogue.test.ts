import { ERROR_CODES } from '@fandeck/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, loadNamespaces, setLocale, supportedLocales } from '../i18n/index.js';
import {
  changesSavedText,
  failureCode,
  failureText,
  failureTextOf,
  loadFailureTexts,
  loginFailureText,
  toastText,
  unauthorizedText,
  updateFailureText,
} from './error-catalogue.js';

beforeEach(async () => {
  await setLocale('pt-BR');
  await loadFailureTexts();
});

describe('error catalogue (spec section 8), by error code', () => {
  it.each(supportedLocales)('has a text of its own for every contract error code in %s', async (locale) => {
    await loadNamespaces(['errors'], locale);
    const t = i18n.getFixedT(locale);
    const texts = new Set<string>();
    for (const code of ERROR_CODES) {
      const text = t(`errors.${code}`);
      expect(text.trim().length, `${locale} ${code}`).toBeGreaterThan(0);
      expect(text, `${locale} ${code}`).not.toBe(`errors.${code}`);
      texts.add(text);
    }
    // Codes may share a wording (two "not found"s), but not most of them.
    expect(texts.size).toBeGreaterThan(ERROR_CODES.length * 0.8);
  });

  it('takes the code from the body, else from the status alone', () => {
    expect(failureCode(422, { code: 'wallet.insufficient_balance', message: 'whatever' })).toBe('wallet.insufficient_balance');
    expect(failureCode(0, undefined)).toBe('network.unreachable');
    expect(failureCode(-1, undefined)).toBe('request.cancelled');
    expect(failureCode(401, {})).toBe('auth.sign_in_required');
    expect(failureCode(403, { code: 'auth.role_forbidden' })).toBe('auth.role_forbidden');
    // A code is read by its shape (clients do not carry the list); one this client has no text for is shown by status.
    expect(failureCode(422, { code: 'not.a_code', message: 'Insufficient balance' })).toBe('not.a_code');
    expect(failureTextOf({ code: 'not.a_code' as never, status: 422 })).toBe('Ocorreu um erro, tente novamente mais tarde');
    expect(failureCode(422, { code: 'Not A Code!', message: 'Insufficient balance' })).toBeNull();
    expect(failureCode(500, 'Internal error')).toBeNull();
  });

  it('never shows the message a body or an error carries', () => {
    expect(toastText({ statusCode: 422, message: 'Bid too low', error: 'Unprocessable Entity' })).toBe('Algo deu errado, tente novamente mais tarde');
    expect(toastText(new Error('Thrown reason'))).toBe('Algo deu errado, tente novamente mais tarde');
    expect(toastText('Plain text')).toBe('Algo deu errado, tente novamente mais tarde');
    expect(toastText({ code: 'coupons.expired', message: 'Coupon expired' })).toBe('Este cupom expirou.');
    expect(failureText(422, { message: 'You have an insufficient wallet balance. Please top up.' })).toBe('Ocorreu um erro, tente novamente mais tarde');
  });

  it('login failure: the text of its code, else incorrect credentials', () => {
    expect(loginFailureText({ statusCode: 429, code: 'auth.too_many_attempts', message: 'Too many attempts' })).toBe(
      'Muitas tentativas de entrada. Tente novamente mais tarde.',
    );
    expect(loginFailureText({ code: 'auth.incorrect_credentials' })).toBe('Credenciais incorretas!');
    expect(loginFailureText({ message: 'Incorrect credentials!' })).toBe('Credenciais incorretas!');
    expect(loginFailureText(undefined)).toBe('Credenciais incorretas!');
  });

  it('update failure: the text of its code (a validation error names the field), else the generic one; success: Changes saved', () => {
    expect(updateFailureText({ code: 'auth.username_taken', message: 'body.username: already taken' })).toBe('Este nome de usuário já está em uso.');
    expect(updateFailureText({ code: 'request.invalid', fields: ['body.username'] })).toBe('Confira o campo “username”.');
    expect(updateFailureText(undefined)).toBe('Ocorreu um erro, tente novamente mais tarde');
    expect(changesSavedText()).toBe('Alterações salvas');
  });

  it('without a code, the status chooses a generic text', () => {
    expect(failureText(500, undefined)).toBe('Algo deu errado, tente novamente mais tarde');
    expect(failureText(404, undefined)).toBe('Página ou recurso não encontrado.');
    expect(failureText(429, undefined)).toBe('Muitas solicitações. Aguarde um pouco e tente novamente.');
    expect(failureText(409, undefined)).toBe('Ocorreu um erro, tente novamente mais tarde');
  });

  it('speaks in the language of the t it is given (an element with its own locale)', async () => {
    await loadNamespaces(['errors'], 'es');
    expect(failureTextOf({ code: 'payment.declined', status: 402 }, i18n.getFixedT('es'))).toBe('El pago fue rechazado.');
    expect(failureTextOf({ code: 'payment.declined', status: 402 })).toBe('O pagamento foi recusado.');
  });

  it.each([
    ['en', 'Unauthorized or forbidden action!', 'Incorrect credentials!', 'Changes saved', 'Error occurred, please try again later', 'Something went wrong, please try again later'],
    ['es', '¡Acción no autorizada o prohibida!', '¡Credenciales incorrectas!', 'Cambios guardados', 'Ocurrió un error, inténtalo de nuevo más tarde', 'Algo salió mal, inténtalo de nuevo más tarde'],
  ])('speaks %s too', async (locale, unauthorized, credentials, saved, generic, somethingWrong) => {
    await setLocale(locale);
    expect(unauthorizedText()).toBe(unauthorized);
    expect(loginFailureText(undefined)).toBe(credentials);
    expect(changesSavedText()).toBe(saved);
    expect(updateFailureText(undefined)).toBe(generic);
    expect(toastText(null)).toBe(somethingWrong);
  });
});
