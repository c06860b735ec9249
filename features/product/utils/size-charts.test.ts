import { describe, expect, it } from 'vitest';
import { sizeChartFor } from './size-charts';

/**
 * Issue #34 item 10: the women's chart listed Russian sizes 40 and 42 both as XS. The usual
 * Russian ↔ international correspondence of women's clothing (half the bust girth = Russian size):
 * 40 XXS, 42 XS, 44 S, 46 M, 48 L, 50 XL, 52 XXL, 54 3XL; European = Russian − 6.
 */
describe('size charts (spec §2 Popups "size chart")', () => {
  const women = sizeChartFor('swimsuit');

  it('maps each Russian women’s size to its own international size', () => {
    expect(women).not.toBeNull();
    const pairs = women!.rows.map((row) => [row[0], row[1]]);
    expect(pairs).toEqual([
      ['40', 'XXS'],
      ['42', 'XS'],
      ['44', 'S'],
      ['46', 'M'],
      ['48', 'L'],
      ['50', 'XL'],
      ['52', 'XXL'],
      ['54', '3XL'],
    ]);
  });

  it('has the European size and a bust girth around twice the Russian size', () => {
    for (const [ru, , eu, bust] of women!.rows) {
      expect(Number(eu)).toBe(Number(ru) - 6);
      const [from, to] = bust!.split('–').map(Number);
      expect(from! + to!).toBe(Number(ru) * 4);
    }
  });

  it('never repeats an international size within a chart', () => {
    for (const type of ['swimsuit', 'men-shirt']) {
      const chart = sizeChartFor(type)!;
      const column = chart.columns.indexOf('Международный');
      const values = chart.rows.map((row) => row[column]);
      expect(new Set(values).size, type).toBe(values.length);
    }
  });

  it('gives every row a cell for every column', () => {
    for (const type of ['swimsuit', 'bra', 'shoes', 'kids-dress', 'men-shirt']) {
      const chart = sizeChartFor(type)!;
      for (const row of chart.rows) expect(row, type).toHaveLength(chart.columns.length);
    }
  });
});
