import { beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/index.js';
import { changesSavedText, failureText, loginFailureText, toastText, unauthorizedText, updateFailureText } from './error-catalogue.js';

beforeEach(async () => {
  await setLocale('pt-BR');
});

describe('error catalogue (spec section 8)', () => {
  it('generic toast: the message, else the nested message, else the fallback', () => {
    expect(toastText({ statusCode: 422, message: 'Bid too low', error: 'Unprocessable Entity' })).toBe('Bid too low');
    expect(toastText({ message: { message: 'Nested reason' } })).toBe('Nested reason');
    expect(toastText({ response: { data: { message: 'From the response' } } })).toBe('From the response');
    expect(toastText({ body: { message: 'From the body' } })).toBe('From the body');
    expect(toastText(new Error('Thrown reason'))).toBe('Thrown reason');
    expect(toastText('Plain text')).toBe('Plain text');
    expect(toastText({ message: ['username: must be 3 characters or more'] })).toBe('username: must be 3 characters or more');
    expect(toastText({ message: '  ' })).toBe('Algo deu errado, tente novamente mais tarde');
    expect(toastText(undefined)).toBe('Algo deu errado, tente novamente mais tarde');
  });

  it('translates the English messages the catalogue knows', () => {
    expect(toastText({ message: 'Something went wrong, please try again later' })).toBe('Algo deu errado, tente novamente mais tarde');
    expect(loginFailureText({ message: 'Incorrect credentials!' })).toBe('Credenciais incorretas!');
  });

  it('login failure: the server message, else Incorrect credentials!', () => {
    expect(loginFailureText({ statusCode: 429, message: 'Too many attempts, try again in 60 seconds' })).toBe(
      'Too many attempts, try again in 60 seconds',
    );
    expect(loginFailureText({})).toBe('Credenciais incorretas!');
    expect(loginFailureText(undefined)).toBe('Credenciais incorretas!');
  });

  it('update failure: the server message, else Error occurred…; success: Changes saved', () => {
    expect(updateFailureText({ message: 'body.username: already taken' })).toBe('body.username: already taken');
    expect(updateFailureText(undefined)).toBe('Ocorreu um erro, tente novamente mais tarde');
    expect(changesSavedText()).toBe('Alterações salvas');
  });

  it('401 and 403 are always the unauthorized text, whatever the body says', () => {
    expect(failureText(401, { message: 'Missing token' })).toBe('Ação não autorizada ou proibida!');
    expect(failureText(403, undefined)).toBe('Ação não autorizada ou proibida!');
    expect(failureText(500, undefined)).toBe('Algo deu errado, tente novamente mais tarde');
    expect(failureText(0, undefined)).toBe('Algo deu errado, tente novamente mais tarde');
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
