'use client';

import { Modal } from '@/components/modal/modal';
import type { ReviewSummary } from '@/lib/api/contract/reviews';
import { sizeFitLine } from '../utils/review-fit';
import styles from './size-chart.module.css';
import type { SizeChart as Chart } from '../utils/size-charts';

/** Max width of the dialog, px: the six columns of the women's chart fit it (issue #34 item 10). */
const SIZE_CHART_WIDTH = 860;

/**
 * The size chart modal (spec §2 Popups "size chart"): the chart's table of Russian and
 * international sizes and measurements, and its note. Loaded on demand by `SizeChart` when the
 * shopper opens it (issue #7: popups load when needed). Issue #33 item 5: below the table, how the
 * product's reviewers found the sizes they bought («48 — в размер у 9 из 11»), when there are any.
 */
export function SizeChartDialog({
  chart,
  fit = [],
  onClose,
}: {
  chart: Chart;
  fit?: ReviewSummary['sizes'];
  onClose: () => void;
}) {
  const fitLines = fit.flatMap((s) => {
    const line = sizeFitLine(s.size, s.fit);
    return line ? [{ size: s.size, line }] : [];
  });
  return (
    <Modal open onClose={onClose} title="Таблица размеров" width={SIZE_CHART_WIDTH}>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <caption className={styles.caption}>{chart.title}</caption>
          <thead>
            <tr>
              {chart.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.rows.map((row) => (
              <tr key={row.join('|')}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={index}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.note}>{chart.note}</p>
      {fitLines.length > 0 ? (
        <section className={styles.fit} aria-labelledby="size-chart-fit">
          <h3 id="size-chart-fit" className={styles.fitTitle}>
            Как сидит этот товар по отзывам
          </h3>
          <ul className={styles.fitList} data-testid="size-fit">
            {fitLines.map((f) => (
              <li key={f.size}>{f.line}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </Modal>
  );
}
