import { describe, expect, it } from 'vitest';
import {
  AGE_OPTIONS,
  BODY_ATTRIBUTE_VALUES,
  bodyAttributeSchema,
  HEIGHT_OPTIONS,
  isBodyAttributeValue,
  userAdditional,
  WEIGHT_OPTIONS,
} from './user-additional.js';

const values = (options: ReadonlyArray<{ value: string }>) => options.map((o) => o.value);

describe('body attribute bands', () => {
  it('height: under 140, 17 bands 140-142 to 188-190, over 190', () => {
    const v = values(HEIGHT_OPTIONS);
    expect(v).toHaveLength(19);
    expect(v[0]).toBe('under_140');
    expect(v[1]).toBe('140_142');
    expect(v[2]).toBe('143_145');
    expect(v[17]).toBe('188_190');
    expect(v[18]).toBe('over_190');
    expect(HEIGHT_OPTIONS[1]?.label).toBe('140-142 cm');
    expect(HEIGHT_OPTIONS[18]?.label).toBe('Over 190 cm');
  });

  it('weight: under 40, 20 bands 40-42 to 97-99, 100 and more', () => {
    const v = values(WEIGHT_OPTIONS);
    expect(v).toHaveLength(22);
    expect(v[0]).toBe('under_40');
    expect(v[1]).toBe('40_42');
    expect(v[20]).toBe('97_99');
    expect(v[21]).toBe('over_100');
    expect(WEIGHT_OPTIONS[21]?.label).toBe('100 kg or more');
  });

  it('age: 18_19, 3-year bands 20_22 to 47_49, over_50', () => {
    expect(values(AGE_OPTIONS)).toEqual([
      '18_19', '20_22', '23_25', '26_28', '29_31', '32_34', '35_37', '38_40', '41_43', '44_46', '47_49', 'over_50',
    ]);
  });

  it('bands do not overlap and leave no gap', () => {
    for (const options of [HEIGHT_OPTIONS, WEIGHT_OPTIONS, AGE_OPTIONS]) {
      const ranges = values(options)
        .filter((v) => /^\d+_\d+$/.test(v))
        .map((v) => v.split('_').map(Number) as [number, number]);
      for (let i = 1; i < ranges.length; i += 1) expect(ranges[i]?.[0]).toBe((ranges[i - 1]?.[1] ?? 0) + 1);
    }
  });
});

describe('word lists', () => {
  it('hold the spec values', () => {
    expect(BODY_ATTRIBUTE_VALUES.bodyType).toHaveLength(12);
    expect(BODY_ATTRIBUTE_VALUES.ethnicity).toHaveLength(7);
    expect(BODY_ATTRIBUTE_VALUES.size).toEqual(['x-large', 'large', 'medium', 'small']);
    expect(BODY_ATTRIBUTE_VALUES.hair).toHaveLength(12);
    expect(BODY_ATTRIBUTE_VALUES.eyes).toEqual(['blue', 'brown', 'green', 'amber', 'gray', 'hazel', 'red']);
    expect(BODY_ATTRIBUTE_VALUES.gender).toEqual(['male', 'female', 'trans']);
    expect(BODY_ATTRIBUTE_VALUES.sexualOrientation).toEqual(['straight', 'lesbian', 'gay', 'bisexual', 'transgender']);
  });

  it('give labels and validation helpers', () => {
    const payload = userAdditional();
    expect(payload.ethnicities.find((o) => o.value === 'black_or_african_american')?.label).toBe('Black or African American');
    expect(payload.hairs.find((o) => o.value === 'multiColored')?.label).toBe('Multicolored');
    expect(payload.heights).toHaveLength(19);
    expect(isBodyAttributeValue('height', '140_142')).toBe(true);
    expect(isBodyAttributeValue('height', '141_143')).toBe(false);
    expect(isBodyAttributeValue('gender', 7)).toBe(false);
    expect(bodyAttributeSchema('eyes').safeParse('hazel').success).toBe(true);
    expect(bodyAttributeSchema('eyes').safeParse('purple').success).toBe(false);
  });
});
