import { describe, expect, it } from 'vitest';
import { isValidUsername, normalizeUsername, USERNAME_MAX, USERNAME_MIN } from './usernames.js';

describe('the username rule', () => {
  it('takes 3 to 30 lowercase letters and digits, comparing without case', () => {
    for (const ok of ['ana', 'analima', 'fan1', '123', 'a'.repeat(USERNAME_MAX), 'AnaLima', ' bia2 ']) expect(isValidUsername(ok), ok).toBe(true);
    for (const bad of ['ab', 'a'.repeat(USERNAME_MAX + 1), 'ana.lima', 'ana_lima', 'ana-lima', 'ana lima', 'anã', '']) expect(isValidUsername(bad), bad).toBe(false);
    expect(USERNAME_MIN).toBe(3);
    expect(normalizeUsername(' AnaLima ')).toBe('analima');
  });
});
