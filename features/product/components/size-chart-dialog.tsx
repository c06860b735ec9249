'use client';

import { Modal } from '@/components/modal/modal';
import styles from './size-chart.module.css';
import type { SizeChart as Chart } from '../utils/size-charts';

/** Max width of the dialog, px: the six columns of the women's chart fit it (issue #34 item 10). */
const SIZE_CHART_WIDTH = 860;

/**
 * The size chart modal (spec §2 Popups "size chart"): the chart's table of Russian and
 * international sizes and measurements, and its note. Loaded on demand by `SizeChart` when the
 * shopper opens it (issue #7: popups load when needed).
 */
export function SizeChartDialog({ chart, onClose }: { chart: Chart; onClose: () => void }) {
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
    </Modal>
  );
}
