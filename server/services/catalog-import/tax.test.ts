/** Issue #29: VAT rates and marking as 1C and YML feeds write them (tax.ts). */
import { describe, expect, it } from 'vitest';
import { isMarkedValue, isMarkingProperty, markingCategoryTest, parseVatRate, parseYmlVat } from './tax';

describe('parseVatRate (1C, people)', () => {
  it.each([
    ['22', { rate: '22' }],
    ['22%', { rate: '22' }],
    ['НДС 10%', { rate: '10' }],
    ['10/110', { rate: '10' }],
    ['0', { rate: '0' }],
    ['5', { rate: '5' }],
    ['7 %', { rate: '7' }],
    ['Без НДС', { rate: 'none' }],
    ['Без налога', { rate: 'none' }],
    ['НДС не облагается', { rate: 'none' }],
    ['20', { rate: '22', outdated: true }],
    ['20/120', { rate: '22', outdated: true }],
    ['18', { rate: null, unknown: '18' }],
    ['10/120', { rate: null, unknown: '10/120' }],
    ['по умолчанию', { rate: null, unknown: 'по умолчанию' }],
  ])('%s', (raw, expected) => expect(parseVatRate(raw)).toEqual(expected));

  it('an empty value is no reading', () => expect(parseVatRate('  ')).toBeUndefined());
});

describe('parseYmlVat (Yandex <vat>)', () => {
  it.each([
    ['NO_VAT', { rate: 'none' }],
    ['VAT_0', { rate: '0' }],
    ['VAT_05', { rate: '5' }],
    ['VAT_07', { rate: '7' }],
    ['vat_10', { rate: '10' }],
    ['VAT_10_110', { rate: '10' }],
    ['VAT_20', { rate: '22', outdated: true }],
    ['VAT_22', { rate: '22' }],
    ['6', { rate: 'none' }],
    ['2', { rate: '10' }],
    ['7', { rate: '22', outdated: true }],
    ['1', { rate: null, unknown: '1' }],
    ['20', { rate: null, unknown: '20' }],
    ['VAT_18', { rate: null, unknown: 'VAT_18' }],
  ])('%s', (raw, expected) => expect(parseYmlVat(raw)).toEqual(expected));
});

describe('marking', () => {
  it('knows the property names', () => {
    for (const name of ['Маркировка', 'Обязательная маркировка', 'ВидМаркировки', 'ОсобенностьУчета', 'Честный знак'])
      expect(isMarkingProperty(name), name).toBe(true);
    for (const name of ['Материал', 'Размер', 'Вид номенклатуры']) expect(isMarkingProperty(name), name).toBe(false);
  });

  it('reads the values', () => {
    for (const v of ['да', 'true', 'Обязательная', 'Обувь', 'Легпром', 'Обувная продукция'])
      expect(isMarkedValue(v), v).toBe(true);
    for (const v of [
      '',
      'нет',
      'false',
      '0',
      'Не подлежит',
      'Без маркировки',
      'Без особенностей учета',
      'Нет маркировки',
    ])
      expect(isMarkedValue(v), v).toBe(false);
  });

  it('IMPORT_MARKING_CATEGORIES matches a category and everything below it', () => {
    const marked = markingCategoryTest('obuv, zhenskaya-odezhda/verkhnyaya-odezhda/');
    expect(marked('obuv')).toBe(true);
    expect(marked('obuv/botinki')).toBe(true);
    expect(marked('zhenskaya-odezhda/verkhnyaya-odezhda/palto')).toBe(true);
    expect(marked('obuvnye-aksessuary')).toBe(false);
    expect(marked('zhenskaya-odezhda/platya')).toBe(false);
    expect(markingCategoryTest('')('obuv')).toBe(false);
  });
});
