import { computed, createModel, effect, signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import { defineFeature } from './feature.js';
import { createSession } from './session.js';
import { createFakeTransport } from './testing/fake-transport.js';

describe('lazy feature models', () => {
  it('creates a model on first use, one per session, and disposes its effects with the session', () => {
    let created = 0;
    let runs = 0;
    const source = signal(1);
    const Counter = createModel(() => {
      created += 1;
      const doubled = computed(() => source.value * 2);
      effect(() => {
        void doubled.value;
        runs += 1;
      });
      return { doubled };
    });
    const counter = defineFeature('counter-test', () => new Counter());
    const one = createSession({ transport: createFakeTransport(), lazy: true });
    const two = createSession({ transport: createFakeTransport(), lazy: true });
    expect(created).toBe(0);
    const model = one.use(counter);
    expect(one.use(counter)).toBe(model);
    expect(two.use(counter)).not.toBe(model);
    expect(created).toBe(2);
    source.value = 2;
    expect(runs).toBe(4);
    one.dispose();
    two.dispose();
    source.value = 3;
    expect(runs).toBe(4);
    expect(() => one.use(counter)).toThrow(/disposed/);
  });
});
