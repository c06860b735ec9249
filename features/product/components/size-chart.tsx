'use client';

import { Modal } from '@/components/modal/modal';
import { usePopupsStore } from '@/stores/popups-store';
import type { SizeChart as Chart } from '../utils/size-charts';
import styles from './size-chart.module.css';

/**
 * "Таблица размеров" (spec §2 Popups "size chart"; Layout: Escape closes it): a link-styled button
 * on the product page opening a modal with Russian and international sizes and measurements.
 * Open state lives in the popups store under 'sizeChart', so a route change closes it.
 */
export function SizeChart({ chart }: { chart: Chart }) {
  const open = usePopupsStore((s) => s.open.has('sizeChart'));
  const openPopup = usePopupsStore((s) => s.openPopup);
  const closePopup = usePopupsStore((s) => s.closePopup);
  return (
    <>
      <button type="button" className={styles.trigger} onClick={() => openPopup('sizeChart')} aria-haspopup="dialog">
        Таблица размеров
      </button>
      <Modal open={open} onClose={() => closePopup('sizeChart')} title="Таблица размеров" width={720}>
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
    </>
  );
}
